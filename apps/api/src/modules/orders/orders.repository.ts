import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  type OrderStatus,
  orderEvents,
  orderItems,
  orders,
  payments,
  type Queryable,
  returnRequests,
  shopSettings,
  sql,
} from '@kapaas/db';
import { type Owner, ownerColumns } from '../../lib/owner';

/** The order columns naming its owner: the account's, or the guest identity's. */
export const ownedBy = (owner: Owner) =>
  owner.kind === 'user' ? eq(orders.userId, owner.userId) : eq(orders.guestId, owner.guestId);

/** The owner's orders, newest first, placed since `since` when given. */
export async function ordersOf(db: Queryable, owner: Owner, since?: Date) {
  return db
    .select()
    .from(orders)
    .where(and(ownedBy(owner), since ? gte(orders.createdAt, since) : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** One order by its number alone: track_order's, which checks the order's phone number itself. */
export async function orderByNumber(db: Queryable, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** One order, only when it belongs to the owner. */
export async function orderOf(db: Queryable, owner: Owner, orderId: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), ownedBy(owner)));
  return row;
}

export async function linesOf(db: Queryable, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
}

export async function historyOf(db: Queryable, orderId: number) {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/** An order, locked FOR UPDATE until the transaction ends: the console's moves read it under this lock. */
export async function lockOrder(db: Queryable, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

/** The order a provider order belongs to, if any. */
export async function orderByProviderId(db: Queryable, providerOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.razorpayOrderId, providerOrderId));
  return row;
}

/** The same, locked for the rest of the transaction, so that its payments settle one at a time. */
export async function lockOrderByProviderId(tx: Queryable, providerOrderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.razorpayOrderId, providerOrderId)).for('update');
  return row;
}

/** Up to `limit` orders still awaiting payment past their expiry at `now`, longest overdue first. */
export async function ordersDueToExpire(db: Queryable, now: Date, limit: number) {
  return db
    .select({ id: orders.id, razorpayOrderId: orders.razorpayOrderId, expiresAt: orders.expiresAt })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), isNotNull(orders.expiresAt), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
}

/**
 * The payment that paid the order, if any: failed attempts are left out, and a payment the shop
 * refused and refunded (it has a refusal reason) comes after the one that settled the order.
 */
export async function paymentOf(db: Queryable, orderId: number) {
  const [row] = await db
    .select({ id: payments.providerPaymentId, method: payments.method })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), ne(payments.status, 'failed')))
    .orderBy(sql`${payments.refusalReason} IS NULL DESC`, asc(payments.createdAt), asc(payments.id))
    .limit(1);
  return row ?? null;
}

/**
 * The provider's method of the payment that paid each order (the one `paymentOf` names), for a list of orders; an
 * order with no such payment, or one whose method was not kept, is absent or null.
 */
export async function paidMethodsOf(db: Queryable, orderIds: number[]): Promise<Map<number, string | null>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: payments.orderId, method: payments.method })
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), ne(payments.status, 'failed')))
    .orderBy(sql`${payments.refusalReason} IS NULL DESC`, asc(payments.createdAt), asc(payments.id));
  const methods = new Map<number, string | null>();
  // Rows come in paymentOf's order: the first of each order is the one that paid it.
  for (const row of rows) if (!methods.has(row.orderId)) methods.set(row.orderId, row.method);
  return methods;
}

/** An order row as stored. */
export type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

/** An order about to be written in pending_payment, with its lines (ids filled in on insert). */
export interface NewOrder {
  order: Omit<typeof orders.$inferInsert, 'id' | 'userId' | 'guestId' | 'status'>;
  items: Omit<typeof orderItems.$inferInsert, 'id' | 'orderId'>[];
}

/**
 * Writes a placed order, its lines and the first event of its history: in pending_payment (paid online), or in
 * cod_confirmed or cod_pending_confirmation (cash on delivery).
 */
export async function recordOrder(
  tx: Queryable,
  owner: Owner,
  placed: NewOrder,
  status: OrderStatus = 'pending_payment',
  note = 'Order placed.',
): Promise<OrderRow> {
  const [order] = await tx
    .insert(orders)
    .values({ ...placed.order, ...ownerColumns(owner), status })
    .returning();
  if (!order) throw new Error('the order insert returned nothing');
  await tx.insert(orderItems).values(placed.items.map((item) => ({ ...item, orderId: order.id })));
  await tx.insert(orderEvents).values({ orderId: order.id, status, note });
  return order;
}

/**
 * Whether a cash-on-delivery parcel of this shopper came back to the shop (returned_to_origin) since `since`: an order
 * of the same account or guest, or one that went to the same phone number, so that a new guest session does not
 * wipe the record.
 */
