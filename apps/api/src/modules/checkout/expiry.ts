import { runEvery } from '../../lib/periodic';
import { orderStockLines, release } from '../inventory';
import { changeStatus } from '../orders';
import { ordersDueToExpire } from './payments.repository';
import { acceptProviderCod, isProviderCod } from './provider-cod';
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
  const due = await ordersDueToExpire(deps.db, now, BATCH);
  let expired = 0;
  const releasedProducts: number[] = [];
  for (const order of due) {
    if ((await askProvider(deps, order, now)) !== 'expire') continue;
    const released = await expireOrder(deps, order.id);
    if (released) {
      expired += 1;
      releasedProducts.push(...released);
    }
  }
  if (expired > 0) {
    deps.log.info({ expired }, 'expired unpaid orders');
    await deps.catalogue.stockChanged(releasedProducts);
  }
  return expired;
}

type DueOrder = Awaited<ReturnType<typeof ordersDueToExpire>>[number];

/**
 * Whether a due order was paid after all (a captured or authorised payment the provider has for
 * it settles it), must wait because the provider cannot be asked (within the hour's grace), or expires.
 */
async function askProvider(deps: CheckoutDeps, order: DueOrder, now: Date): Promise<'paid' | 'wait' | 'expire'> {
  if (!order.razorpayOrderId) return 'expire';
  try {
    const attempts = await deps.payments.client.fetchOrderPayments(order.razorpayOrderId);
    const candidates = [
      ...attempts.filter((payment) => payment.status === 'captured'),
      ...attempts.filter((payment) => payment.status === 'authorized'),
    ];
    for (const payment of candidates) {
      const settled = await settlePayment(deps, payment, 'expiry check');
      if (settled.kind === 'settled' || (settled.kind === 'already' && settled.paid)) return 'paid';
    }
    // Razorpay's own cash on delivery whose webhook was lost: the order becomes a COD order (or fails, saying why),
    // never expires silently.
    const cod = attempts.find(isProviderCod);
    if (cod && (await acceptProviderCod(deps, cod, 'expiry check')).kind !== 'unknown_order') return 'paid';
    // A payment the shop could not accept (refunded, or its refund pending) leaves it to expire.
    return 'expire';
  } catch (err) {
    const overdue = now.getTime() - (order.expiresAt?.getTime() ?? now.getTime());
    if (overdue < PROVIDER_GRACE_MS) {
      deps.log.warn({ err, orderId: order.id }, 'could not ask the provider about an expiring order; will try again');
      return 'wait';
    }
    deps.log.warn({ err, orderId: order.id }, 'could not ask the provider for an hour; expiring the order');
    return 'expire';
  }
}

/** Expires the order if it still awaits payment, releasing its stock; answers the products released, or null. */
async function expireOrder(deps: CheckoutDeps, orderId: number): Promise<number[] | null> {
  return deps.db.transaction(async (tx) => {
    const moved = await changeStatus(
      tx,
      orderId,
      ['pending_payment'],
      'expired',
      'Not paid in time. The items were released.',
    );
    if (!moved) return null;
    const lines = await orderStockLines(tx, orderId);
    await release(tx, lines);
    return lines.map((line) => line.productId);
  });
}

/**
 * Runs `expireDueOrders` every `intervalMs` (never two sweeps at once in one process). Returns a
 * function that stops it and waits for a sweep in progress.
 */
export function startExpirySweeper(deps: CheckoutDeps, intervalMs: number): () => Promise<void> {
  return runEvery(
    intervalMs,
    () => expireDueOrders(deps),
    (err) => deps.log.error({ err }, 'the expiry sweep failed'),
  );
}
