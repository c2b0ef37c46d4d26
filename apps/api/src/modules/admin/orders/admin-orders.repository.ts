import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  lt,
  type OrderStatus,
  or,
  orderEvents,
  orderItems,
  orders,
  type PaymentStatus,
  payments,
  type Queryable,
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
  payment_status?: PaymentStatus | undefined;
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
    query.payment_status === undefined
      ? undefined
      : sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.orderId} = ${orders.id} AND ${payments.status} = ${query.payment_status})`,
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
