import type { OrderStatus } from '@kapaas/db';

/**
 * The order lifecycle of product.md §14. `ORDER_TRANSITIONS` is what a person may do to an order
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

/** What the shopper reads when an order reaches each status. */
export const CUSTOMER_STATUS_NOTES: Record<OrderStatus, string> = {
  pending_payment: 'Order placed.',
  paid: 'Payment received. Thank you!',
  payment_failed: 'The payment did not go through. Nothing was charged for this order.',
  expired: 'Not paid in time, so the order was closed.',
  packed: 'Your order is packed.',
  shipped: 'Your order is on its way.',
  delivered: 'Your order was delivered.',
  cancelled: 'The order was cancelled.',
  refunded: 'The order was refunded in full.',
};

/**
 * An order's history as the shopper sees it: each status it reached, with the shopper's sentence
 * for it, and the notes in between that were written for the shopper. The shop's own notes
 * (payment ids, which admin did what) never leave the console.
 */
export function customerHistory(
  events: readonly { status: OrderStatus; customerNote: string | null; createdAt: Date }[],
): { status: OrderStatus; note: string | null; at: string }[] {
  const shown: { status: OrderStatus; note: string | null; at: string }[] = [];
  let previous: OrderStatus | null = null;
  for (const event of events) {
    const reached = event.status !== previous;
    previous = event.status;
    if (!reached && event.customerNote === null) continue;
    shown.push({
      status: event.status,
      note: event.customerNote ?? CUSTOMER_STATUS_NOTES[event.status],
      at: event.createdAt.toISOString(),
    });
  }
  return shown;
}
