import { type Database, eq, type Queryable, sandboxRazorpayPaymentLinks, type Transaction } from '@kapaas/db';
import { z } from 'zod';
import { hmacHex } from '../../modules/razorpay/razorpay.client';
import { SANDBOX_ACCOUNT_ID } from './sandbox.constants';
import * as repo from './sandbox.repository';
import { badRequest, type LinkHooks, newId, orderEntity, paymentEntity } from './sandbox.service';

/*
 * Razorpay Payment Links, emulated (issue 34): `POST /v1/payment_links` makes a link and its own Razorpay order, which
 * the link's hosted page pays through the checkout dialog; `GET /v1/payment_links/:id` answers it (its `order_id` and
 * `payments` once paid) and `POST /v1/payment_links/:id/cancel` cancels it. A captured payment on a link's order marks
 * the link paid and sends `payment_link.paid` (payment_link, order, payment), signed like every other webhook.
 */

export type SandboxPaymentLinkRow = typeof sandboxRazorpayPaymentLinks.$inferSelect;

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const notesOut = (notes: Record<string, string>) => (Object.keys(notes).length === 0 ? [] : notes);
/** Razorpay wants a link to live at least 15 minutes. */
const MIN_LIFE_SECONDS = 15 * 60;

const Text = z.string().max(2048);
const CreateLinkBody = z.strictObject({
  amount: z.number({ error: 'The amount field is required.' }).int().min(100, 'The amount must be at least INR 1.00'),
  currency: z.literal('INR', { error: 'Currency is not supported' }),
  accept_partial: z.literal(false, { error: 'Partial payments are not enabled in the sandbox' }).optional(),
  first_min_partial_amount: z.number().int().optional(),
  description: Text.optional(),
  reference_id: z.string().max(40, 'The reference id may not be greater than 40 characters.').optional(),
  customer: z.strictObject({ name: Text.optional(), email: Text.optional(), contact: Text.optional() }).optional(),
  notify: z.strictObject({ sms: z.boolean().optional(), email: z.boolean().optional() }).optional(),
  reminder_enable: z.boolean().optional(),
  notes: z.record(z.string().max(256), z.string().max(256)).optional(),
  callback_url: z.url().optional(),
  callback_method: z.literal('get').optional(),
  expire_by: z.number().int().optional(),
});

/** Whether the link can no longer be paid because its time ran out (Razorpay expires it by itself). */
export function expired(link: SandboxPaymentLinkRow, now = new Date()): boolean {
  return link.status === 'created' && link.expireBy !== null && link.expireBy <= unix(now);
}

/** The link as Razorpay answers it: `order_id` and `payments` appear once it is paid. */
export function paymentLinkEntity(link: SandboxPaymentLinkRow, origin: string, payment?: repo.SandboxPaymentRow) {
  const status = expired(link) ? 'expired' : link.status;
  const paid = link.status === 'paid';
  return {
    id: link.id,
    accept_partial: false,
    amount: link.amountPaise,
    amount_paid: paid ? link.amountPaise : 0,
    callback_method: link.callbackMethod ?? '',
    callback_url: link.callbackUrl ?? '',
    cancelled_at: link.cancelledAt ? unix(link.cancelledAt) : 0,
    created_at: unix(link.createdAt),
    currency: link.currency,
    customer: link.customer,
    description: link.description ?? '',
    expire_by: link.expireBy ?? 0,
    expired_at: status === 'expired' ? (link.expireBy ?? 0) : 0,
    first_min_partial_amount: 0,
    notes: notesOut(link.notes),
    notify: { email: false, sms: false },
    order_id: paid ? link.orderId : null,
    payments:
      paid && payment
        ? [
            {
              amount: payment.amountPaise,
              created_at: unix(payment.createdAt),
              method: payment.method,
              payment_id: payment.id,
              plink_id: link.id,
              status: payment.status,
              updated_at: unix(payment.createdAt),
            },
          ]
        : null,
    reference_id: link.referenceId ?? '',
    reminder_enable: false,
    reminders: [],
    short_url: `${origin}/sandbox/razorpay/l/${link.id}`,
    status,
    updated_at: unix(link.createdAt),
    upi_link: false,
    user_id: '',
  };
}

function parseLink(input: unknown) {
  const parsed = CreateLinkBody.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw badRequest(issue?.message ?? 'Invalid request', {
    ...(issue?.path.length ? { field: issue.path.join('.') } : {}),
    reason: 'input_validation_failed',
  });
}

