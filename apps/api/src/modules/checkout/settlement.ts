import { and, eq, inArray, orders, payments, type Queryable, sql } from '@kapaas/db';
import type { ServiceDeps } from '../../lib/deps';
import { ownerOfRow } from '../../lib/owner';
import { removePaidLines } from '../cart';
import { formatRupees, redeemCoupon } from '../coupons';
import { orderStockLines, release, sellReserved, sellUnreserved } from '../inventory';
import { changeStatus, PAID_STATUSES, recordEvent } from '../orders';
import { ProviderError, type RazorpayPayment } from '../razorpay';

/** What the payment code needs from the app (ADR 021). */
export type CheckoutDeps = Pick<ServiceDeps, 'db' | 'payments' | 'catalogue' | 'log' | 'metrics'>;

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
  | { kind: 'already'; orderId: number; paid: boolean; note: string | null }
  | { kind: 'refunded' | 'refund_failed'; orderId: number; reason: string }
  | { kind: 'not_captured'; status: RazorpayPayment['status']; reason?: string }
  | { kind: 'unknown_order' };

/** Thrown inside the settling savepoint to undo it when the order cannot take the payment. */
class CannotSettle extends Error {}

type OrderRow = typeof orders.$inferSelect;

async function lockOrderByProviderId(tx: Queryable, providerOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.razorpayOrderId, providerOrderId)).for('update');
  return row;
}

/** Counts one use of the order's coupon through the coupons module, which owns its limits. */
async function redeemOrderCoupon(tx: Queryable, order: OrderRow): Promise<string | null> {
  if (order.couponId === null) return null;
  return redeemCoupon(tx, {
    couponId: order.couponId,
    orderId: order.id,
    owner: ownerOfRow(order),
    discountPaise: order.discountPaise,
  });
}

