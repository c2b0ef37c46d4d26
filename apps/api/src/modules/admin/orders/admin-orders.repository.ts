import type { PaidBy, PaymentMethod } from '@kapaas/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  type OrderStatus,
  or,
  orderItems,
  orders,
  type PaymentStatus,
  payments,
  type Queryable,
  sql,
  taxInvoices,
  users,
} from '@kapaas/db';
import { contains, offsetOf, type Paging, totalOf } from '../resource';

/* The console's reads of orders: its lists, summaries and totals. The order rows themselves are written by the
   orders module alone (ADR 039); the console's moves call its index.ts. */

/** The filters of GET /orders. */
export interface OrderFilters extends Paging {
  status?: OrderStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  user_id?: number | undefined;
  guest_id?: number | undefined;
  payment_status?: PaymentStatus | undefined;
  payment_method?: PaymentMethod | undefined;
  paid_by?: PaidBy | undefined;
}

const totalItems = sql<number>`(SELECT coalesce(sum(${orderItems.quantity}), 0)::int FROM ${orderItems} WHERE ${orderItems.orderId} = ${orders.id})`;
const refundedTotal = sql<number>`(SELECT coalesce(sum(${payments.refundedPaise}), 0)::int FROM ${payments} WHERE ${payments.orderId} = ${orders.id})`;

const invoiceNumber = sql<
  string | null
>`(SELECT ${taxInvoices.number} FROM ${taxInvoices} WHERE ${taxInvoices.orderId} = ${orders.id})`;

/** The Razorpay methods the console names; any other is `other` (PaidBy). */
const NAMED_METHODS = ['upi', 'card', 'netbanking', 'wallet'] as const;

/**
 * The method of the payment that paid the order (captured and accepted, refunded since or not), or null. Its columns
 * are named with their tables: drizzle leaves them off in a query of one table, where `id` would be the payment's.
 */
const paidMethod = sql<string | null>`(SELECT p.method FROM ${payments} p WHERE p.order_id = ${orders}.id
  AND p.status <> 'failed' AND p.refusal_reason IS NULL ORDER BY p.created_at, p.id LIMIT 1)`;

/** Orders paid by `paidBy`: cash-on-delivery orders for `cod`, else online orders whose accepted payment used it. */
function paidByFilter(paidBy: PaidBy) {
  if (paidBy === 'cod') return eq(orders.paymentMethod, 'cod');
  const named = sql.join(
    NAMED_METHODS.map((m) => sql`${m}`),
    sql`, `,
  );
  const method = paidBy === 'other' ? sql`${paidMethod} NOT IN (${named})` : sql`${paidMethod} = ${paidBy}`;
  return and(eq(orders.paymentMethod, 'online'), method);
}

const summaryColumns = {
  order: orders,
  userName: users.name,
  userEmail: users.email,
  totalItems,
  refundedPaise: refundedTotal,
  invoiceNumber,
  paidMethod,
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
    query.payment_method === undefined ? undefined : eq(orders.paymentMethod, query.payment_method),
    query.paid_by === undefined ? undefined : paidByFilter(query.paid_by),
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

/** The SKUs these orders' lines were sold under (ADR 063), in line order, with their quantities; lines without one are left out. */
export async function skuLinesOf(db: Queryable, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: orderItems.orderId, sku: orderItems.sku, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, orderIds), isNotNull(orderItems.sku)))
    .orderBy(asc(orderItems.id));
}

export async function linesOf(db: Queryable, orderId: number) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

/**
 * How many cash-on-delivery orders in these statuses have no cash recorded, and the cash they are to bring in paise:
 * their totals less the advances paid online (issue 34).
 */
export async function codDueTotals(db: Queryable, statuses: readonly OrderStatus[]) {
  const due = sql<number>`coalesce(sum(${orders.totalPaise} - ${orders.codAdvancePaise}), 0)::int`;
  const [row] = await db
    .select({ count: count(), totalPaise: due })
    .from(orders)
    .where(and(eq(orders.paymentMethod, 'cod'), isNull(orders.paidAt), inArray(orders.status, [...statuses])));
  return { count: Number(row?.count ?? 0), totalPaise: Number(row?.totalPaise ?? 0) };
}

/**
 * Orders placed since `since` that went through (not awaiting, failing or past their payment), counted by their
 * payment method and the method of the payment that paid them.
 */
export async function paidByCounts(db: Queryable, since: Date) {
  const rows = await db
    .select({ paymentMethod: orders.paymentMethod, method: paidMethod, count: count() })
    .from(orders)
    .where(
      and(
        gte(orders.createdAt, since),
        sql`${orders.status} NOT IN ('pending_payment', 'payment_failed', 'expired')`,
        or(eq(orders.paymentMethod, 'cod'), sql`${orders.paidAt} IS NOT NULL`),
      ),
    )
    .groupBy(orders.paymentMethod, paidMethod);
  return rows.map((r) => ({ paymentMethod: r.paymentMethod, method: r.method, count: Number(r.count) }));
}
