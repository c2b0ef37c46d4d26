import {
  and,
  asc,
  eq,
  inArray,
  PAYMENT_STATUSES,
  type PaymentStatus,
  paymentEvents,
  payments,
  type Queryable,
  refunds,
  sql,
} from '@kapaas/db';
import { canMove, defineProcess } from '../../lib/state-machine';
import type { RazorpayPayment } from '../razorpay';

/**
 * The payment process (ADR 020, ADR 042, docs/payment-states.md): where a payment may go from each status, and who
 * moves it. A payment starts as `failed`, `accepted` or `refund_pending` when first recorded; a move that stays in its
 * status may be made again (more money refunded, a refund retried and failed again). The provider's reports (the
 * payment code) and the refund workflow make every move; a payment's moves have no effects of their own: what money
 * does to an order is the order process's.
 */
export const PAYMENT_PROCESS = defineProcess<PaymentStatus, 'payment' | 'refund', object>({
  name: 'payment',
  states: PAYMENT_STATUSES,
  moves: [
    { name: 'captured late', from: ['failed'], to: 'accepted', by: ['payment'] },
    { name: 'refuse', from: ['failed'], to: 'refund_pending', by: ['payment'] },
    {
      name: 'refund part',
      from: ['accepted', 'refund_pending', 'refund_failed', 'partially_refunded'],
      to: 'partially_refunded',
      by: ['payment', 'refund'],
    },
    {
      name: 'refund in full',
      from: ['accepted', 'refund_pending', 'refund_failed', 'partially_refunded', 'refunded'],
      to: 'refunded',
      by: ['payment', 'refund'],
    },
    { name: 'refund failed', from: ['refund_pending', 'refund_failed'], to: 'refund_failed', by: ['payment'] },
  ],
});

/** Every move of a payment: the table docs/payment-states.md draws. */
export const PAYMENT_TRANSITIONS = PAYMENT_PROCESS.transitions;

/** Statuses of a payment the shop did not accept and has not refunded yet. */
export const AWAITING_REFUND: readonly PaymentStatus[] = ['refund_pending', 'refund_failed'];

/** Statuses of a captured payment that may still have money to give back. */
export const REFUNDABLE_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'accepted',
  'refund_pending',
  'refund_failed',
  'partially_refunded',
];

export type PaymentRow = typeof payments.$inferSelect;

/** True when a payment may move from `from` to `to`. */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return canMove(PAYMENT_PROCESS, from, to);
}

/** True when the payment paid its order (captured, and the shop did not refuse it). */
export function wasAccepted(row: Pick<PaymentRow, 'status' | 'refusalReason'>): boolean {
  return row.status !== 'failed' && row.refusalReason === null;
}

/** Which payment a change is for: the shop's id or the provider's. */
export type PaymentKey = { id: number } | { providerPaymentId: string };

const keyOf = (key: PaymentKey) =>
  'id' in key ? eq(payments.id, key.id) : eq(payments.providerPaymentId, key.providerPaymentId);

/**
 * Moves a payment to `to` only if it is still in one of `from` and the table allows the move
 * (compare-and-set: of two concurrent changes only one applies), setting `changes` with it.
 * Returns the changed row, or undefined when nothing changed.
 */
export async function movePayment(
  tx: Queryable,
  key: PaymentKey,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
  changes: { note?: string | null; refundedPaise?: number } = {},
): Promise<PaymentRow | undefined> {
  const allowed = from.filter((status) => canMovePayment(status, to));
  if (allowed.length === 0) return undefined;
  const [row] = await tx
    .update(payments)
    .set({ ...changes, status: to, updatedAt: sql`now()` })
    .where(and(keyOf(key), inArray(payments.status, allowed)))
    .returning();
  return row;
}

/**
 * Records that the provider has refunded `refundedInAll` of a payment in all (capped at its
 * amount, never lowering what was recorded: refund events may arrive out of order). It becomes
 * `refunded` when that covers the payment, else `partially_refunded`; each is a compare-and-set,
 * tried again once for the other when a concurrent change moved the amount past the line.
 */
export async function recordRefundedTotal(
  tx: Queryable,
  key: PaymentKey,
  refundedInAll: number,
): Promise<PaymentRow | undefined> {
  const total = sql`LEAST(${payments.amountPaise}, GREATEST(${payments.refundedPaise}, ${refundedInAll}))`;
  for (const to of ['refunded', 'partially_refunded', 'refunded'] as const) {
    const covers =
      to === 'refunded' ? sql`${total} >= ${payments.amountPaise}` : sql`${total} < ${payments.amountPaise}`;
    const allowed = (Object.keys(PAYMENT_TRANSITIONS) as PaymentStatus[]).filter((s) => canMovePayment(s, to));
    const [row] = await tx
      .update(payments)
      .set({ refundedPaise: sql`${total}`, status: to, updatedAt: sql`now()` })
      .where(and(keyOf(key), inArray(payments.status, allowed), covers))
      .returning();
    if (row) return row;
  }
  return undefined;
}

