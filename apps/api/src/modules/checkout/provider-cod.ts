import type { Queryable } from '@kapaas/db';
import { ownerOfRow } from '../../lib/owner';
import { removePaidLines } from '../cart';
import { redeemCoupon } from '../coupons';
import { type CodCase, codRefusal, deliveryTermsOf, lockCodCase } from '../delivery';
import { orderStockLines, sellReserved } from '../inventory';
import { changeStatus, markCashOnDelivery, queueOrderPlaced, recordEvent } from '../orders';
import type { RazorpayPayment } from '../razorpay';
import { giveBackHeld } from './order-effects';
import { lockOrderByProviderId, type OrderRow } from './payments.repository';
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
  const outcome = await deps.db.transaction(async (tx) => {
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
    if (refusal) return refuse(tx, order, payment, refusal);
    return accept(tx, order, payment, terms.codConfirmAbovePaise, source);
  });
  if (outcome.kind === 'cod_refused') {
    deps.log.warn({ orderId: outcome.orderId, paymentId: payment.id, reason: outcome.reason }, 'refused Razorpay COD');
    deps.metrics?.paymentFailed('cod_refused');
    const lines = await orderStockLines(deps.db, outcome.orderId);
    await deps.catalogue.stockChanged(lines.map((line) => line.productId));
  }
  return outcome;
}

async function accept(
  tx: Queryable,
  order: OrderRow,
  payment: RazorpayPayment,
  confirmAbovePaise: number | null,
  source: PaymentSource,
): Promise<ProviderCodOutcome> {
  const problem =
    order.couponId === null
      ? null
      : await redeemCoupon(tx, {
          couponId: order.couponId,
          orderId: order.id,
          owner: ownerOfRow(order),
          discountPaise: order.discountPaise,
        });
  if (problem) return refuse(tx, order, payment, `its coupon cannot be used: ${problem}`);
  const stock = await orderStockLines(tx, order.id);
  await sellReserved(tx, stock);
  await markCashOnDelivery(tx, order.id);
  const confirmFirst = confirmAbovePaise !== null && order.totalPaise > confirmAbovePaise;
  const to = confirmFirst ? 'cod_pending_confirmation' : 'cod_confirmed';
  const note = `Razorpay cash on delivery chosen in the checkout (payment ${payment.id}, ${source}).`;
  await changeStatus(tx, order.id, ['pending_payment'], to, note);
  await removePaidLines(tx, ownerOfRow(order), stock);
  await queueOrderPlaced(tx, order.id);
  return { kind: 'cod_accepted', orderId: order.id };
}

async function refuse(
  tx: Queryable,
  order: OrderRow,
  payment: RazorpayPayment,
  reason: string,
): Promise<ProviderCodOutcome> {
  const moved = await changeStatus(
    tx,
    order.id,
    ['pending_payment'],
    'payment_failed',
    `Razorpay cash on delivery (payment ${payment.id}) refused: ${reason}. The items were released.`,
    {
      customerNote:
        'Cash on delivery is not available for this order. Nothing was charged: please order again and pay online.',
    },
  );
  if (moved) await giveBackHeld(tx, order.id);
  else
    await recordEvent(
      tx,
      order.id,
      order.status,
      `Razorpay cash on delivery (payment ${payment.id}) ignored: ${reason}.`,
    );
  return { kind: 'cod_refused', orderId: order.id, reason };
}
