import { formatPaise } from '@kapaas/contract';
import type { PaymentStatus, Queryable } from '@kapaas/db';
import type { Logger, ServiceDeps } from '../../lib/deps';
import { ownerOfRow } from '../../lib/owner';
import { EffectRefused } from '../../lib/state-machine';
import { removePaidLines } from '../cart';
import { orderStockLines } from '../inventory';
import {
  dueOnlinePaise,
  hasCodAdvance,
  inOrderTransaction,
  lapseOf,
  lockOrder,
  lockOrderByProviderId,
  moveOrder,
  type OrderRow,
  type OrderTransaction,
  orderByProviderId,
  paidOnline,
  recordEvent,
} from '../orders';
import { ProviderError, type RazorpayPayment, type RazorpayRefund } from '../razorpay';
import {
  type CodPrepaymentRow,
  lockPrepaidOrder,
  prepaidOrderOf,
  prepaymentRefusal,
  sellPrepaid,
} from './cod-pay-online';
import {
  AWAITING_REFUND,
  movePayment,
  type PaymentRow,
  paymentByProviderId,
  recordCapturedPayment,
  recordFailedAttempt,
  recordRefundedTotal,
  wasAccepted,
} from './payments.repository';
import { claimStillAsking, recordMadeRefund, refund, toTheCard } from './refund';

/** Where the payment code writes what it did: the app's logger, or any with pino's calls. */
export type PaymentLog = Pick<Logger, 'info' | 'warn' | 'error'>;

/** What the payment code needs from the app (ADR 021). */
export type CheckoutDeps = Pick<ServiceDeps, 'db' | 'payments' | 'catalogue' | 'log' | 'metrics' | 'funnel'>;

/** Where a payment came from, for the order's history and the logs. */
export type PaymentSource = 'checkout' | 'webhook' | 'expiry check';

/**
 * What became of a captured payment:
 * - settled: it paid its order, just now;
 * - already: this payment was handled before (by the other of callback and webhook): nothing changed;
 * - refunded / refund_failed: the shop could not accept it (its order was paid by another payment,
 *   cancelled, or expired and sold out, or its coupon was used up meanwhile) and gave the money back,
 *   or tried to and recorded that the refund still has to be made;
 * - not_captured: the provider has not captured it (authorised only, or failed): nothing changed;
 *   `reason` says why the shop left an authorised payment uncaptured (the bank releases it);
 * - unknown_order: no order of ours has this provider order id.
 */
export type Settlement =
  | { kind: 'settled'; orderId: number }
  | { kind: 'already'; orderId: number; paid: boolean; status: PaymentStatus }
  | { kind: 'refunded' | 'refund_failed'; orderId: number; reason: string }
  | { kind: 'not_captured'; status: RazorpayPayment['status']; reason?: string }
  | { kind: 'unknown_order' };

/** Thrown inside the settling savepoint to undo it when the order cannot take the payment. */
class CannotSettle extends Error {}

/** Why an order in this state cannot take a payment, or null when it can. */
function refusalFor(order: OrderRow, payment: RazorpayPayment): string | null {
  // A cash-on-delivery order with an advance (issue 34) asks the advance online, not its total.
  const due = dueOnlinePaise(order);
  const what = hasCodAdvance(order) ? 'advance' : 'total';
  if (payment.amount !== due || payment.currency !== order.currency) {
    return `the payment of ${payment.amount} ${payment.currency} paise does not match the order ${what} of ${due} ${order.currency} paise`;
  }
  if (paidOnline(order)) return 'the order had already been paid by another payment';
  if (order.status === 'cancelled' || order.status === 'refunded') return 'the order had been cancelled';
  return null;
}

/**
 * An authorised payment (a Razorpay account set to capture manually) is captured when its order
 * can take it: the amount and currency match the order's total and the order is neither paid nor
 * cancelled. Otherwise it is left authorised, and the bank releases it by itself: no money is
 * taken only to be refunded. Of two simultaneous captures (the callback and the webhook) the
 * provider refuses the second; the payment is then fetched again and settles as captured.
 * A provider that cannot be reached throws, so the caller answers "try again" (the webhook a 5xx,
 * which Razorpay retries).
 */
