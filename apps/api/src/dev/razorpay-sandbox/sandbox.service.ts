import { createHash, randomInt } from 'node:crypto';
import { MAX_INT4 } from '@kapaas/contract';
import { type Database, SANDBOX_PAYMENT_METHODS, type Transaction } from '@kapaas/db';
import { z } from 'zod';
import { hmacHex, type RazorpayErrorBody } from '../../modules/razorpay/razorpay.client';
import {
  type CardOutcome,
  cardNetwork,
  cardOutcome,
  pageOutcome,
  SANDBOX_ACCOUNT_ID,
  SANDBOX_BANKS,
  SANDBOX_WALLETS,
  vpaOutcome,
} from './sandbox.constants';
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

/** The card object of Razorpay's payment entity (`card_id` names it); null for other methods. */
function cardOf(row: repo.SandboxPaymentRow) {
  if (row.method !== 'card' || !row.cardLast4) return null;
  return {
    id: `card_${row.id.slice(4)}`,
    entity: 'card' as const,
    name: '',
    last4: row.cardLast4,
    // Rows from before the sandbox kept the network were all paid with its Visa test cards.
    network: row.cardNetwork ?? 'Visa',
    type: 'credit',
    issuer: null,
    international: false,
    emi: false,
    sub_type: 'consumer',
    token_iin: null,
  };
}

/** Razorpay's `acquirer_data`: the bank's reference for UPI (rrn) and netbanking, as a settled payment has. */
function acquirerData(row: repo.SandboxPaymentRow) {
  if (row.status === 'created' || row.status === 'failed') return {};
  const reference = createHash('sha256').update(row.id).digest('hex').replace(/\D/g, '').padEnd(12, '0').slice(0, 12);
  if (row.method === 'upi') return { rrn: reference, upi_transaction_id: null };
  if (row.method === 'netbanking') return { bank_transaction_id: reference };
  if (row.method === 'wallet') return { transaction_id: null };
  return { auth_code: reference.slice(0, 6) };
}

/**
 * Razorpay's payment entity: `method` (card, upi, netbanking, wallet) with its detail where Razorpay puts it: `card`
 * (and `card_id`), `vpa` (and `upi.vpa`), `bank` (the bank's code) or `wallet` (its name); the others null.
 */