/** POST /v1/payment_links: the link and the Razorpay order its page pays. A reference id is used once. */
export async function createPaymentLink(db: Database, input: unknown, origin: string) {
  const body = parseLink(input);
  if (body.expire_by !== undefined && body.expire_by < unix(new Date()) + MIN_LIFE_SECONDS) {
    throw badRequest('expire_by should be at least 15 minutes after current time', {
      field: 'expire_by',
      reason: 'input_validation_failed',
    });
  }
  const link = await db.transaction(async (tx: Transaction) => {
    if (body.reference_id !== undefined && (await findLinkByReference(tx, body.reference_id))) {
      throw badRequest(`Payment Link with reference id ${body.reference_id} already exists`, {
        field: 'reference_id',
        reason: 'input_validation_failed',
      });
    }
    const order = await repo.insertOrder(tx, {
      id: newId('order_'),
      amountPaise: body.amount,
      currency: body.currency,
      receipt: null,
      notes: body.notes ?? {},
    });
    const [row] = await tx
      .insert(sandboxRazorpayPaymentLinks)
      .values({
        id: `plink_${newId('').slice(0, 14)}`,
        orderId: (order as repo.SandboxOrderRow).id,
        amountPaise: body.amount,
        currency: body.currency,
        description: body.description ?? null,
        referenceId: body.reference_id ?? null,
        customer: body.customer ?? {},
        notes: body.notes ?? {},
        callbackUrl: body.callback_url ?? null,
        callbackMethod: body.callback_method ?? null,
        expireBy: body.expire_by ?? null,
      })
      .returning();
    return row as SandboxPaymentLinkRow;
  });
  return paymentLinkEntity(link, origin);
}

async function findLinkByReference(db: Queryable, referenceId: string) {
  const [row] = await db
    .select()
    .from(sandboxRazorpayPaymentLinks)
    .where(eq(sandboxRazorpayPaymentLinks.referenceId, referenceId));
  return row;
}

export async function findLink(db: Queryable, id: string, lock = false) {
  const query = db.select().from(sandboxRazorpayPaymentLinks).where(eq(sandboxRazorpayPaymentLinks.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findLinkOfOrder(db: Queryable, orderId: string) {
  const [row] = await db
    .select()
    .from(sandboxRazorpayPaymentLinks)
    .where(eq(sandboxRazorpayPaymentLinks.orderId, orderId))
    .for('update');
  return row;
}

const linkNotFound = () => badRequest('The id provided does not exist', { reason: 'input_validation_failed' });

/** GET /v1/payment_links/:id. */
export async function fetchPaymentLink(db: Database, id: string, origin: string) {
  const link = await findLink(db, id);
  if (!link) throw linkNotFound();
  const payment = link.paymentId ? await repo.findPayment(db, link.paymentId) : undefined;
  return paymentLinkEntity(link, origin, payment);
}

/** POST /v1/payment_links/:id/cancel: only a link not yet paid, cancelled or expired. */
export async function cancelPaymentLink(db: Database, id: string, origin: string) {
  const link = await db.transaction(async (tx: Transaction) => {
    const found = await findLink(tx, id, true);
    if (!found) throw linkNotFound();
    if (found.status !== 'created' || expired(found)) {
      throw badRequest(
        `Payment Link cannot be cancelled as it is already ${expired(found) ? 'expired' : found.status}`,
      );
    }
    const [row] = await tx
      .update(sandboxRazorpayPaymentLinks)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(eq(sandboxRazorpayPaymentLinks.id, id))
      .returning();
    return row as SandboxPaymentLinkRow;
  });
  return paymentLinkEntity(link, origin);
}

/** Refuses a payment on a link's order once the link is paid, cancelled or expired, as its page would. */
export async function checkLinkPayable(tx: Queryable, orderId: string): Promise<boolean> {
  const link = await findLinkOfOrder(tx, orderId);
  if (!link) return false;
  if (link.status !== 'created' || expired(link)) {
    throw badRequest(`This payment link is ${expired(link) ? 'expired' : link.status}`, {
      field: 'order_id',
      reason: 'payment_link_not_payable',
    });
  }
  return true;
}

/**
 * A captured payment on a link's order: the link becomes paid and `payment_link.paid` is written (to the outbox, in
 * the payment's transaction), carrying the link, its order and the payment. Answers the webhook rows to insert.
 */
export async function linkPaidEvents(
  tx: Queryable,
  order: repo.SandboxOrderRow,
  payment: repo.SandboxPaymentRow,
  webhookSecret: string,
) {
  if (!payment.captured) return [];
  const link = await findLinkOfOrder(tx, order.id);
  if (!link) return [];
  const [paid] = await tx
    .update(sandboxRazorpayPaymentLinks)
    .set({ status: 'paid', paymentId: payment.id })
    .where(eq(sandboxRazorpayPaymentLinks.id, link.id))
    .returning();
  const body = JSON.stringify({
    entity: 'event',
    account_id: SANDBOX_ACCOUNT_ID,
    event: 'payment_link.paid',
    contains: ['payment_link', 'order', 'payment'],
    payload: {
      payment_link: { entity: paymentLinkEntity(paid as SandboxPaymentLinkRow, '', payment) },
      order: { entity: orderEntity(order) },
      payment: { entity: paymentEntity(payment) },
    },
    created_at: unix(new Date()),
  });
  return [
    {
      eventId: newId(''),
      event: 'payment_link.paid' as const,
      body,
      signature: hmacHex(body, webhookSecret),
      orderId: order.id,
    },
  ];
}

/** The hooks `pay` runs for links, with the webhook secret that signs `payment_link.paid`. */
export const linkHooks = (webhookSecret: string): LinkHooks => ({
  checkPayable: checkLinkPayable,
  paidEvents: (tx, order, payment) => linkPaidEvents(tx, order, payment, webhookSecret),
});