/** Why an order in this state cannot take a payment, or null when it can. */
function refusalFor(order: OrderRow, payment: RazorpayPayment): string | null {
  if (payment.amount !== order.totalPaise || payment.currency !== order.currency) {
    return `the payment of ${payment.amount} ${payment.currency} paise does not match the order total of ${order.totalPaise} ${order.currency} paise`;
  }
  if (PAID_STATUSES.includes(order.status)) return 'the order had already been paid by another payment';
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
  const [order] = await deps.db.select().from(orders).where(eq(orders.razorpayOrderId, payment.order_id));
  if (!order) return { payment };
  const refusal = refusalFor(order, payment);
  if (refusal !== null) {
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
  payment = captured.payment;
  if (payment.status !== 'captured' && payment.status !== 'refunded') {
    return { kind: 'not_captured', status: payment.status, ...(captured.refusal ? { reason: captured.refusal } : {}) };
  }
  if (!payment.order_id) return { kind: 'unknown_order' };
  const providerOrderId = payment.order_id;

  const outcome = await deps.db.transaction(
    async (
      tx,
    ): Promise<
      | Settlement
      | { kind: 'refund'; orderId: number; reason: string }
      | { kind: 'refund_again'; orderId: number; reason: string }
      | { kind: 'sold'; orderId: number; late: number[] }
    > => {
      const order = await lockOrderByProviderId(tx, providerOrderId);
      if (!order) return { kind: 'unknown_order' };
      const [seen] = await tx.select().from(payments).where(eq(payments.providerPaymentId, payment.id));
      // A payment recorded as failed can still be authorised and captured later under the same id
      // (Razorpay's late authorisation): that capture is new money and is settled like any other.
      if (seen && seen.status !== 'failed') {
        // Not accepted, and its refund failed or never ran (a crash between the two): try again.
        const unrefunded = refundPending(seen);
        if (unrefunded !== null && payment.status === 'captured') {
          return { kind: 'refund_again', orderId: order.id, reason: unrefunded };
        }
        const paid = seen.orderId === order.id && seen.note === null && PAID_STATUSES.includes(order.status);
        return { kind: 'already', orderId: order.id, paid, note: seen.note };
      }
      // Money given back before the shop saw it (from the dashboard, say) never pays for an order.
      if (payment.status === 'refunded' || (payment.amount_refunded ?? 0) > 0) {
        return { kind: 'not_captured', status: payment.status };
      }

      let reason = refusalFor(order, payment);
      if (reason === null) {
        try {
          // Selling held pieces leaves what shoppers can buy unchanged; a late sale takes free ones.
          let lateSale: number[] = [];
          await tx.transaction(async (sp) => {
            const couponProblem = await redeemOrderCoupon(sp, order);
            if (couponProblem) throw new CannotSettle(couponProblem);
            const lines = await orderStockLines(sp, order.id);
            if (order.status === 'pending_payment') {
              await sellReserved(sp, lines);
            } else if (await sellUnreserved(sp, lines)) {
              throw new CannotSettle(
                `the order had ${order.status === 'expired' ? 'expired' : 'failed'} and its items sold out`,
              );
            } else {
              lateSale = lines.map((line) => line.productId);
            }
            const late =
              order.status === 'pending_payment'
                ? ''
                : ` after the order had ${order.status === 'expired' ? 'expired' : 'failed'}`;
            const moved = await changeStatus(
              sp,
              order.id,
              [order.status],
              'paid',
              `Payment ${payment.id} of ${formatRupees(payment.amount)} received${late} (${source}).`,
              { paidAt: new Date() },
            );
            if (!moved) throw new CannotSettle(`the order could not move from ${order.status} to paid`);
            await recordCaptured(sp, order.id, payment, null);
            await removePaidLines(sp, ownerOfRow(order), await orderStockLines(sp, order.id));
          });
          return { kind: 'sold', orderId: order.id, late: lateSale };
        } catch (error) {
          if (!(error instanceof CannotSettle)) throw error;
          reason = error.message;
        }
      }

      // The shop cannot keep this money: record the payment and why, then refund it after commit.
      await recordCaptured(tx, order.id, payment, `${NOT_ACCEPTED}${reason}. Refunding in full.`);
      await recordEvent(
        tx,
        order.id,
        order.status,
        `Payment ${payment.id} of ${formatRupees(payment.amount)} was received but ${reason}; it is being refunded in full.`,
        `A payment of ${formatRupees(payment.amount)} could not be accepted because ${reason}. It is being refunded in full.`,
      );
      return { kind: 'refund', orderId: order.id, reason };
    },
  );

  if (outcome.kind === 'sold') {
    deps.log.info({ orderId: outcome.orderId, paymentId: payment.id, source }, 'order paid');
    deps.metrics?.orderPaid(source);
    await deps.catalogue.stockChanged(outcome.late);
    return { kind: 'settled', orderId: outcome.orderId };
  }
  // Every sight of an unaccepted payment refunds it with the same idempotency key: at most one refund.
  if (outcome.kind !== 'refund' && outcome.kind !== 'refund_again') return outcome;
  return refundUnacceptedPayment(deps, payment, outcome.orderId, outcome.reason);
}

const NOT_ACCEPTED = 'Not accepted: ';

/** Why a recorded payment still has to be refunded (not accepted, and no refund made yet), or null. */
function refundPending(row: typeof payments.$inferSelect): string | null {
  if (row.note === null || !row.note.startsWith(NOT_ACCEPTED)) return null;
  if (row.status !== 'captured' || row.refundedPaise > 0) return null;
  const reason = /^Not accepted: (.*?)\. (?:Refunding in full\.|THE REFUND FAILED)/.exec(row.note)?.[1];
  return reason ?? 'it could not be accepted';
}

/**
 * Records a captured payment for the order: a new row, or the row of the same payment recorded
 * before as a failed attempt (a late authorisation), which becomes this capture.
 */
async function recordCaptured(tx: Queryable, orderId: number, payment: RazorpayPayment, note: string | null) {
  const values = {
    orderId,
    amountPaise: payment.amount,
    currency: payment.currency,
    status: 'captured' as const,
    method: payment.method,
    note,
  };
  await tx
    .insert(payments)
    .values({ ...values, providerPaymentId: payment.id })
    .onConflictDoUpdate({
      target: payments.providerPaymentId,
      set: { ...values, updatedAt: sql`now()` },
      setWhere: eq(payments.status, 'failed'),
    });
}

/**
 * Refunds a payment the shop did not accept, with an idempotency key of the payment id, so that
 * however often this runs the provider makes one refund. A failure is recorded on the payment for
 * the shop owner (it is never silent) and the refund can be retried from the admin side.
 */
async function refundUnacceptedPayment(
  deps: CheckoutDeps,
  payment: RazorpayPayment,
  orderId: number,
  reason: string,
): Promise<Settlement> {
  try {
    const refund = await deps.payments.client.refund(
      payment.id,
      { amount: payment.amount, notes: { order_id: String(orderId), reason } },
      `kapaas_refund_${payment.id}`,
    );
    await deps.db
      .update(payments)
      .set({
        status: 'refunded',
        refundedPaise: refund.amount,
        note: `${NOT_ACCEPTED}${reason}. Refunded in full (refund ${refund.id}).`,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.providerPaymentId, payment.id));
    deps.log.warn({ orderId, paymentId: payment.id, refundId: refund.id, reason }, 'payment refunded');
    return { kind: 'refunded', orderId, reason };
  } catch (error) {
    const detail = error instanceof ProviderError ? `${error.code}: ${error.description}` : String(error);
    await deps.db
      .update(payments)
      .set({
        note: `${NOT_ACCEPTED}${reason}. THE REFUND FAILED (${detail}); refund it from the admin console.`,
        updatedAt: sql`now()`,
      })
      .where(eq(payments.providerPaymentId, payment.id));
    deps.log.error({ err: error, orderId, paymentId: payment.id, reason }, 'refund of an unaccepted payment failed');
    return { kind: 'refund_failed', orderId, reason };
  }
}

/**
 * A failed payment attempt (the `payment.failed` webhook): an order still awaiting payment becomes
 * `payment_failed` and its stock is released. A later capture on the same provider order (the
 * shopper retries in the dialog) still settles it through `settlePayment`. Never moves a paid order.
 */
export async function recordFailedPayment(deps: CheckoutDeps, payment: RazorpayPayment): Promise<number | null> {
  if (!payment.order_id) return null;
  const providerOrderId = payment.order_id;
  const result = await deps.db.transaction(async (tx) => {
    const order = await lockOrderByProviderId(tx, providerOrderId);
    if (!order) return { orderId: null, released: [] as number[] };
    await tx
      .insert(payments)
      .values({
        orderId: order.id,
        providerPaymentId: payment.id,
        amountPaise: payment.amount,
        currency: payment.currency,
        status: 'failed',
        method: payment.method,
        note: payment.error_description ?? null,
      })
      .onConflictDoNothing();
    const why = payment.error_description ? `: ${payment.error_description}` : '';
    const moved = await changeStatus(
      tx,
      order.id,
      ['pending_payment'],
      'payment_failed',
      `Payment ${payment.id} failed${why}. The items were released.`,
    );
    if (!moved) return { orderId: order.id, released: [] };
    const lines = await orderStockLines(tx, order.id);
    await release(tx, lines);
    return { orderId: order.id, released: lines.map((line) => line.productId) };
  });
  if (result.orderId !== null) deps.metrics?.paymentFailed('declined');
  await deps.catalogue.stockChanged(result.released);
  return result.orderId;
}

/** A refund the provider processed: the payment's refunded amount, and a cancelled order becomes refunded. */
export async function recordRefund(deps: CheckoutDeps, payment: RazorpayPayment): Promise<number | null> {
  return deps.db.transaction(async (tx) => {
    const refunded = Math.min(payment.amount_refunded ?? 0, payment.amount);
    // Events may arrive out of order: the refunded amount only ever grows.
    const total = sql<number>`GREATEST(${payments.refundedPaise}, ${refunded})`;
    const [row] = await tx
      .update(payments)
      .set({
        refundedPaise: total,
        status: sql`CASE WHEN ${total} >= ${payments.amountPaise} THEN 'refunded' ELSE 'partially_refunded' END`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(payments.providerPaymentId, payment.id),
          inArray(payments.status, ['captured', 'partially_refunded', 'refunded']),
        ),
      )
      .returning({ orderId: payments.orderId });
    if (!row) return null;
    if (refunded >= payment.amount) {
      await changeStatus(tx, row.orderId, ['cancelled'], 'refunded', `Refund of ${formatRupees(refunded)} processed.`);
    }
    return row.orderId;
  });
}