/** The payment the provider knows by this id, if the shop has recorded it. */
export async function paymentByProviderId(db: Queryable, providerPaymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  return row;
}

/** An order's payments, oldest first. */
export async function paymentsOfOrder(db: Queryable, orderId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/**
 * How the shopper paid, from the provider's verified payment entity: the method and its detail (the UPI id, the
 * bank's code, the wallet, the card's network and last four digits), each null when the entity has none.
 */
export function paidWith(payment: RazorpayPayment) {
  return {
    method: payment.method,
    vpa: payment.vpa ?? null,
    bank: payment.bank ?? null,
    wallet: payment.wallet ?? null,
    cardNetwork: payment.card?.network ?? null,
    cardLast4: payment.card?.last4 ?? null,
  };
}

/** What the shop decided about a captured payment it records. */
export type CaptureDisposition =
  | { status: 'accepted'; note: null; refusalReason: null }
  | { status: 'refund_pending'; note: string; refusalReason: string };

/**
 * Records a captured payment for the order: a new row, or the row of the same payment recorded
 * before as a failed attempt (a late authorisation), which becomes this capture when the table allows.
 */
export async function recordCapturedPayment(
  tx: Queryable,
  orderId: number,
  payment: RazorpayPayment,
  disposition: CaptureDisposition,
): Promise<void> {
  const values = { orderId, amountPaise: payment.amount, currency: payment.currency, ...paidWith(payment) };
  const set = { ...values, ...disposition };
  // Only a failed attempt is overwritten, and only into a status the table lets it reach.
  const from = (['failed'] as const).filter((status) => canMovePayment(status, disposition.status));
  await tx
    .insert(payments)
    .values({ ...set, providerPaymentId: payment.id })
    .onConflictDoUpdate({
      target: payments.providerPaymentId,
      set: { ...set, updatedAt: sql`now()` },
      setWhere: inArray(payments.status, from),
    });
}

/** Records a failed payment attempt once; `note` is the provider's description of why. */
export async function recordFailedAttempt(tx: Queryable, orderId: number, payment: RazorpayPayment): Promise<void> {
  await tx
    .insert(payments)
    .values({
      orderId,
      providerPaymentId: payment.id,
      amountPaise: payment.amount,
      currency: payment.currency,
      status: 'failed',
      ...paidWith(payment),
      note: payment.error_description ?? null,
    })
    .onConflictDoNothing();
}

/** The refunds made for these payments, oldest first. */
export async function refundsOfPayments(db: Queryable, paymentIds: number[]) {
  if (paymentIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds)).orderBy(asc(refunds.id));
}

/** Records a provider refund once: false when it was recorded already (a repeated or concurrent request). */
export async function insertRefund(
  db: Queryable,
  refund: {
    paymentId: number;
    providerRefundId: string;
    amountPaise: number;
    adminId: number | null;
    requestKey?: string;
  },
): Promise<boolean> {
  const rows = await db.insert(refunds).values(refund).onConflictDoNothing().returning({ id: refunds.id });
  return rows.length > 0;
}

/** True when a refund was already made for this admin request key. */
export async function refundRequested(db: Queryable, requestKey: string): Promise<boolean> {
  const [row] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.requestKey, requestKey));
  return row !== undefined;
}

/** The outcome recorded for a provider event handled before, if it was. */
export async function handledEventOutcome(db: Queryable, eventId: string): Promise<string | null | undefined> {
  const [seen] = await db
    .select({ outcome: paymentEvents.outcome })
    .from(paymentEvents)
    .where(eq(paymentEvents.providerEventId, eventId));
  return seen ? seen.outcome : undefined;
}

/** Records a provider event as handled (once: a concurrent delivery of the same event changes nothing). */
export async function recordHandledEvent(
  db: Queryable,
  event: {
    eventId: string;
    eventType: string;
    payload: Record<string, unknown>;
    orderId: number | null;
    outcome: string;
  },
): Promise<void> {
  await db
    .insert(paymentEvents)
    .values({
      providerEventId: event.eventId,
      eventType: event.eventType,
      payload: event.payload,
      orderId: event.orderId,
      processedAt: new Date(),
      outcome: event.outcome,
    })
    .onConflictDoNothing();
}
