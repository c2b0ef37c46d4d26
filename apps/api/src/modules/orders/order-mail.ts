import { type OrderStatus, orders, type Queryable } from '@kapaas/db';
import { eq, sql } from 'drizzle-orm';
import { holdMail, type MailKind, queueMail, releaseMail } from '../mail';
import { placedWhatsApp, statusWhatsApp } from './order-whatsapp';

// The shopper's and the owner's messages about an order, queued in the transaction that changes it
// (mail module, ADR 034): they go out if and only if the change commits, once per event.

async function recipientOf(tx: Queryable, orderId: number) {
  const [order] = await tx
    .select({ email: sql<string>`${orders.addressSnapshot}->>'email_id'`, paymentMethod: orders.paymentMethod })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found`);
  return order;
}

/** A new order the owner must hear about: paid online, or placed for cash on delivery. */
async function tellOwner(tx: Queryable, orderId: number) {
  await queueMail(tx, { kind: 'owner_new_order', key: `owner-new-order:${orderId}`, payload: { order_id: orderId } });
}

/** The key of an order's confirmation: the COD tap handler and the wording of the COD confirmation find it by it. */
export const orderPlacedKey = (orderId: number) => `order-placed:${orderId}`;

/**
 * The confirmation's offer to pay online instead (issue 34, ADR 048): its Payment Link is being made, so the message
 * is held until `holdUntil` at the latest (`releaseOrderPlaced` lets it go sooner), and without a link by then it
 * offers the order page, at this price.
 */
export interface PayLinkToCome {
  holdUntil: Date;
  totalPaise: number;
  savingPaise: number;
}

/**
 * A cash-on-delivery order was placed (in the checkout, or by Razorpay's own COD): the shopper's receipt and the
 * owner's note. With `payLink`, the receipt waits for the order's payment link.
 */
export async function queueOrderPlaced(tx: Queryable, orderId: number, payLink?: PayLinkToCome): Promise<void> {
  const { email } = await recipientOf(tx, orderId);
  const key = orderPlacedKey(orderId);
  const offer = payLink ? { pay_online: { total_paise: payLink.totalPaise, saving_paise: payLink.savingPaise } } : {};
  const whatsapp = await placedWhatsApp(tx, orderId);
  await queueMail(tx, {
    kind: 'order_placed',
    key,
    to: email,
    payload: { order_id: orderId, ...offer },
    ...(whatsapp ? { whatsapp } : {}),
  });
  if (payLink) await holdMail(tx, key, payLink.holdUntil);
  await tellOwner(tx, orderId);
}

/** The payment link was made, or could not be: the confirmation held for it goes now. */
export async function releaseOrderPlaced(db: Queryable, orderId: number): Promise<void> {
  await releaseMail(db, orderPlacedKey(orderId));
}

/** A message in place of a status's usual one: a cash-on-delivery order cancelled because nobody confirmed it. */
export type StatusMailKind = Extract<MailKind, 'order_cod_unconfirmed'>;

/**
 * The message a status change sends, if any: paid (with the invoice, and the owner's note), shipped
 * (with the owner's note to the shopper, such as the tracking number; a COD order's invoice, issued
 * at shipping, goes with it), delivered and cancelled.
 */
export async function queueStatusMail(
  tx: Queryable,
  orderId: number,
  to: OrderStatus,
  customerNote: string | null,
  kind?: StatusMailKind,
): Promise<void> {
  if (to !== 'paid' && to !== 'shipped' && to !== 'delivered' && to !== 'cancelled') return;
  const { email, paymentMethod } = await recipientOf(tx, orderId);
  const payload: Record<string, unknown> = { order_id: orderId, note: customerNote };
  if (to === 'paid' || (to === 'shipped' && paymentMethod === 'cod')) payload.invoice_of_order = orderId;
  // The key is the status's whatever the message, so that an order is told of its cancellation once.
  const whatsapp = await statusWhatsApp(tx, orderId, to, kind);
  const mail = { kind: kind ?? (`order_${to}` as const), key: `order-${to}:${orderId}`, to: email, payload };
  await queueMail(tx, { ...mail, ...(whatsapp ? { whatsapp } : {}) });
  if (to === 'paid') await tellOwner(tx, orderId);
}

/**
 * The key of the message about one refund of a payment: named by the provider's refund, so that whichever path (the
 * refund workflow, the provider's webhook, a return's refund) records it first, the shopper hears of each refund once,
 * with its own amount.
 */
export const refundMailKey = (paymentId: number, providerRefundId: string) =>
  `order-refunded:${paymentId}:${providerRefundId}`;

/** A refund reached the shopper's payment: the message says how much this refund gave back. */
export async function queueRefundMail(
  tx: Queryable,
  refund: { orderId: number; paymentId: number; amountPaise: number; key: string },
): Promise<void> {
  const { email } = await recipientOf(tx, refund.orderId);
  await queueMail(tx, {
    kind: 'order_refunded',
    key: refund.key,
    to: email,
    payload: { order_id: refund.orderId, amount_paise: refund.amountPaise },
  });
}
