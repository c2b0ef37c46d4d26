import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  type OrderStatus,
  or,
  orderEvents,
  orderItems,
  orders,
  payments,
  type Queryable,
  refunds,
  sql,
  users,
} from '@kapaas/db';
import { contains, offsetOf, type Paging, totalOf } from '../resource';

/** The filters of GET /orders. */
export interface OrderFilters extends Paging {
  status?: OrderStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  user_id?: number | undefined;
  guest_id?: number | undefined;
}

const totalItems = sql<number>`(SELECT coalesce(sum(${orderItems.quantity}), 0)::int FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`;
const refundedTotal = sql<number>`(SELECT coalesce(sum(${payments.refundedPaise}), 0)::int FROM ${payments} WHERE ${payments.orderId} = ${orders.id})`;

const summaryColumns = {
  order: orders,
  userName: users.name,
  userEmail: users.email,
  totalItems,
  refundedPaise: refundedTotal,
};

export async function orderPage(db: Queryable, query: OrderFilters) {
  const searchId = query.q && /^[0-9]{1,9}$/.test(query.q) ? Number(query.q) : undefined;
  const where = and(
    query.q
      ? or(
          searchId === undefined ? undefined : eq(orders.id, searchId),
          contains(users.name, query.q),
          contains(users.email, query.q),
          sql`${orders.addressSnapshot}->>'email_id' ILIKE ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
          eq(orders.razorpayOrderId, query.q),
        )
      : undefined,
    query.status === undefined ? undefined : eq(orders.status, query.status),
    query.from === undefined ? undefined : gte(orders.createdAt, query.from),
    query.to === undefined ? undefined : lt(orders.createdAt, query.to),
    query.user_id === undefined ? undefined : eq(orders.userId, query.user_id),
    query.guest_id === undefined ? undefined : eq(orders.guestId, query.guest_id),
  );
  const rows = await db
    .select(summaryColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.per_page)
    .offset(offsetOf(query));
  const total = await totalOf(
    db.select({ n: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(where),
  );
  return { rows, total };
}
export type OrderSummaryRow = Awaited<ReturnType<typeof orderPage>>['rows'][number];

export async function orderSummary(db: Queryable, orderId: number): Promise<OrderSummaryRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  return row;
}

export async function lockOrder(db: Queryable, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function linesOf(db: Queryable, orderId: number) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

export async function historyOf(db: Queryable, orderId: number) {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

export async function paymentsOf(db: Queryable, orderId: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function refundsOf(db: Queryable, paymentIds: number[]) {
  if (paymentIds.length === 0) return [];
  return db.select().from(refunds).where(inArray(refunds.paymentId, paymentIds)).orderBy(asc(refunds.id));
}

/** Records a provider refund once: false when it was recorded already (a repeated or concurrent request). */
export async function insertRefund(
  db: Queryable,
  refund: { paymentId: number; providerRefundId: string; amountPaise: number; adminId: number; requestKey?: string },
): Promise<boolean> {
  const rows = await db.insert(refunds).values(refund).onConflictDoNothing().returning({ id: refunds.id });
  return rows.length > 0;
}

/** True when a refund was already made for this admin request key. */
export async function refundRequested(db: Queryable, requestKey: string): Promise<boolean> {
  const [row] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.requestKey, requestKey));
  return row !== undefined;
}

/** Sets how much of a payment the provider has refunded in all (never lowering it). */
export async function setRefunded(db: Queryable, paymentId: number, refundedPaise: number) {
  const [row] = await db
    .update(payments)
    .set({
      refundedPaise: sql`LEAST(${payments.amountPaise}, GREATEST(${payments.refundedPaise}, ${refundedPaise}))`,
      status: sql`CASE WHEN GREATEST(${payments.refundedPaise}, ${refundedPaise}) >= ${payments.amountPaise} THEN 'refunded' ELSE 'partially_refunded' END`,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, paymentId))
    .returning();
  return row;
}
