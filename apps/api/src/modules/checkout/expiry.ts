import { runEvery } from '../../lib/periodic';
import { deliveryTermsOf } from '../delivery';
import { codOrdersUnconfirmedSince, inOrderTransaction, moveOrder, ordersDueToExpire } from '../orders';
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
  for (const order of due) {
    if ((await askProvider(deps, order, now)) !== 'expire') continue;
    if (await expireOrder(deps, order.id)) expired += 1;
  }
  if (expired > 0) deps.log.info({ expired }, 'expired unpaid orders');
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

/** Expires the order if it still awaits payment (the sweep's `expire` move, which releases its stock); answers whether it did. */
async function expireOrder(deps: CheckoutDeps, orderId: number): Promise<boolean> {
  const outcome = await inOrderTransaction(deps, (t) =>
    moveOrder(t, orderId, 'expired', {
      by: 'sweep',
      from: ['pending_payment'],
      note: 'Not paid in time. The items were released.',
    }),
  );
  return outcome.moved;
}

/** What the shopper reads of a cash-on-delivery order cancelled because nobody confirmed it in time. */
export const UNCONFIRMED_COD_NOTE =
  'We could not confirm this cash-on-delivery order in time, so it was cancelled. Nothing is to be paid.';

/**
 * Cancels the cash-on-delivery orders that have waited for the owner's confirmation longer than the shop's
 * cod_confirm_hours (ADR 033): their pieces, sold at placement, go back on sale, their coupon use is given back, and
 * the shopper is told (order_cod_unconfirmed, through the outbox, in the same transaction). Each is a compare-and-set
 * from cod_pending_confirmation, so an owner confirming it meanwhile wins and processes sweeping at once cancel it
 * once. Returns how many it cancelled.
 */
export async function cancelUnconfirmedCodOrders(deps: CheckoutDeps, now = new Date()): Promise<number> {
  const { codConfirmHours } = await deliveryTermsOf(deps.db);
  const due = await codOrdersUnconfirmedSince(deps.db, new Date(now.getTime() - codConfirmHours * 3_600_000), BATCH);
  let cancelled = 0;
  for (const orderId of due) {
    const outcome = await inOrderTransaction(deps, (t) =>
      moveOrder(t, orderId, 'cancelled', {
        by: 'sweep',
        from: ['cod_pending_confirmation'],
        note: `Not confirmed within ${codConfirmHours} hours: cancelled, its pieces back on sale.`,
        customerNote: UNCONFIRMED_COD_NOTE,
        mailKind: 'order_cod_unconfirmed',
      }),
    );
    if (outcome.moved) cancelled += 1;
  }
  if (cancelled > 0) deps.log.info({ cancelled }, 'cancelled unconfirmed cash-on-delivery orders');
  return cancelled;
}

/** One sweep: unpaid online orders past their time, then cash-on-delivery orders nobody confirmed in time. */
export async function sweepOrders(
  deps: CheckoutDeps,
  now = new Date(),
): Promise<{ expired: number; cancelled: number }> {
  const expired = await expireDueOrders(deps, now);
  const cancelled = await cancelUnconfirmedCodOrders(deps, now);
  return { expired, cancelled };
}

/**
 * Runs `sweepOrders` every `intervalMs` (never two sweeps at once in one process). Returns a
 * function that stops it and waits for a sweep in progress.
 */
export function startExpirySweeper(deps: CheckoutDeps, intervalMs: number): () => Promise<void> {
  return runEvery(
    intervalMs,
    () => sweepOrders(deps),
    (err) => deps.log.error({ err }, 'the expiry sweep failed'),
  );
}
