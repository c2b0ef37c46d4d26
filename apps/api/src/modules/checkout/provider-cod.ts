import { ownerOfRow } from '../../lib/owner';
import { EffectRefused } from '../../lib/state-machine';
import { removePaidLines } from '../cart';
import { type CodCase, codRefusal, deliveryTermsOf, lockCodCase } from '../delivery';
import { orderStockLines } from '../inventory';
import {
  inOrderTransaction,
  lockOrderByProviderId,
  moveOrder,
  type OrderRow,
  type OrderTransaction,
  recordEvent,
} from '../orders';
import type { RazorpayPayment } from '../razorpay';
import type { CheckoutDeps, PaymentSource } from './settlement';

/** Whether a provider payment is Razorpay's own cash on delivery: pending, to be collected at the door. */
export const isProviderCod = (payment: RazorpayPayment) => payment.method === 'cod' && payment.status === 'pending';

/** What became of an order whose shopper chose Razorpay's cash on delivery. */
export type ProviderCodOutcome =
  | { kind: 'cod_accepted'; orderId: number }
  | { kind: 'cod_refused'; orderId: number; reason: string }
  | { kind: 'cod_already'; orderId: number }
  | { kind: 'unknown_order' };

/**
 * Razorpay's own cash on delivery (ADR 033): the shopper opened the online checkout and chose COD there, so Razorpay
 * reports a `payment.pending` payment with method `cod`. The order must not expire as if nobody paid. Under the order's
 * lock, every COD rule of the shop is judged as for a COD order placed at the shop's own checkout (without the shop's
 * fee: Razorpay's dialog did not show it):
 * - allowed: the held stock is sold, the coupon redeemed, the cart emptied of the lines, and the order becomes a COD
 *   order in cod_confirmed (or cod_pending_confirmation above the owner's confirmation value) that never expires;
 * - refused: the order fails and its stock goes back on sale, with the reason in its history for the shop and a
 *   sentence for the shopper, so nobody waits for a parcel that will not come.
 * Seen again (a repeated webhook, the expiry check after the webhook) it changes nothing.
 */
export async function acceptProviderCod(
  deps: CheckoutDeps,
  payment: RazorpayPayment,
  source: PaymentSource,
): Promise<ProviderCodOutcome> {
  if (!payment.order_id) return { kind: 'unknown_order' };
  const providerOrderId = payment.order_id;
  const outcome = await inOrderTransaction(deps, async (t) => {
    const { tx } = t;
    const order = await lockOrderByProviderId(tx, providerOrderId);
    if (!order) return { kind: 'unknown_order' } as const;
    if (order.status !== 'pending_payment') return { kind: 'cod_already', orderId: order.id } as const;
    const terms = await deliveryTermsOf(tx);
    const { pin_code: pin, phone_number: phone, address } = order.addressSnapshot;
    const codCase: CodCase = { owner: ownerOfRow(order), pin, phone, address, now: new Date() };
    // The open-order limit is judged under the same locks as a COD order placed at the shop's checkout.
    await lockCodCase(tx, codCase);
    const refusal =
      payment.amount !== order.totalPaise
        ? `the amount of ${payment.amount} paise does not match the order total of ${order.totalPaise} paise`
        : await codRefusal(tx, terms, { ...codCase, orderValuePaise: order.itemsTotalPaise - order.discountPaise });
    if (refusal) return refuse(t, order, payment, refusal);
    return accept(t, order, payment, terms.codConfirmAbovePaise, source);
  });
  if (outcome.kind === 'cod_refused') {
    deps.log.warn({ orderId: outcome.orderId, paymentId: payment.id, reason: outcome.reason }, 'refused Razorpay COD');
    deps.metrics?.paymentFailed('cod_refused');
  }
  return outcome;
}

/**
 * The order becomes a cash-on-delivery order (the payment code's `choose COD` move: the coupon's use counted, the held
 * stock sold, the order made COD and its receipt queued), in a savepoint undone when an effect refuses (the coupon's
 * limits reached meanwhile), which refuses the COD instead. The cart then loses the lines.
 */
async function accept(
  t: OrderTransaction,
  order: OrderRow,
  payment: RazorpayPayment,
  confirmAbovePaise: number | null,
  source: PaymentSource,
): Promise<ProviderCodOutcome> {
  const confirmFirst = confirmAbovePaise !== null && order.totalPaise > confirmAbovePaise;
  const to = confirmFirst ? 'cod_pending_confirmation' : 'cod_confirmed';
  const note = `Razorpay cash on delivery chosen in the checkout (payment ${payment.id}, ${source}).`;
  try {
    await t.tx.transaction((sp) => moveOrder({ ...t, tx: sp }, order.id, to, { by: 'payment', note }));
  } catch (error) {
    if (!(error instanceof EffectRefused)) throw error;
    return refuse(t, order, payment, error.message);
  }
  await removePaidLines(t.tx, ownerOfRow(order), await orderStockLines(t.tx, order.id));
  return { kind: 'cod_accepted', orderId: order.id };
}

async function refuse(
  t: OrderTransaction,
  order: OrderRow,
  payment: RazorpayPayment,
  reason: string,
): Promise<ProviderCodOutcome> {
  const outcome = await moveOrder(t, order.id, 'payment_failed', {
    by: 'payment',
    from: ['pending_payment'],
    note: `Razorpay cash on delivery (payment ${payment.id}) refused: ${reason}. The items were released.`,
    customerNote:
      'Cash on delivery is not available for this order. Nothing was charged: please order again and pay online.',
  });
  if (!outcome.moved) {
    const note = `Razorpay cash on delivery (payment ${payment.id}) ignored: ${reason}.`;
    await recordEvent(t.tx, order.id, order.status, note);
  }
  return { kind: 'cod_refused', orderId: order.id, reason };
}
