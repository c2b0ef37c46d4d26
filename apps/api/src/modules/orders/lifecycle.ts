import type { OrderStatus } from '@kapaas/db';
import { and, eq, inArray, orderEvents, orders, type Queryable, sql } from '@kapaas/db';

/**
 * The order lifecycle of decisions.md §5. `ORDER_TRANSITIONS` is what a person may do to an order
 * (the shop owner in the admin API); the payment code also moves an order that expired or whose
 * first payment failed to `paid` when a late payment is captured and the stock is still there.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['paid', 'payment_failed', 'expired'],
  paid: ['packed', 'cancelled'],
  packed: ['shipped'],
  shipped: ['delivered'],
  delivered: [],
  payment_failed: ['paid'],
  expired: ['paid'],
  cancelled: ['refunded'],
  refunded: [],
};

/** Statuses in which the shop holds the shopper's money for the order. */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'packed', 'shipped', 'delivered'];

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * Moves an order to `to` only if it is still in one of `from` (compare-and-set, so two concurrent
 * changes cannot both apply), and records the change in its history. Returns false when the order
 * was not in any of `from` (nothing changed).
 */
export async function changeStatus(
  tx: Queryable,
  orderId: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  note: string | null,
  extra: { paidAt?: Date } = {},
): Promise<boolean> {
  const allowed = from.filter((status) => canMove(status, to));
  if (allowed.length === 0) return false;
  const changed = await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()`, ...(extra.paidAt ? { paidAt: extra.paidAt } : {}) })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...allowed])))
    .returning({ id: orders.id });
  if (changed.length === 0) return false;
  await recordEvent(tx, orderId, to, note);
  return true;
}

/** Adds a line to an order's history (a status it reached, or a note about it). */
export async function recordEvent(tx: Queryable, orderId: number, status: OrderStatus, note: string | null) {
  await tx.insert(orderEvents).values({ orderId, status, note });
}
