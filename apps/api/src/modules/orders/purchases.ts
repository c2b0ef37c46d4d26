import { and, count, desc, eq, orderItems, orders, type Queryable, sql } from '@kapaas/db';
import type { Owner } from '../../lib/owner';
import { ownedBy } from './orders.repository';

// What was bought, as other modules ask it: reviews and photos "did this shopper receive this product, or is it on
// its way?", the console "did anyone order this product?". The order rows are this module's, so the questions are
// answered here and those modules read no order table for them (ADR 043).

/** The time an order was delivered: its order_events row with status 'delivered'. */
const deliveredAt = sql<string | null>`(SELECT max(e.created_at) FROM order_events e
  WHERE e.order_id = ${orders.id} AND e.status = 'delivered')`;

/**
 * The shopper's latest delivered line of a product (by the time it was delivered, then the
 * newest order and line): the size a review speaks for, and the address the author's name
 * comes from. Undefined when no order of theirs with the product was delivered.
 */
export async function latestDeliveredLine(db: Queryable, owner: Owner, productId: number) {
  const [line] = await db
    .select({
      orderId: orders.id,
      orderItemId: orderItems.id,
      sizeLabel: orderItems.sizeLabel,
      address: orders.addressSnapshot,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.productId, productId), ownedBy(owner), eq(orders.status, 'delivered')))
    .orderBy(sql`${deliveredAt} DESC NULLS LAST`, desc(orders.id), desc(orderItems.id))
    .limit(1);
  return line;
}

/** Whether the shopper has a line of the product in an order that is paid or on its way but not delivered yet. */
export async function hasUndeliveredLine(db: Queryable, owner: Owner, productId: number): Promise<boolean> {
  const rows = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.productId, productId),
        ownedBy(owner),
        sql`${orders.status} IN ('paid', 'packed', 'shipped', 'cod_pending_confirmation', 'cod_confirmed')`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The owner's newest delivered order with a line of the product: the order a review of it speaks for. */
export async function deliveredOrderWith(db: Queryable, owner: Owner, productId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orderItems.productId, productId), ownedBy(owner), eq(orders.status, 'delivered')))
    .orderBy(desc(orders.id))
    .limit(1);
  return row?.id;
}

/** Whether any order holds a line of the product: the console archives such a product instead of deleting it. */
export async function productOrdered(db: Queryable, productId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(orderItems).where(eq(orderItems.productId, productId));
  return (row?.n ?? 0) > 0;
}
