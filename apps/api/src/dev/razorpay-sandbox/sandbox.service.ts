import { createHash, randomInt } from 'node:crypto';
import { MAX_INT4 } from '@kapaas/contract';
import type { Database, Transaction } from '@kapaas/db';
import { z } from 'zod';
import { hmacHex, type RazorpayErrorBody } from '../../modules/razorpay/razorpay.client';
import { cardOutcome, SANDBOX_ACCOUNT_ID } from './sandbox.constants';
import * as repo from './sandbox.repository';

/*
 * The rules of the emulated Razorpay: orders (unique receipts), card payments captured at once
 * (or, with the account set to manual capture, authorised until captured) or declined by test
 * card, captures, refunds (idempotent by key, never above what was captured), and the
 * webhooks each change produces, written in the same transaction (an outbox) and sent after.
 */

// ---------------------------------------------------------------------------------------------
// Errors, in Razorpay's shape.

export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: RazorpayErrorBody,
  ) {
    super(body.error.description);
    this.name = 'SandboxError';
  }
}

export function badRequest(
  description: string,
  extra: { field?: string; source?: string; step?: string; reason?: string; metadata?: Record<string, unknown> } = {},
  statusCode = 400,
): SandboxError {
  return new SandboxError(statusCode, {
    error: {
      code: 'BAD_REQUEST_ERROR',
      description,
      source: extra.source ?? 'NA',
      step: extra.step ?? 'NA',
      reason: extra.reason ?? 'NA',
      metadata: extra.metadata ?? {},
      ...(extra.field ? { field: extra.field } : {}),
    },
  });
}

const notFound = () => badRequest('The id provided does not exist', { reason: 'input_validation_failed' });

/** Razorpay-style validation: the first problem, named by its field. */
function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  if (issue?.code === 'unrecognized_keys') {
    throw badRequest(`${issue.keys.join(', ')} is/are not required and should not be sent`, {
      reason: 'input_validation_failed',
    });
  }
  throw badRequest(issue?.message ?? 'Invalid request', { field, reason: 'input_validation_failed' });
}

