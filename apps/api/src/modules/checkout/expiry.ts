import { and, asc, eq, isNotNull, lte, orders } from '@kapaas/db';
import { orderStockLines, release } from '../inventory';
import { changeStatus } from '../orders';
import { type CheckoutDeps, settlePayment } from './settlement';

/** How many due orders one sweep looks at; the next sweep takes the rest. */
const BATCH = 50;

/**
 * How long past its expiry an order waits for a provider that cannot be asked about it. Expiring
 * it without asking could strand a payment whose webhook was lost; after this, the stock it holds
 * matters more, and a payment that still turns up settles late or is refunded.
 */
const PROVIDER_GRACE_MS = 60 * 60_000;

/**
 * Expires the orders left in pending_payment past their expires_at (ADR 012). Before giving up on
 * an order it asks the provider whether a payment was captured (or authorised, on an account that
 * captures manually) after all, a webhook lost on the way; if one pays the order it is settled
 * instead. When the provider cannot be asked, the order waits for a later sweep (for up to an hour).
 * Each expiry is a compare-and-set from pending_payment, so several processes sweeping at once
 * expire, and release the stock of, each order exactly once.
 * Returns how many orders it expired.
 */
export async function expireDueOrders(deps: CheckoutDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .select({ id: orders.id, razorpayOrderId: orders.razorpayOrderId, expiresAt: orders.expiresAt })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), isNotNull(orders.expiresAt), lte(orders.expiresAt, now)))
    .orderBy(asc(orders.expiresAt))
    .limit(BATCH);

  let expired = 0;
  const releasedProducts: number[] = [];
  for (const order of due) {
    if (order.razorpayOrderId) {
      try {
        const attempts = await deps.payments.client.fetchOrderPayments(order.razorpayOrderId);
        const candidates = [
          ...attempts.filter((payment) => payment.status === 'captured'),
          ...attempts.filter((payment) => payment.status === 'authorized'),
        ];
        let paid = false;
        for (const payment of candidates) {
          const settled = await settlePayment(deps, payment, 'expiry check');
          paid = settled.kind === 'settled' || (settled.kind === 'already' && settled.paid);
          if (paid) break;
        }
        // A payment the shop could not accept (refunded, or its refund pending) leaves it to expire.
        if (paid) continue;
      } catch (err) {
        const overdue = now.getTime() - (order.expiresAt?.getTime() ?? now.getTime());
        if (overdue < PROVIDER_GRACE_MS) {
          deps.log.warn(
            { err, orderId: order.id },
            'could not ask the provider about an expiring order; will try again',
          );
          continue;
        }
        deps.log.warn({ err, orderId: order.id }, 'could not ask the provider for an hour; expiring the order');
      }
    }
    const released = await deps.db.transaction(async (tx) => {
      const moved = await changeStatus(
        tx,
        order.id,
        ['pending_payment'],
        'expired',
        'Not paid in time. The items were released.',
      );
      if (!moved) return null;
      const lines = await orderStockLines(tx, order.id);
      await release(tx, lines);
      return lines;
    });
    if (released) {
      expired += 1;
      releasedProducts.push(...released.map((line) => line.productId));
    }
  }
  if (expired > 0) {
    deps.log.info({ expired }, 'expired unpaid orders');
    await deps.catalogue.stockChanged(releasedProducts);
  }
  return expired;
}

/**
 * Runs `expireDueOrders` every `intervalMs` (never two sweeps at once in one process). Returns a
 * function that stops it and waits for a sweep in progress.
 */
export function startExpirySweeper(deps: CheckoutDeps, intervalMs: number): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = expireDueOrders(deps)
      .catch((err: unknown) => deps.log.error({ err }, 'the expiry sweep failed'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
