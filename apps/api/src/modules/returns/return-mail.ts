import { orders, type Queryable, sql } from '@kapaas/db';
import { eq } from 'drizzle-orm';
import { queueMail } from '../mail';

// The messages of a return, queued in the transaction that moves it (mail module): they go out if and only if the
// move commits, once per event (`return:<id>:<event>`).

/** What the shopper hears about: each move of their return. */
export type ReturnMailEvent = 'requested' | 'approved' | 'rejected' | 'received' | 'refunded' | 'exchange_shipped';

async function shopperOf(tx: Queryable, orderId: number): Promise<string> {
  const [order] = await tx
    .select({ email: sql<string>`${orders.addressSnapshot}->>'email_id'` })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) throw new Error(`order ${orderId} not found`);
  return order.email;
}

/** Queues the shopper's message about an event of their return (the template reads the return as it is then). */
export async function queueReturnMail(
  tx: Queryable,
  request: { id: number; orderId: number },
  event: ReturnMailEvent,
): Promise<void> {
  await queueMail(tx, {
    kind: `return_${event}`,
    key: `return:${request.id}:${event}`,
    to: await shopperOf(tx, request.orderId),
    payload: { return_id: request.id },
  });
}

/** A new request: the shopper's receipt and the owners' note. */
export async function queueReturnRequested(tx: Queryable, request: { id: number; orderId: number }): Promise<void> {
  await queueReturnMail(tx, request, 'requested');
  await queueMail(tx, {
    kind: 'owner_return_requested',
    key: `return:${request.id}:owner`,
    payload: { return_id: request.id },
  });
}
