import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  ne,
  orderEvents,
  orderItems,
  orders,
  payments,
  type Queryable,
  sql,
} from '@kapaas/db';
import type { Owner } from '../../lib/owner';

const ownedBy = (owner: Owner) =>
  owner.kind === 'user' ? eq(orders.userId, owner.userId) : eq(orders.guestId, owner.guestId);

/** The owner's orders, newest first, placed since `since` when given. */
export async function ordersOf(db: Queryable, owner: Owner, since?: Date) {
  return db
    .select()
    .from(orders)
    .where(and(ownedBy(owner), since ? gte(orders.createdAt, since) : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id));
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

/**
 * The payment that paid the order, if any: failed attempts are left out, and a payment the shop
 * refused and refunded (it has a refusal reason) comes after the one that settled the order.
 */
export async function paymentOf(db: Queryable, orderId: number) {
  const [row] = await db
    .select({ id: payments.providerPaymentId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), ne(payments.status, 'failed')))
    .orderBy(sql`${payments.refusalReason} IS NULL DESC`, asc(payments.createdAt), asc(payments.id))
    .limit(1);
  return row?.id ?? null;
}