// ---------------------------------------------------------------------------------------------
// Ids and entities.

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A Razorpay-shaped id: prefix + 14 base62 characters (order_…, pay_…, rfnd_…). */
export function newId(prefix: 'order_' | 'pay_' | 'rfnd_' | ''): string {
  let id = prefix;
  for (let i = 0; i < 14; i += 1) id += BASE62[randomInt(62)];
  return id;
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
/** Razorpay answers empty notes as [] and others as an object. */
const notesOut = (notes: Record<string, string>) => (Object.keys(notes).length === 0 ? [] : notes);

export function orderEntity(row: repo.SandboxOrderRow) {
  return {
    id: row.id,
    entity: 'order' as const,
    amount: row.amountPaise,
    amount_paid: row.amountPaidPaise,
    amount_due: row.amountPaise - row.amountPaidPaise,
    currency: row.currency,
    receipt: row.receipt,
    offer_id: null,
    status: row.status,
    attempts: row.attempts,
    notes: notesOut(row.notes),
    created_at: unix(row.createdAt),
  };
}

export function paymentEntity(row: repo.SandboxPaymentRow) {
  const fee = row.status === 'failed' ? null : Math.round(row.amountPaise * 0.02);
  return {
    id: row.id,
    entity: 'payment' as const,
    amount: row.amountPaise,
    currency: row.currency,
    status: row.status,
    order_id: row.orderId,
    invoice_id: null,
    international: false,
    method: row.method,
    amount_refunded: row.amountRefundedPaise,
    refund_status:
      row.amountRefundedPaise === 0 ? null : row.amountRefundedPaise >= row.amountPaise ? 'full' : 'partial',
    captured: row.captured,
    description: null,
    card_id: null,
    card: row.cardLast4 ? { last4: row.cardLast4, network: 'Visa', type: 'credit', international: false } : null,
    bank: null,
    wallet: null,
    vpa: null,
    email: row.email,
    contact: row.contact,
    notes: [],
    fee,
    tax: fee === null ? null : Math.round(fee * 0.18),
    error_code: row.errorCode,
    error_description: row.errorDescription,
    error_source: row.errorSource,
    error_step: row.errorStep,
    error_reason: row.errorReason,
    acquirer_data: {},
    created_at: unix(row.createdAt),
  };
}

export function refundEntity(row: repo.SandboxRefundRow) {
  return {
    id: row.id,
    entity: 'refund' as const,
    amount: row.amountPaise,
    currency: row.currency,
    payment_id: row.paymentId,
    notes: notesOut(row.notes),
    receipt: null,
    acquirer_data: { arn: null },
    created_at: unix(row.createdAt),
    batch_id: null,
    status: row.status,
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
}

const collection = <T>(items: T[]) => ({ entity: 'collection' as const, count: items.length, items });

// ---------------------------------------------------------------------------------------------
// Webhooks: the event body, signed later by the deliverer with the webhook secret.

type WebhookEvent = 'payment.authorized' | 'payment.captured' | 'payment.failed' | 'order.paid' | 'refund.processed';

function webhookRow(
  event: WebhookEvent,
  orderId: string,
  entities: { payment?: repo.SandboxPaymentRow; order?: repo.SandboxOrderRow; refund?: repo.SandboxRefundRow },
  webhookSecret: string,
) {
  const payload: Record<string, { entity: unknown }> = {};
  if (entities.refund) payload.refund = { entity: refundEntity(entities.refund) };
  if (entities.payment) payload.payment = { entity: paymentEntity(entities.payment) };
  if (entities.order) payload.order = { entity: orderEntity(entities.order) };
  const body = JSON.stringify({
    entity: 'event',
    account_id: SANDBOX_ACCOUNT_ID,
    event,
    contains: Object.keys(payload),
    payload,
    created_at: unix(new Date()),
  });
  return { eventId: newId(''), event, body, signature: hmacHex(body, webhookSecret), orderId };
}

// ---------------------------------------------------------------------------------------------
// Orders.

const Notes = z
  .record(z.string().max(256), z.union([z.string().max(256), z.number()]))
  .refine((notes) => Object.keys(notes).length <= 15, 'notes can have at most 15 keys')
  .transform((notes) => Object.fromEntries(Object.entries(notes).map(([k, v]) => [k, String(v)])));

const CreateOrderBody = z.strictObject({
  amount: z
    .number({ error: 'The amount field is required.' })
    .int('The amount must be an integer.')
    .min(100, 'The amount must be at least INR 1.00')
    .max(50_000_000, 'Amount exceeds maximum amount allowed.'),
  currency: z.literal('INR', { error: 'Currency is not supported' }),
  receipt: z.string().max(40, 'The receipt may not be greater than 40 characters.').optional(),
  notes: Notes.optional(),
  partial_payment: z.literal(false).optional(),
  payment_capture: z.union([z.boolean(), z.literal(1), z.literal(0)]).optional(),
  unique_receipt: z.boolean().optional(),
});

/**
 * POST /v1/orders. Receipts are unique in the sandbox: a create for a receipt that already has an
 * order answers that order when the amount and currency match (Razorpay's `unique_receipt: true`
 * behaviour, which the client always asks for) and is refused otherwise. Safe under concurrency:
 * the receipt's unique index decides which of two simultaneous creates makes the order.
 */
export async function createOrder(db: Database, input: unknown) {
  const body = parse(CreateOrderBody, input);
  const created = await repo.insertOrder(db, {
    id: newId('order_'),
    amountPaise: body.amount,
    currency: body.currency,
    receipt: body.receipt ?? null,
    notes: body.notes ?? {},
  });
  if (created) return orderEntity(created);
  const existing = body.receipt === undefined ? undefined : await repo.findOrderByReceipt(db, body.receipt);
  if (existing && existing.amountPaise === body.amount && existing.currency === body.currency) {
    return orderEntity(existing);
  }
  throw badRequest('An order with this receipt already exists with a different amount or currency.', {
    field: 'receipt',
    reason: 'input_validation_failed',
  });
}

const ListOrdersQuery = z.object({
  receipt: z.string().max(40).optional(),
  count: z.coerce.number().int().min(1).max(100).default(10),
  skip: z.coerce.number().int().min(0).max(MAX_INT4).default(0),
  authorized: z.string().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
});

export async function listOrders(db: Database, query: unknown) {
  const options = parse(ListOrdersQuery, query);
  const rows = await repo.listOrders(db, options);
  return collection(rows.map(orderEntity));
}

export async function fetchOrder(db: Database, id: string) {
  const row = await repo.findOrder(db, id);
  if (!row) throw notFound();
  return orderEntity(row);
}

export async function fetchOrderPayments(db: Database, id: string) {
  if (!(await repo.findOrder(db, id))) throw notFound();
  return collection((await repo.listPayments(db, id)).map(paymentEntity));
}

export async function fetchPayment(db: Database, id: string) {
  const row = await repo.findPayment(db, id);
  if (!row) throw notFound();
  return paymentEntity(row);
}

const unixDate = z.coerce
  .number()
  .int()
  .min(0)
  .max(MAX_INT4)
  .transform((seconds) => new Date(seconds * 1000));
const ListRefundsQuery = z.object({
  count: z.coerce.number().int().min(1).max(100).default(10),
  skip: z.coerce.number().int().min(0).max(MAX_INT4).default(0),
  from: unixDate.optional(),
  to: unixDate.optional(),
});

/** GET /v1/payments/:id/refunds: the payment's refunds as a collection, newest first. */
export async function fetchPaymentRefunds(db: Database, paymentId: string, query: unknown) {
  const options = parse(ListRefundsQuery, query);
  if (!(await repo.findPayment(db, paymentId))) throw notFound();
  return collection((await repo.listRefunds(db, paymentId, options)).map(refundEntity));
}

/** GET /v1/refunds/:id, and GET /v1/payments/:paymentId/refunds/:id when the payment is named. */
export async function fetchRefund(db: Database, id: string, paymentId?: string) {
  const row = await repo.findRefund(db, id);
  if (!row || (paymentId !== undefined && row.paymentId !== paymentId)) throw notFound();
  return refundEntity(row);
}

// ---------------------------------------------------------------------------------------------
// Payments.

export const TestPayBody = z.strictObject({
  order_id: z.string().min(1).max(64),
  card_number: z.string().max(40),
});

export const CheckoutPayBody = z.strictObject({
  key: z.string().max(100),
  order_id: z.string().min(1).max(64),
  card_number: z.string().max(40),
  expiry: z.string().max(10),
  cvv: z.string().max(10),
  email: z.string().max(200).optional(),
  contact: z.string().max(40).optional(),
});

export interface CheckoutSuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface PayResult {
  answer: CheckoutSuccess;
  webhookIds: number[];
}

/** Card digits, or a refusal that creates no payment (as the real form refuses a malformed number). */
function cardDigits(cardNumber: string): string {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) {
    throw badRequest('Please enter a valid card number.', {
      field: 'card_number',
      source: 'customer',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
    });
  }
  return digits;
}

/** Checks an expiry "MM/YY" (or MM/YYYY) that is not in the past, and a 3–4 digit CVV. */
export function checkCardDetails(expiry: string, cvv: string, now = new Date()): void {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  const month = match ? Number(match[1]) : 0;
  const year = match ? Number(match[2]) + ((match[2] ?? '').length === 2 ? 2000 : 0) : 0;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (!match || month < 1 || month > 12 || year * 12 + (month - 1) < current) {
    throw badRequest('Please enter a valid expiry date.', {
      field: 'expiry',
      source: 'customer',
      reason: 'input_validation_failed',
    });
  }
  if (!/^\d{3,4}$/.test(cvv.trim())) {
    throw badRequest('Please enter a valid CVV.', {
      field: 'cvv',
      source: 'customer',
      reason: 'input_validation_failed',
    });
  }
}

/**
 * The emulated account's capture setting (Razorpay's dashboard setting): `automatic` captures a
 * paying card at once; `manual` leaves the payment authorised until POST /v1/payments/:id/capture.
 */
export type CaptureMode = 'automatic' | 'manual';

/**
 * One card payment on a sandbox order: a paying test card captures it at once (the order becomes
 * paid), or with manual capture authorises it (the order is attempted until the capture); any
 * other card makes a failed payment (the order becomes attempted). The webhooks are written in the
 * same transaction. A declined card throws, after the failed payment is committed, with
 * Razorpay's error shape and the payment id in `metadata`.
 */
export async function pay(
  db: Database,
  secrets: { keySecret: string; webhookSecret: string; capture?: CaptureMode },
  input: { orderId: string; cardNumber: string; email?: string; contact?: string },
): Promise<PayResult> {
  const digits = cardDigits(input.cardNumber);
  const outcome = cardOutcome(digits);
  const result = await db.transaction(async (tx: Transaction) => {
    const order = await repo.findOrder(tx, input.orderId, true);
    if (!order) throw notFound();
    if (order.status === 'paid') {
      throw badRequest('This order has already been paid.', {
        field: 'order_id',
        reason: 'order_already_paid',
        metadata: { order_id: order.id },
      });
    }
    const paying = outcome.kind === 'captured';
    const captured = paying && secrets.capture !== 'manual';
    const payment = await repo.insertPayment(tx, {
      id: newId('pay_'),
      orderId: order.id,
      amountPaise: order.amountPaise,
      currency: order.currency,
      status: captured ? 'captured' : paying ? 'authorized' : 'failed',
      captured,
      cardLast4: digits.slice(-4),
      email: input.email ?? null,
      contact: input.contact ?? null,
      ...(outcome.kind === 'declined'
        ? {
            errorCode: 'BAD_REQUEST_ERROR',
            errorDescription: outcome.description,
            errorSource: outcome.source,
            errorStep: outcome.step,
            errorReason: outcome.reason,
          }
        : {}),
    });
    await repo.recordAttempt(tx, order.id, captured ? order.amountPaise : null);
    const updated = (await repo.findOrder(tx, order.id)) as repo.SandboxOrderRow;
    const events = captured
      ? [
          webhookRow('payment.captured', order.id, { payment }, secrets.webhookSecret),
          webhookRow('order.paid', order.id, { payment, order: updated }, secrets.webhookSecret),
        ]
      : paying
        ? [webhookRow('payment.authorized', order.id, { payment }, secrets.webhookSecret)]
        : [webhookRow('payment.failed', order.id, { payment }, secrets.webhookSecret)];
    const webhooks = await repo.insertWebhooks(tx, events);
    return { payment, webhookIds: webhooks.map((w) => w.id) };
  });

  const { payment, webhookIds } = result;
  if (outcome.kind === 'declined') {
    const error = badRequest(outcome.description, {
      source: outcome.source,
      step: outcome.step,
      reason: outcome.reason,
      metadata: { payment_id: payment.id, order_id: payment.orderId },
    });
    throw Object.assign(error, { webhookIds });
  }
  return {
    answer: {
      razorpay_payment_id: payment.id,
      razorpay_order_id: payment.orderId,
      razorpay_signature: hmacHex(`${payment.orderId}|${payment.id}`, secrets.keySecret),
    },
    webhookIds,
  };
}

// ---------------------------------------------------------------------------------------------
// Captures.

const CaptureBody = z.strictObject({
  amount: z
    .number({ error: 'The amount field is required.' })
    .int('The amount must be an integer.')
    .max(MAX_INT4, 'Amount exceeds maximum amount allowed.'),
  currency: z.string({ error: 'The currency field is required.' }),
});

/**
 * POST /v1/payments/:id/capture, as Razorpay answers it: only an authorised payment is captured,
 * for exactly the amount and currency authorised; the captured payment is answered, and its order
 * becomes paid. A second capture is refused ("already captured"). The payment row is locked, so of
 * two simultaneous captures one captures and the other is refused.
 */
export async function capture(db: Database, webhookSecret: string, paymentId: string, input: unknown) {
  const body = parse(CaptureBody, input);
  return db.transaction(async (tx: Transaction) => {
    const payment = await repo.findPayment(tx, paymentId, true);
    if (!payment) throw notFound();
    if (payment.captured) throw badRequest('This payment has already been captured', { field: 'payment_id' });
    if (payment.status !== 'authorized') {
      throw badRequest('Only payments which have been authorized and not yet captured can be captured', {
        field: 'payment_id',
      });
    }
    if (body.amount !== payment.amountPaise) {
      throw badRequest('Capture amount must be equal to the amount authorized', { field: 'amount' });
    }
    if (body.currency !== payment.currency) {
      throw badRequest('Currency should be same as that of the payment', { field: 'currency' });
    }
    const captured = await repo.markCaptured(tx, payment.id);
    await repo.recordCapture(tx, payment.orderId, payment.amountPaise);
    const order = (await repo.findOrder(tx, payment.orderId)) as repo.SandboxOrderRow;
    const webhooks = await repo.insertWebhooks(tx, [
      webhookRow('payment.captured', order.id, { payment: captured }, webhookSecret),
      webhookRow('order.paid', order.id, { payment: captured, order }, webhookSecret),
    ]);
    return { payment: paymentEntity(captured), webhookIds: webhooks.map((w) => w.id) };
  });
}

// ---------------------------------------------------------------------------------------------
// Refunds.

const RefundBody = z.strictObject({
  amount: z
    .number()
    .int('The amount must be an integer.')
    .min(100, 'The amount must be at least INR 1.00')
    .max(MAX_INT4, 'Amount exceeds maximum amount allowed.')
    .optional(),
  speed: z.enum(['normal', 'optimum']).optional(),
  notes: Notes.optional(),
  receipt: z.string().max(40).optional(),
});

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

/**
 * POST /v1/payments/:id/refund. Only a captured payment can be refunded, and never for more than
 * what is left of it. With X-Refund-Idempotency, the same key and request answer the refund made
 * the first time; the same key with another request is refused. The payment row is locked, so
 * concurrent refunds of one payment cannot together exceed it.
 */
export async function refund(
  db: Database,
  webhookSecret: string,
  paymentId: string,
  input: unknown,
  idempotencyKey: string | undefined,
) {
  const body = parse(RefundBody, input);
  if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw badRequest(
      'The idempotency key must be at least 10 characters long and contain only alphabets, numbers, hyphens and underscores.',
      { field: 'X-Refund-Idempotency', reason: 'input_validation_failed' },
    );
  }
  const fingerprint = createHash('sha256')
    .update(
      JSON.stringify([paymentId, body.amount ?? null, body.speed ?? 'normal', body.notes ?? {}, body.receipt ?? null]),
    )
    .digest('hex');

  const attempt = () =>
    db.transaction(async (tx: Transaction) => {
      const payment = await repo.findPayment(tx, paymentId, true);
      if (idempotencyKey !== undefined) {
        const previous = await repo.findRefundByKey(tx, idempotencyKey);
        if (previous) {
          if (previous.requestFingerprint !== fingerprint) {
            throw badRequest('Different request with the same idempotency key has already been processed.');
          }
          return { refund: refundEntity(previous), webhookIds: [] as number[] };
        }
      }
      if (!payment) throw notFound();
      if (!payment.captured || payment.status === 'failed') {
        throw badRequest('The payment has not been captured, so it cannot be refunded.', { field: 'payment_id' });
      }
      const left = payment.amountPaise - payment.amountRefundedPaise;
      if (left <= 0) throw badRequest('The payment has been fully refunded already');
      const amount = body.amount ?? left;
      if (amount > left) {
        throw badRequest('The total refund amount is greater than the refund payment amount', { field: 'amount' });
      }
      const created = await repo.insertRefund(tx, {
        id: newId('rfnd_'),
        paymentId,
        amountPaise: amount,
        currency: payment.currency,
        status: 'processed',
        notes: body.notes ?? {},
        idempotencyKey: idempotencyKey ?? null,
        requestFingerprint: idempotencyKey === undefined ? null : fingerprint,
      });
      if (!created) return null; // the key was taken meanwhile by a refund of another payment
      const updated = await repo.addRefunded(tx, paymentId, amount, amount === left);
      const webhooks = await repo.insertWebhooks(tx, [
        webhookRow('refund.processed', payment.orderId, { refund: created, payment: updated }, webhookSecret),
      ]);
      return { refund: refundEntity(created), webhookIds: webhooks.map((w) => w.id) };
    });

  const first = await attempt();
  if (first) return first;
  const second = await attempt();
  if (second) return second;
  throw badRequest('Different request with the same idempotency key has already been processed.');
}