async function captureIfAcceptable(
  deps: CheckoutDeps,
  payment: RazorpayPayment,
): Promise<{ payment: RazorpayPayment; refusal?: string }> {
  if (payment.status !== 'authorized' || !payment.order_id) return { payment };
  const prepaid = await prepaidOrderOf(deps.db, payment.order_id);
  const order = prepaid?.order ?? (await orderByProviderId(deps.db, payment.order_id));
  if (!order) return { payment };
  const refusal = prepaid
    ? await prepaymentRefusal(deps.db, order, prepaid.prepayment, payment)
    : refusalFor(order, payment);
  if (refusal !== null) {
    // The other caller (the webhook, or the shopper's confirmation) may have captured and settled this very payment
    // since it was fetched: then it is captured, and settles as seen before.
    const now = await deps.payments.client.fetchPayment(payment.id);
    if (now.status === 'captured') return { payment: now };
    deps.log.warn({ orderId: order.id, paymentId: payment.id, refusal }, 'left an authorised payment uncaptured');
    return { payment, refusal };
  }
  try {
    return { payment: await deps.payments.client.capturePayment(payment.id, payment.amount, payment.currency) };
  } catch (error) {
    if (!(error instanceof ProviderError) || error.status === null || error.status >= 500) throw error;
    // Refused: captured meanwhile by the other caller, or no longer capturable. Ask what it is now.
    deps.log.info({ orderId: order.id, paymentId: payment.id, refused: error.message }, 'capture refused');
    return { payment: await deps.payments.client.fetchPayment(payment.id) };
  }
}

/** A decision taken inside the settling transaction; refunds and notices follow after commit. */
type Decision =
  | Settlement
  | { kind: 'refund'; orderId: number; reason: string }
  | { kind: 'refund_again'; orderId: number; reason: string }
  | { kind: 'sold'; orderId: number };

/**
 * The one place an order becomes paid (ADR 012): the checkout's second call, the webhook and the
 * expiry sweep all come here with a payment the provider says is captured, or authorised (which
 * is captured first, see captureIfAcceptable). In one transaction it locks the order, and
 * - if this payment was recorded before, changes nothing (exactly once, whichever caller is first);
 * - otherwise, when the order can take it: sells the held stock (or, after expiry or a failed first
 *   attempt, stock that is still free), counts the coupon, marks the order paid, records the
 *   payment and empties the paid lines from the cart;
 * - when it cannot: records the payment with the reason and refunds it through the provider with
 *   an idempotency key, so that no money is kept for an order the shop cannot fill.
 */
export async function settlePayment(
  deps: CheckoutDeps,
  payment: RazorpayPayment,
  source: PaymentSource,
): Promise<Settlement> {
  const captured = await captureIfAcceptable(deps, payment);
  const settling = captured.payment;
  if (settling.status !== 'captured' && settling.status !== 'refunded') {
    return { kind: 'not_captured', status: settling.status, ...(captured.refusal ? { reason: captured.refusal } : {}) };
  }
  const providerOrderId = settling.order_id;
  if (!providerOrderId) return { kind: 'unknown_order' };
  const decision = await inOrderTransaction(deps, (t) => decide(t, settling, providerOrderId, source));
  return carryOut(deps, settling, source, decision);
}