export function paymentEntity(row: repo.SandboxPaymentRow) {
  const fee = row.status === 'failed' || row.status === 'created' ? null : Math.round(row.amountPaise * 0.02);
  const card = cardOf(row);
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
    card_id: card?.id ?? null,
    card,
    bank: row.method === 'netbanking' ? row.bank : null,
    wallet: row.method === 'wallet' ? row.wallet : null,
    vpa: row.method === 'upi' ? row.vpa : null,
    ...(row.method === 'upi' ? { upi: { payer_account_type: 'bank_account', vpa: row.vpa } } : {}),
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
    acquirer_data: acquirerData(row),
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

type WebhookEvent =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.processed'
  | 'payment_link.paid';

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

/** What the test route and the dialog may say about how the shopper pays: one method's detail only. */
const PaymentDetail = {
  method: z.enum(SANDBOX_PAYMENT_METHODS).optional(),
  card_number: z.string().max(40).optional(),
  vpa: z.string().max(256).optional(),
  bank: z.string().max(20).optional(),
  wallet: z.string().max(30).optional(),
  /** The test bank's or wallet's page: the payer picks success or failure there. */
  outcome: z.enum(['success', 'failure']).optional(),
};
type PaymentDetail = { [K in keyof typeof PaymentDetail]?: z.infer<(typeof PaymentDetail)[K]> };

export const TestPayBody = z.strictObject({ order_id: z.string().min(1).max(64), ...PaymentDetail });

export const CheckoutPayBody = z.strictObject({
  key: z.string().max(100),
  order_id: z.string().min(1).max(64),
  ...PaymentDetail,
  expiry: z.string().max(10).optional(),
  cvv: z.string().max(10).optional(),
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

/** A refusal of the shopper's input that creates no payment, beside its field, as the real form refuses it. */
const invalid = (field: string, description: string) =>
  badRequest(description, { field, source: 'customer', step: 'payment_initiation', reason: 'input_validation_failed' });

/** Card digits, or a refusal that creates no payment (as the real form refuses a malformed number). */
function cardDigits(cardNumber: string): string {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) throw invalid('card_number', 'Please enter a valid card number.');
  return digits;
}

/** A UPI id as Razorpay checks it: a handle, `@`, and the provider's letters. */
const VPA = /^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$/;

/** The payment's method and detail (the columns of its row) and what the sandbox does with it. */
export interface Instrument {
  columns: {
    method: SandboxMethod;
    cardLast4?: string;
    cardNetwork?: string;
    vpa?: string;
    bank?: string;
    wallet?: string;
  };
  outcome: CardOutcome;
}
type SandboxMethod = (typeof SANDBOX_PAYMENT_METHODS)[number];

const DETAIL_OF = { card: 'card_number', upi: 'vpa', netbanking: 'bank', wallet: 'wallet' } as const;

/**
 * How the shopper pays, checked: `method` (a card when only `card_number` is given) with its own detail and no
 * other method's. A malformed or unknown detail is refused beside its field, and no payment is made.
 */
export function instrumentOf(body: PaymentDetail): Instrument {
  const method = body.method ?? 'card';
  for (const [other, field] of Object.entries(DETAIL_OF)) {
    if (other !== method && (body as Record<string, unknown>)[field] !== undefined) {
      throw invalid(field, `${field} cannot be sent with method ${method}.`);
    }
  }
  if (body.outcome !== undefined && method !== 'netbanking' && method !== 'wallet') {
    throw invalid('outcome', `outcome cannot be sent with method ${method}.`);
  }
  if (method === 'card') {
    const digits = cardDigits(body.card_number ?? '');
    const columns = { method, cardLast4: digits.slice(-4), cardNetwork: cardNetwork(digits) };
    return { columns, outcome: cardOutcome(digits) };
  }
  if (method === 'upi') {
    const vpa = (body.vpa ?? '').trim();
    if (!VPA.test(vpa)) throw invalid('vpa', 'Please enter a valid UPI ID, such as name@bank.');
    return { columns: { method, vpa }, outcome: vpaOutcome(vpa) };
  }
  const outcome = pageOutcome(body.outcome ?? 'success', method);
  if (method === 'netbanking') {
    if (!body.bank || !Object.hasOwn(SANDBOX_BANKS, body.bank)) throw invalid('bank', 'Please select a bank.');
    return { columns: { method, bank: body.bank }, outcome };
  }
  if (!body.wallet || !Object.hasOwn(SANDBOX_WALLETS, body.wallet)) throw invalid('wallet', 'Please select a wallet.');
  return { columns: { method, wallet: body.wallet }, outcome };
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

/** The columns of a payment that the outcome decides: its status and, for a decline, Razorpay's error. */
function outcomeColumns(outcome: CardOutcome, mode: CaptureMode | undefined) {
  const paying = outcome.kind === 'captured';
  const captured = paying && mode !== 'manual';
  return {
    status: captured ? ('captured' as const) : paying ? ('authorized' as const) : ('failed' as const),
    captured,
    ...(outcome.kind === 'declined'
      ? {
          errorCode: 'BAD_REQUEST_ERROR',
          errorDescription: outcome.description,
          errorSource: outcome.source,
          errorStep: outcome.step,
          errorReason: outcome.reason,
        }
      : {}),
  };
}

/** The order, locked, if it can still be paid. */
async function payableOrder(tx: Transaction, orderId: string) {
  const order = await repo.findOrder(tx, orderId, true);
  if (!order) throw notFound();
  if (order.status === 'paid') {
    throw badRequest('This order has already been paid.', {
      field: 'order_id',
      reason: 'order_already_paid',
      metadata: { order_id: order.id },
    });
  }
  return order;
}

/** The webhooks a settled payment produces, as Razorpay sends them. */
function settledEvents(payment: repo.SandboxPaymentRow, order: repo.SandboxOrderRow, webhookSecret: string) {
  if (payment.status === 'captured') {
    return [
      webhookRow('payment.captured', order.id, { payment }, webhookSecret),
      webhookRow('order.paid', order.id, { payment, order }, webhookSecret),
    ];
  }
  const event = payment.status === 'authorized' ? 'payment.authorized' : 'payment.failed';
  return [webhookRow(event, order.id, { payment }, webhookSecret)];
}

/** What the checkout's handler receives for a payment that went through. */
export function successAnswer(payment: repo.SandboxPaymentRow, keySecret: string): CheckoutSuccess {
  return {
    razorpay_payment_id: payment.id,
    razorpay_order_id: payment.orderId,
    razorpay_signature: hmacHex(`${payment.orderId}|${payment.id}`, keySecret),
  };
}

/** Razorpay's decline of a failed payment, the payment id in `metadata`. */
export function declineOf(payment: repo.SandboxPaymentRow): SandboxError {
  return badRequest(payment.errorDescription ?? 'Payment failed', {
    source: payment.errorSource ?? 'NA',
    step: payment.errorStep ?? 'NA',
    reason: payment.errorReason ?? 'NA',
    metadata: { payment_id: payment.id, order_id: payment.orderId },
  });
}

/** A payment to make: how (`instrument`, or a card number alone), on which order, and who pays. */
export type PayInput = {
  orderId: string;
  instrument?: Instrument;
  cardNumber?: string;
  /** The waiting UPI payment to complete (the sandbox's UPI app page names it). */
  pendingId?: string;
  email?: string;
  contact?: string;
};

/**
 * Settles one payment on a sandbox order in one transaction: a paying test value captures it at once (the order
 * becomes paid), or with manual capture authorises it; any other makes a failed payment (the order is attempted).
 * A UPI payment completes the order's payment waiting for the shopper's app (QR or intent) when there is one, or
 * the one named by `pendingId`; otherwise a new payment is made. The webhooks are written in the same transaction.
 * A decline throws, after the failed payment is committed, with Razorpay's error shape and the payment id in
 * `metadata`.
 */
/** What Payment Links add to a payment (sandbox.payment-links.ts): a link's state checked, and its webhook. */
export interface LinkHooks {
  /** Refuses a link that cannot be paid; answers whether the order is a link's. */
  checkPayable(tx: Transaction, orderId: string): Promise<boolean>;
  paidEvents(
    tx: Transaction,
    order: repo.SandboxOrderRow,
    payment: repo.SandboxPaymentRow,
  ): Promise<ReturnType<typeof webhookRow>[]>;
}

export async function pay(
  db: Database,
  secrets: { keySecret: string; webhookSecret: string; capture?: CaptureMode; links?: LinkHooks },
  input: PayInput,
): Promise<PayResult> {
  // Tests and fixtures pay with a card number alone: a card.
  const instrument = input.instrument ?? instrumentOf({ card_number: input.cardNumber ?? '' });
  const { payment, webhookIds } = await db.transaction(async (tx: Transaction) => {
    const order = await payableOrder(tx, input.orderId);
    // A Payment Link's payment is captured at once, whatever the account's setting, as Razorpay's are.
    const link = (await secrets.links?.checkPayable(tx, order.id)) ?? false;
    const settled = {
      ...instrument.columns,
      ...outcomeColumns(instrument.outcome, link ? 'automatic' : secrets.capture),
    };
    const pending =
      instrument.columns.method === 'upi' ? await repo.findWaitingUpi(tx, order.id, input.pendingId) : undefined;
    if (input.pendingId !== undefined && !pending) throw notFound();
    const payment = pending
      ? await repo.settlePayment(tx, pending.id, settled)
      : await repo.insertPayment(tx, {
          id: newId('pay_'),
          orderId: order.id,
          amountPaise: order.amountPaise,
          currency: order.currency,
          email: input.email ?? null,
          contact: input.contact ?? null,
          ...settled,
        });
    const paidPaise = payment.captured ? order.amountPaise : null;
    if (pending) {
      if (paidPaise !== null) await repo.recordCapture(tx, order.id, paidPaise);
    } else await repo.recordAttempt(tx, order.id, paidPaise);
    const updated = (await repo.findOrder(tx, order.id)) as repo.SandboxOrderRow;
    const events = settledEvents(payment, updated, secrets.webhookSecret);
    events.push(...((await secrets.links?.paidEvents(tx, updated, payment)) ?? []));
    const webhooks = await repo.insertWebhooks(tx, events);
    return { payment, webhookIds: webhooks.map((w) => w.id) };
  });
  if (payment.status === 'failed') throw Object.assign(declineOf(payment), { webhookIds });
  return { answer: successAnswer(payment, secrets.keySecret), webhookIds };
}

// ---------------------------------------------------------------------------------------------
// UPI by QR code or app (intent): no redirect; the payment waits for the shopper's app.

export const UpiStartBody = z.strictObject({
  key: z.string().max(100),
  order_id: z.string().min(1).max(64),
  flow: z.enum(['qr', 'intent']),
  email: z.string().max(200).optional(),
  contact: z.string().max(40).optional(),
});

/** The payee the sandbox's UPI links name. */
const SANDBOX_PAYEE = 'kapaas.sandbox@razorpay';

/** The upi://pay link a QR code or a UPI app button carries (NPCI's deep link: payee, name, reference, amount). */
export function upiLink(payment: repo.SandboxPaymentRow): string {
  const query = new URLSearchParams({
    pa: SANDBOX_PAYEE,
    pn: 'Kapaas sandbox',
    tr: payment.id,
    am: (payment.amountPaise / 100).toFixed(2),
    cu: payment.currency,
  });
  return `upi://pay?${query.toString()}`;
}

/**
 * Starts a UPI payment the shopper completes in a UPI app, by scanning the QR code or from the app button: a payment
 * `created` with method upi, no UPI id yet, and the order attempted. An order's waiting payment is answered again
 * rather than a second one made. The test route, or the sandbox's UPI app page, completes it.
 */
export async function startUpi(db: Database, input: { orderId: string; email?: string; contact?: string }) {
  return db.transaction(async (tx: Transaction) => {
    const order = await payableOrder(tx, input.orderId);
    const waiting = await repo.findWaitingUpi(tx, order.id);
    if (waiting) return waiting;
    const payment = await repo.insertPayment(tx, {
      id: newId('pay_'),
      orderId: order.id,
      amountPaise: order.amountPaise,
      currency: order.currency,
      status: 'created',
      method: 'upi',
      email: input.email ?? null,
      contact: input.contact ?? null,
    });
    await repo.recordAttempt(tx, order.id, null);
    return payment;
  });
}

/**
 * What the dialog's poll of a payment answers: `{ status: 'created' }` while it waits for the app, the checkout's
 * success answer once it went through, or Razorpay's decline once it failed.
 */
export async function pollPayment(db: Database, keySecret: string, paymentId: string) {
  const payment = await repo.findPayment(db, paymentId);
  if (!payment) throw notFound();
  if (payment.status === 'created') return { status: 'created' as const };
  if (payment.status === 'failed') return declineOf(payment).body;
  return successAnswer(payment, keySecret);
}

/** A payment waiting for the shopper's UPI app, for the sandbox's app page. */
export async function waitingUpi(db: Database, paymentId: string) {
  const payment = await repo.findPayment(db, paymentId);
  if (payment?.method !== 'upi' || payment.status !== 'created') throw notFound();
  return payment;
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
