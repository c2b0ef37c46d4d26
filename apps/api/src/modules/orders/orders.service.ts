import type {
  OrderDetail,
  OrderLine,
  OrderShipment,
  OrderSummary,
  TrackedOrder,
  TrackOrderRequest,
} from '@kapaas/contract';
import { paidByOf } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { paiseToRupees } from '../../lib/money';
import type { Owner } from '../../lib/owner';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import { invoiceNumberOf } from '../tax';
import { codConfirmationOnWhatsApp, codWhatsAppNote } from './cod-confirmation';
import { codDuePaise, customerHistory, hasCodAdvance, paidOnline } from './lifecycle';
import {
  historyOf,
  linesOf,
  orderByNumber,
  orderOf,
  ordersOf,
  paidMethodsOf,
  paymentOf,
  returnsOfOrder,
  returnWindowDays,
} from './orders.repository';

type OrderRow = NonNullable<Awaited<ReturnType<typeof orderOf>>>;
type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

function line(row: LineRow): OrderLine {
  return {
    product_id: row.productId,
    product_image: row.productImage,
    product_name: row.productName,
    product_size: row.sizeLabel,
    size_id: row.sizeId,
    product_quantity: row.quantity,
    product_amount: paiseToRupees(row.unitPricePaise),
    product_total: paiseToRupees(row.lineTotalPaise),
    return_rule: { kind: row.returnRule, reason: row.returnRuleReason },
  };
}

/**
 * An order's summary; `method` is the provider's method of the payment that paid it (`paidMethodsOf`): of the order
 * paid online, or of a cash-on-delivery order's advance.
 */
function summary(order: OrderRow, lines: LineRow[], method: string | null | undefined): OrderSummary {
  // An advance the shop holds: paid, and not given back by a cancellation.
  const advanceHeld = hasCodAdvance(order) && paidOnline(order);
  return {
    order_id: order.id,
    created_date: order.createdAt.toISOString(),
    status: order.status,
    total_items: lines.reduce((n, l) => n + l.quantity, 0),
    total: paiseToRupees(order.totalPaise),
    payment_method: order.paymentMethod,
    amount_due_on_delivery: paiseToRupees(codDuePaise(order)),
    delivery_by: order.deliveryBy,
    description: lines.map(line),
    // The payment that paid it; a refused one (refunded, never paid the order) says nothing of how it was paid.
    paid_by: paidByOf(order.paymentMethod, order.paidAt === null ? null : method),
    cod_advance: advanceHeld
      ? { amount: paiseToRupees(order.codAdvancePaise), paid_by: paidByOf('online', method) }
      : null,
  };
}

/** The shopper's orders, newest first; `months` keeps those of the past 1, 2 or 3 months. */
export async function myOrders(
  db: Queryable,
  owner: Owner,
  months?: number,
  now = new Date(),
): Promise<OrderSummary[]> {
  let since: Date | undefined;
  if (months !== undefined) {
    since = new Date(now);
    since.setMonth(since.getMonth() - months);
  }
  const rows = await ordersOf(db, owner, since);
  const ids = rows.map((r) => r.id);
  const lines = await linesOf(db, ids);
  const methods = await paidMethodsOf(db, ids);
  return rows.map((order) =>
    summary(
      order,
      lines.filter((l) => l.orderId === order.id),
      methods.get(order.id),
    ),
  );
}

/**
 * An order's parcel as the shopper sees it, or null. The shipping module reads it (it owns the shipments, and imports
 * this module, so this module cannot import it): app.ts hands its function to the routes.
 */
export type ShipmentOf = (db: Queryable, orderId: number) => Promise<OrderShipment | null>;

/**
 * A cash-on-delivery order's offer to pay online instead (issue 34), or null: the checkout's one rule (not shipped, no
 * parcel with the courier) and its price. The checkout imports this module, so app.ts hands its function over.
 */
export type PayOnlineOf = (db: Queryable, order: OrderRow) => Promise<OrderDetail['pay_online']>;

/**
 * The sentence of a COD order's confirmation asked on WhatsApp, for its history, or undefined: not asked there, or it
 * went by e-mail instead (the shop then calls, as it says by default). Only a COD order is asked at all.
 */