/** Locks the order and decides what this captured payment does to it (see settlePayment). */
async function decide(
  t: OrderTransaction,
  payment: RazorpayPayment,
  providerOrderId: string,
  source: PaymentSource,
): Promise<Decision> {
  const { tx } = t;
  // A cash-on-delivery order's offer to pay online (cod-pay-online.ts) has a Razorpay order of its own.
  const prepaid = await lockPrepaidOrder(tx, providerOrderId);
  const order = prepaid?.order ?? (await lockOrderByProviderId(tx, providerOrderId));
  if (!order) return { kind: 'unknown_order' };
  const seen = await paymentByProviderId(tx, payment.id);
  // A payment recorded as failed can still be authorised and captured later under the same id
  // (Razorpay's late authorisation): that capture is new money and is settled like any other.
  if (seen && seen.status !== 'failed') return repeatOf(seen, order, payment);
  // Money given back before the shop saw it (from the dashboard, say) never pays for an order.
  if (payment.status === 'refunded' || (payment.amount_refunded ?? 0) > 0) {
    return { kind: 'not_captured', status: payment.status };
  }
  // Under the order's lock, which the courier's booking also takes to claim a parcel: one of the two comes first.
  let reason = prepaid ? await prepaymentRefusal(tx, order, prepaid.prepayment, payment) : refusalFor(order, payment);
  if (reason === null) {
    const sale = await sellInSavepoint(t, order, payment, source, prepaid?.prepayment);
    if (sale.kind === 'sold') return sale;
    reason = sale.reason;
  }
  await recordRefusal(tx, order, payment, reason);
  return { kind: 'refund', orderId: order.id, reason };
}

/**
 * A payment seen before: one not accepted whose refund failed or never ran (a crash between the
 * two) is refunded again; anything else changes nothing.
 */
function repeatOf(seen: PaymentRow, order: OrderRow, payment: RazorpayPayment): Decision {
  const unrefunded = AWAITING_REFUND.includes(seen.status) && seen.refundedPaise === 0;
  if (unrefunded && payment.status === 'captured') {
    return { kind: 'refund_again', orderId: order.id, reason: seen.refusalReason ?? 'it could not be accepted' };
  }
  const paid = seen.orderId === order.id && wasAccepted(seen) && paidOnline(order);
  return { kind: 'already', orderId: order.id, paid, status: seen.status };
}

/**
 * Sells the order to this payment in a savepoint, which is undone when the order cannot take it after all (its coupon
 * used up, its items sold out after it expired: an effect of the move refuses). Answers the sale, or why not.
 */
async function sellInSavepoint(
  t: OrderTransaction,
  order: OrderRow,
  payment: RazorpayPayment,
  source: PaymentSource,
  prepayment?: CodPrepaymentRow,
): Promise<{ kind: 'sold'; orderId: number } | { kind: 'refused'; reason: string }> {
  try {
    await t.tx.transaction((sp) =>
      prepayment
        ? sellPrepaid({ ...t, tx: sp }, order, payment, { source, prepayment })
        : sell({ ...t, tx: sp }, order, payment, source),
    );
    return { kind: 'sold', orderId: order.id };
  } catch (error) {
    if (error instanceof EffectRefused || error instanceof CannotSettle)
      return { kind: 'refused', reason: error.message };
    throw error;
  }
}

/**
 * The order becomes paid (the payment code's `pay` or `pay late` move: the coupon's use counted, the stock taken, the
 * tax invoice issued, the shopper and the owner told), then the payment is recorded and the cart loses the paid lines.
 * A cash-on-delivery order's advance (issue 34) confirms it instead (`pay advance`: sold, the rest due at the door; its
 * invoice, for the whole order, follows at shipping as for any COD order).
 */
async function sell(t: OrderTransaction, order: OrderRow, payment: RazorpayPayment, source: PaymentSource) {
  const after = order.status === 'pending_payment' ? '' : ` after the order had ${lapseOf(order)}`;
  const advance = hasCodAdvance(order);
  const to = advance ? 'cod_confirmed' : 'paid';
  const rest = formatPaise(order.totalPaise - order.codAdvancePaise);
  const moved = await moveOrder(t, order.id, to, {
    by: 'payment',
    from: [order.status],
    note: advance
      ? `Advance ${payment.id} of ${formatPaise(payment.amount)} received${after} (${source}); ${rest} to collect in cash on delivery.`
      : `Payment ${payment.id} of ${formatPaise(payment.amount)} received${after} (${source}).`,
    ...(advance
      ? { customerNote: `Advance of ${formatPaise(payment.amount)} received; ${rest} to pay on delivery.` }
      : {}),
  });
  if (!moved.moved) throw new CannotSettle(`the order could not move from ${order.status} to ${to}`);
  await recordCapturedPayment(t.tx, order.id, payment, { status: 'accepted', note: null, refusalReason: null });
  await removePaidLines(t.tx, ownerOfRow(order), await orderStockLines(t.tx, order.id));
}

