import { formatPaise } from '@kapaas/contract';
import { orders, type Queryable, sql } from '@kapaas/db';
import { eq } from 'drizzle-orm';
import { queueMail } from '../mail';
import { orderFactsOf, orderWhatsApp } from '../orders';

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
  /** A refund through the provider: its amount, under the key of the order's own refund message (one message). */
  refund?: { key: string; amountPaise: number },
): Promise<void> {
  const facts = await orderFactsOf(tx, request.orderId);
  const whatsapp = await orderWhatsApp(tx, request.orderId, 'return_update', {
    parameters: [facts.firstName, facts.number, HAPPENED[event](request.id, refund?.amountPaise)],
  });
  await queueMail(tx, {
    kind: `return_${event}`,
    key: refund?.key ?? `return:${request.id}:${event}`,
    to: await shopperOf(tx, request.orderId),
    payload: refund ? { return_id: request.id, amount_paise: refund.amountPaise } : { return_id: request.id },
    ...(whatsapp ? { whatsapp } : {}),
  });
}

/** What happened, as the return_update template's {{3}} says it (English: no language preference is kept yet). */
const HAPPENED: Record<ReturnMailEvent, (returnId: number, amountPaise?: number) => string> = {
  requested: (id) => `we have your request for return #${id}`,
  approved: (id) => `return #${id} is approved; the courier will come for the parcel`,
  rejected: (id) => `return #${id} was declined; the reason is on your order page`,
  received: (id) => `we have received the parcel of return #${id}`,
  refunded: (id, paise) =>
    paise === undefined ? `return #${id} is refunded` : `return #${id} is refunded: ${formatPaise(paise)}`,
  exchange_shipped: (id) => `the exchange of return #${id} is on its way`,
};

/** A new request: the shopper's receipt and the owners' note. */
export async function queueReturnRequested(tx: Queryable, request: { id: number; orderId: number }): Promise<void> {
  await queueReturnMail(tx, request, 'requested');
  await queueMail(tx, {
    kind: 'owner_return_requested',
    key: `return:${request.id}:owner`,
    payload: { return_id: request.id },
  });
}