async function codAskedOn(db: Queryable, order: OrderRow): Promise<string | undefined> {
  if (order.paymentMethod !== 'cod') return undefined;
  const asked = await codConfirmationOnWhatsApp(db, order.id);
  return asked && !asked.fellBack ? codWhatsAppNote(asked.number) : undefined;
}

/** One of the shopper's orders in full; someone else's answers 404, exactly like an unknown id. */
export async function orderDetails(
  db: Queryable,
  owner: Owner,
  orderId: number,
  shipmentOf: ShipmentOf,
  payOnlineOf: PayOnlineOf,
): Promise<OrderDetail> {
  const order = await orderOf(db, owner, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
  const lines = await linesOf(db, [order.id]);
  const history = await historyOf(db, order.id);
  const payment = await paymentOf(db, order.id);
  return {
    ...summary(order, lines, payment?.method),
    shipping_address: order.addressSnapshot,
    shipping_charge: paiseToRupees(order.shippingPaise),
    items_total: paiseToRupees(order.itemsTotalPaise),
    coupon_code: order.couponSnapshot?.code ?? null,
    coupon_discount: paiseToRupees(order.discountPaise),
    prepaid_discount: paiseToRupees(order.prepaidDiscountPaise),
    cod_fee: paiseToRupees(order.codFeePaise),
    paid_at: order.paidAt?.toISOString() ?? null,
    payment_id: payment?.id ?? null,
    paid_by: paidByOf(order.paymentMethod, order.paidAt === null ? null : payment?.method),
    invoice_number: await invoiceNumberOf(db, order.id),
    history: customerHistory(history, await codAskedOn(db, order)),
    return_until: await returnUntil(db, order.status, history),
    returns: (await returnsOfOrder(db, order.id)).map((r) => ({ return_id: r.id, status: r.status })),
    shipment: await shipmentOf(db, order.id),
    pay_online: await payOnlineOf(db, order),
  };
}

/** The one answer to a wrong order number and to a wrong phone number, so that neither tells which was wrong. */
export const TRACK_NOT_FOUND = 'We found no order with this order number and phone number.';

/**
 * track_order: where an order and its parcel stand, to whoever knows its number and the phone number of its address,
 * and nothing personal (no name, address, e-mail or amounts). Every request counts against the client address's
 * limit first, wrong ones included, so numbers are not to be found by trying.
 */
export async function trackOrder(
  db: Queryable,
  limits: Limits,
  address: string,
  request: { order_id: number; phone_number: TrackOrderRequest['phone_number'] },
  shipmentOf: ShipmentOf,
): Promise<TrackedOrder> {
  await new RateLimiter(db).hit(`track-order:ip:${address}`, limits.trackOrdersPerAddress);
  const order = await orderByNumber(db, request.order_id);
  if (!order || order.addressSnapshot.phone_number !== request.phone_number) {
    throw new AppError('NOT_FOUND', TRACK_NOT_FOUND);
  }
  return {
    order_id: order.id,
    status: order.status,
    created_date: order.createdAt.toISOString(),
    delivery_by: order.deliveryBy,
    shipment: await shipmentOf(db, order.id),
  };
}

/**
 * The last moment a return may be asked for: the delivery (the history's `delivered` event) plus the shop's return
 * window in days; null unless the order was delivered.
 */
async function returnUntil(
  db: Queryable,
  status: OrderRow['status'],
  history: readonly { status: string; createdAt: Date }[],
): Promise<string | null> {
  const deliveredAt = deliveredAtOf(status, history);
  if (deliveredAt === null) return null;
  return new Date(deliveredAt.getTime() + (await returnWindowDays(db)) * DAY_MS).toISOString();
}

const DAY_MS = 86_400_000;

/** When a delivered order was delivered: its first `delivered` event; null for any other status. */
function deliveredAtOf(
  status: OrderRow['status'],
  history: readonly { status: string; createdAt: Date }[],
): Date | null {
  if (status !== 'delivered') return null;
  return history.find((event) => event.status === 'delivered')?.createdAt ?? null;
}