/** The shop cannot keep this money: records the payment and why; the refund follows after commit. */
async function recordRefusal(tx: Queryable, order: OrderRow, payment: RazorpayPayment, reason: string) {
  await recordCapturedPayment(tx, order.id, payment, {
    status: 'refund_pending',
    note: `${NOT_ACCEPTED}${reason}. Refunding in full.`,
    refusalReason: reason,
  });
  await recordEvent(
    tx,
    order.id,
    order.status,
    `Payment ${payment.id} of ${formatPaise(payment.amount)} was received but ${reason}; it is being refunded in full.`,
    `A payment of ${formatPaise(payment.amount)} could not be accepted because ${reason}. It is being refunded in full.`,
  );
}

/** After commit: counts and announces a sale, or refunds a payment the shop did not accept. */
async function carryOut(
  deps: CheckoutDeps,
  payment: RazorpayPayment,
  source: PaymentSource,
  decision: Decision,
): Promise<Settlement> {
  if (decision.kind === 'sold') {
    deps.log.info({ orderId: decision.orderId, paymentId: payment.id, source }, 'order paid');
    deps.metrics?.orderPaid(source);
    return { kind: 'settled', orderId: decision.orderId };
  }
  // Every sight of an unaccepted payment refunds it with the same idempotency key: at most one refund.
  if (decision.kind !== 'refund' && decision.kind !== 'refund_again') return decision;
  return refundUnacceptedPayment(deps, payment, decision.orderId, decision.reason);
}

/** The start of the note (for people) on a payment the shop did not accept. */
const NOT_ACCEPTED = 'Not accepted: ';

/**
 * Refunds a payment the shop did not accept, with an idempotency key of the payment id, so that
 * however often this runs the provider makes one refund. A failure is recorded on the payment and in
 * its order's history for the shop owner (it is never silent) and the refund can be retried from the admin side.
 */
async function refundUnacceptedPayment(
  deps: CheckoutDeps,
  payment: RazorpayPayment,
  orderId: number,
  reason: string,
): Promise<Settlement> {
  const key = `kapaas_refund_${payment.id}`;
  try {
    const made = await refund(deps, {
      orderId,
      key,
      providerNotes: { reason },
      // The whole payment, always under the same key: the provider answers every repeat with the same refund.
      plan: (_order, payments) => {
        const row = payments.find((p) => p.providerPaymentId === payment.id);
        return row ? { payment: row, amount: row.amountPaise, key } : null;
      },
      note: (done) =>
        `Payment ${payment.id} of ${formatPaise(payment.amount)} was refunded in full (refund ${done.id}).`,
      customerNote: () => null,
      onRecorded: async ({ tx }, done) => {
        const note = `${NOT_ACCEPTED}${reason}. Refunded in full (refund ${done.id}).`;
        await movePayment(tx, { providerPaymentId: payment.id }, ['refunded'], 'refunded', { note });
      },
    });
    deps.log.warn({ orderId, paymentId: payment.id, refundId: made?.id, reason }, 'payment refunded');
    return { kind: 'refunded', orderId, reason };
  } catch (error) {
    const detail = error instanceof ProviderError ? `${error.code}: ${error.description}` : String(error);
    await recordRefundOutcome(deps.db, orderId, payment.id, {
      to: 'refund_failed',
      changes: { note: `${NOT_ACCEPTED}${reason}. THE REFUND FAILED (${detail}); refund it from the admin console.` },
      line: `The automatic refund of payment ${payment.id} of ${formatPaise(payment.amount)} failed (${detail}); the shop still holds this money: refund it under Payment and refunds.`,
    });
    deps.log.error({ err: error, orderId, paymentId: payment.id, reason }, 'refund of an unaccepted payment failed');
    return { kind: 'refund_failed', orderId, reason };
  }
}