export async function returnedToOriginSince(db: Queryable, owner: Owner, phone: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.status, 'returned_to_origin')))
    .where(
      and(
        eq(orders.status, 'returned_to_origin'),
        eq(orders.paymentMethod, 'cod'),
        gte(orderEvents.createdAt, since),
        sql`(${ownedBy(owner)} OR ${orders.addressSnapshot}->>'phone_number' = ${phone})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The owner's orders waiting for payment until after `openUntil`, with this coupon and shipping
 * charge, newest first, each with its lines: the candidates a repeated order_place may pay instead.
 */
export async function openOrdersMatching(
  tx: Queryable,
  owner: Owner,
  terms: { couponId: number | null; shippingPaise: readonly number[]; openUntil: Date },
): Promise<{ order: OrderRow; items: OrderItemRow[] }[]> {
  const candidates = await tx
    .select()
    .from(orders)
    .where(
      and(
        ownedBy(owner),
        eq(orders.status, 'pending_payment'),
        // A cash-on-delivery order awaiting its advance (issue 34) is another purchase than the same paid online.
        eq(orders.paymentMethod, 'online'),
        gt(orders.expiresAt, terms.openUntil),
        terms.couponId === null ? isNull(orders.couponId) : eq(orders.couponId, terms.couponId),
        inArray(orders.shippingPaise, [...terms.shippingPaise]),
      ),
    )
    .orderBy(desc(orders.id));
  if (candidates.length === 0) return [];
  const items = await tx
    .select()
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        candidates.map((c) => c.id),
      ),
    );
  return candidates.map((order) => ({ order, items: items.filter((item) => item.orderId === order.id) }));
}

/**
 * How many unpaid orders, still open at `now`, hold this coupon: all of them, and the owner's.
 * A held use counts against the coupon's limits until its order is paid or expires (ADR 012).
 */
export async function couponHolds(
  tx: Queryable,
  owner: Owner,
  couponId: number,
  now: Date,
): Promise<{ byAll: number; byOwner: number }> {
  const pending = and(eq(orders.couponId, couponId), eq(orders.status, 'pending_payment'), gt(orders.expiresAt, now));
  const [byAll] = await tx.select({ n: count() }).from(orders).where(pending);
  const [byOwner] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(pending, ownedBy(owner)));
  return { byAll: byAll?.n ?? 0, byOwner: byOwner?.n ?? 0 };
}

/** The ids of the owner's orders still waiting for payment (pending_payment), oldest first. */
export async function unpaidOrdersOf(tx: Queryable, owner: Owner): Promise<number[]> {
  const rows = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(ownedBy(owner), eq(orders.status, 'pending_payment')))
    .orderBy(asc(orders.id));
  return rows.map((row) => row.id);
}

/** Stores the provider order id of an order, unless one is stored already. */
export async function setProviderOrderId(db: Queryable, orderId: number, providerOrderId: string): Promise<void> {
  await db
    .update(orders)
    .set({ razorpayOrderId: providerOrderId })
    .where(and(eq(orders.id, orderId), isNull(orders.razorpayOrderId)));
}

/** Makes an order opened for online payment a cash-on-delivery order: it is paid at the door and never expires. */
export async function markCashOnDelivery(tx: Queryable, orderId: number): Promise<void> {
  await tx.update(orders).set({ paymentMethod: 'cod', expiresAt: null }).where(eq(orders.id, orderId));
}

/**
 * Makes a cash-on-delivery order an online one, paid at `price` (issue 34): no fee, the prepaid discount taken, nothing
 * to collect at the door.
 */
export async function markPaidOnline(
  tx: Queryable,
  orderId: number,
  price: { prepaidDiscountPaise: number; totalPaise: number },
  paidAt: Date,
): Promise<void> {
  await tx
    .update(orders)
    .set({
      paymentMethod: 'online',
      codFeePaise: 0,
      prepaidDiscountPaise: price.prepaidDiscountPaise,
      totalPaise: price.totalPaise,
      expiresAt: null,
      paidAt,
    })
    .where(eq(orders.id, orderId));
}

/**
 * Adds a line to an order's history (a status it reached, or a note about it). `note` is for the
 * shop; `customerNote` is what the shopper reads, and a note in between two statuses without one
 * stays with the shop (see `customerHistory`).
 */
export async function recordEvent(
  tx: Queryable,
  orderId: number,
  status: OrderStatus,
  note: string | null,
  customerNote: string | null = null,
) {
  await tx.insert(orderEvents).values({ orderId, status, note, customerNote });
}

/** The return requests made for an order, oldest first. */
export async function returnsOfOrder(db: Queryable, orderId: number) {
  return db
    .select({ id: returnRequests.id, status: returnRequests.status })
    .from(returnRequests)
    .where(eq(returnRequests.orderId, orderId))
    .orderBy(asc(returnRequests.id));
}

/** The shop's return window: how many days after delivery a return may be asked for. */
export async function returnWindowDays(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ days: shopSettings.returnWindowDays })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return row?.days ?? 7;
}

/**
 * Records the cash of a delivered cash-on-delivery order: sets its paid_at, once. Answers false when the order was not
 * a delivered COD order with its cash still to record (nothing changed).
 */
export async function markCodCollected(tx: Queryable, orderId: number, at: Date): Promise<boolean> {
  const changed = await tx
    .update(orders)
    .set({ paidAt: at, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.paymentMethod, 'cod'),
        eq(orders.status, 'delivered'),
        isNull(orders.paidAt),
      ),
    )
    .returning({ id: orders.id });
  return changed.length > 0;
}

/** Records that a parcel returned to origin is back in the shop, once. Answers false when it was recorded already. */
export async function markReturnReceived(tx: Queryable, orderId: number, at: Date): Promise<boolean> {
  const changed = await tx
    .update(orders)
    .set({ returnReceivedAt: at, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'returned_to_origin'), isNull(orders.returnReceivedAt)))
    .returning({ id: orders.id });
  return changed.length > 0;
}
