import { and, eq, type OrderStatus, orders, type Queryable, sql } from '@kapaas/db';
import type { CatalogueNotifier, ServiceDeps } from '../../lib/deps';
import type { Owner } from '../../lib/owner';
import { AfterCommit, afterCommitOf, decide, effectsOf, runEffects } from '../../lib/state-machine';
import type { StatusMailKind } from './order-mail';
import { ORDER_PROCESS, type OrderActor, type OrderFacts, type OrderProcessContext } from './order-process';
import { lockOrder, type OrderRow, unpaidOrdersOf } from './orders.repository';

/**
 * A transaction that moves orders: the transaction itself, the queue of what runs once it commits, and the catalogue
 * the queue tells. Made by `inOrderTransaction`, or by a caller that already holds a transaction and runs the queue
 * after it.
 */
export interface OrderTransaction {
  readonly tx: Queryable;
  readonly after: AfterCommit;
  readonly catalogue: CatalogueNotifier;
  /** The funnel's counter, which the moves that sell an order tell after the commit (ADR 053). */
  readonly funnel?: ServiceDeps['funnel'];
}

/** What a caller asks of a move. */
export interface OrderMoveRequest {
  readonly by: OrderActor;
  /**
   * The statuses the caller saw the order in: the move is made only from one of them (compare-and-set), so that a
   * change made meanwhile by someone else is never overwritten. Unset: from whatever status it is in now.
   */
  readonly from?: readonly OrderStatus[];
  readonly note: string | null;
  readonly customerNote?: string | null | undefined;
  readonly mailKind?: StatusMailKind;
  /** When it happened: paid_at of a payment, the date of an invoice or a credit note. Now by default. */
  readonly at?: Date;
  readonly facts?: OrderFacts;
}

/**
 * What became of a move: made (from which status, by which of the process's moves), or not, and why. `code` says
 * whether the order was not found, had moved on meanwhile (CHANGED), or the process refused the move.
 */
export type OrderMoveOutcome =
  | { moved: true; from: OrderStatus; move: string; order: OrderRow }
  | { moved: false; code: 'NOT_FOUND' | 'CHANGED' | 'NO_SUCH_MOVE' | 'NOT_ALLOWED' | 'GUARD'; reason: string };

/**
 * Moves an order along the order process (order-process.ts), the only way an order's status changes. Under the order's
 * row lock: the process decides the move (status, actor, guard); the status is written; the move's effects run in this
 * transaction (an effect that throws rolls it back); and the after-commit effects are queued on `t.after`.
 */
export async function moveOrder(
  t: OrderTransaction,
  orderId: number,
  to: OrderStatus,
  request: OrderMoveRequest,
): Promise<OrderMoveOutcome> {
  const order = await lockOrder(t.tx, orderId);
  if (!order) return { moved: false, code: 'NOT_FOUND', reason: 'Order not found.' };
  if (request.from && !request.from.includes(order.status)) {
    return { moved: false, code: 'CHANGED', reason: `The order is ${order.status} now.` };
  }
  const context = contextOf(t, order, to, request);
  const decision = decide(ORDER_PROCESS, { from: order.status, to, by: request.by, context });
  if (!decision.ok) return { moved: false, code: decision.code, reason: decision.reason };
  await writeStatus(t.tx, order, to, context.at);
  await runEffects(effectsOf(ORDER_PROCESS, decision.move), context);
  for (const effect of afterCommitOf(ORDER_PROCESS, decision.move)) {
    t.after.queue(effect.name, () => runEffects([effect], context));
  }
  return { moved: true, from: order.status, move: decision.move.name, order };
}

function contextOf(
  t: OrderTransaction,
  order: OrderRow,
  to: OrderStatus,
  request: OrderMoveRequest,
): OrderProcessContext {
  return {
    tx: t.tx,
    catalogue: t.catalogue,
    order,
    to,
    at: request.at ?? new Date(),
    note: request.note,
    customerNote: request.customerNote ?? null,
    mailKind: request.mailKind,
    facts: request.facts ?? {},
    stockChanged: [],
    funnel: t.funnel,
    sold: [],
  };
}

/** The status write itself: a compare-and-set from the status read under the lock; `paid` sets paid_at. */
async function writeStatus(tx: Queryable, order: OrderRow, to: OrderStatus, at: Date): Promise<void> {
  const changed = await tx
    .update(orders)
    .set({ status: to, updatedAt: sql`now()`, ...(to === 'paid' ? { paidAt: at } : {}) })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id });
  if (changed.length === 0) throw new Error(`order ${order.id} changed under its lock`);
}

/** What `inOrderTransaction` needs of the app. */
export type OrderDeps = Pick<ServiceDeps, 'db' | 'catalogue' | 'log' | 'funnel'>;

/**
 * Runs `work` in a transaction that may move orders, then, once it has committed, what the moves queued for after the
 * commit. A queued job that fails is logged: the transaction stands.
 */
export async function inOrderTransaction<T>(deps: OrderDeps, work: (t: OrderTransaction) => Promise<T>): Promise<T> {
  const after = new AfterCommit();
  const result = await deps.db.transaction((tx) => work({ tx, after, catalogue: deps.catalogue, funnel: deps.funnel }));
  await after.run(({ job, error }) => deps.log.error({ err: error, job }, 'an order effect after commit failed'));
  return result;
}

/**
 * A shopper who places an order has given up their earlier unpaid ones: closed the payment dialog, then chose cash on
 * delivery or changed the cart. Each such order of the owner expires now (the shopper's `expire` move, from
 * pending_payment only, so a payment settling it meanwhile wins) and gives back what it held, so the same pieces and
 * the same coupon are not held twice until the sweep. A payment for it that still arrives is taken while the stock
 * lasts, as after any expiry. Answers how many it closed.
 */
export async function expireEarlierUnpaid(t: OrderTransaction, owner: Owner): Promise<number> {
  let closed = 0;
  for (const orderId of await unpaidOrdersOf(t.tx, owner)) {
    const outcome = await moveOrder(t, orderId, 'expired', {
      by: 'shopper',
      from: ['pending_payment'],
      note: 'The shopper placed a new order instead. The items were released.',
      customerNote: 'Closed unpaid, as you placed a new order instead.',
    });
    if (outcome.moved) closed += 1;
  }
  return closed;
}