/**
 * Records that the automatic refund of a payment the shop did not accept failed: the payment's move and, when it
 * leaves `refund_pending`, a line for the owner in its order's history, which so far says the payment "is being
 * refunded". A refund that fails again only updates the payment's note: the history says each outcome once. Under the
 * order's lock, taken first as by every writer of both, so that the move and its line go together. (A refund made is
 * recorded by the refund workflow, refund.ts.)
 */
async function recordRefundOutcome(
  db: CheckoutDeps['db'],
  orderId: number,
  providerPaymentId: string,
  outcome: { to: 'refund_failed'; changes: { note: string }; line: string },
): Promise<void> {
  const key = { providerPaymentId };
  const { to, changes, line } = outcome;
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const moved = await movePayment(tx, key, ['refund_pending'], to, changes);
    if (moved && order) await recordEvent(tx, orderId, order.status, line);
    if (!moved) await movePayment(tx, key, [to], to, changes);
  });
}

/**
 * A failed payment attempt (the `payment.failed` webhook): an order still awaiting payment becomes
 * `payment_failed` and its stock is released. A later capture on the same provider order (the
 * shopper retries in the dialog) still settles it through `settlePayment`. Never moves a paid order.
 */
export async function recordFailedPayment(deps: CheckoutDeps, payment: RazorpayPayment): Promise<number | null> {
  if (!payment.order_id) return null;
  const providerOrderId = payment.order_id;
  const orderId = await inOrderTransaction(deps, async (t) => {
    const order = await lockOrderByProviderId(t.tx, providerOrderId);
    if (!order) return null;
    await recordFailedAttempt(t.tx, order.id, payment);
    const why = payment.error_description ? `: ${payment.error_description}` : '';
    await moveOrder(t, order.id, 'payment_failed', {
      by: 'payment',
      from: ['pending_payment'],
      note: `Payment ${payment.id} failed${why}. The items were released.`,
    });
    return order.id;
  });
  if (orderId !== null) deps.metrics?.paymentFailed('declined');
  return orderId;
}

/**
 * A refund the provider processed (`refund.processed`): the payment's refunded total, which only ever grows (events
 * arrive out of order), and the refund itself, recorded once by `recordMadeRefund` unless the refund workflow that
 * asked for it is still to record it (it carries more: a return's pieces, the owner's note). A refund made in
 * Razorpay's dashboard is recorded here alone: its row, credit note, message and history line. A payment refused and
 * awaiting its refund says in its history that it was refunded, once; a cancelled order whose own payment is now
 * refunded in full becomes refunded.
 */
export async function recordRefund(
  deps: CheckoutDeps,
  payment: RazorpayPayment,
  refund?: RazorpayRefund,
): Promise<number | null> {
  return inOrderTransaction(deps, async (t) => {
    const { tx } = t;
    // The order first, then its payment, as every other writer of both takes them: a console refund of the same
    // payment, recorded at this moment, then waits here instead of deadlocking.
    if (payment.order_id) await lockOrderByProviderId(tx, payment.order_id);
    const row = await paymentByProviderId(tx, payment.id);
    if (!row) return null;
    const refundedInAll = Math.min(payment.amount_refunded ?? 0, payment.amount);
    if (!refund || (await claimStillAsking(tx, refund.notes))) {
      await recordRefundedTotal(tx, { providerPaymentId: payment.id }, refundedInAll);
      return row.orderId;
    }
    const own = row.refusalReason === null;
    const how = refundedInAll >= payment.amount ? 'in full' : `${formatPaise(refundedInAll)} of it`;
    await recordMadeRefund(t, {
      orderId: row.orderId,
      paymentId: row.id,
      refund: { id: refund.id, amount: refund.amount },
      refundedInAll,
      by: 'payment',
      adminId: null,
      note: own
        ? `Refund ${refund.id} of ${formatPaise(refund.amount)} (reported by Razorpay).`
        : `Payment ${payment.id} was refunded ${how} (reported by Razorpay).`,
      customerNote: own ? toTheCard(refund.amount) : null,
    });
    return row.orderId;
  });
}
