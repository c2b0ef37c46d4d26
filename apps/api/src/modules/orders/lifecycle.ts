import type { OrderStatus } from '@kapaas/db';
import { canMove as canMoveIn } from '../../lib/state-machine';
import { ORDER_PROCESS } from './order-process';

/** Whether any move of the order process leads from `from` to `to`. */
export const canMove = (from: OrderStatus, to: OrderStatus) => canMoveIn(ORDER_PROCESS, from, to);

/**
 * Statuses in which the shop holds the shopper's money for the order, or (cash on delivery) has the order to fulfil:
 * packed, shipped and delivered COD orders are in this list too, and are paid only once paid_at is set.
 */
export const PAID_STATUSES: readonly OrderStatus[] = ['paid', 'packed', 'shipped', 'delivered'];

/** Statuses of a cash-on-delivery order that the shop will fulfil, before its parcel leaves. */
export const COD_OPEN_STATUSES: readonly OrderStatus[] = ['cod_pending_confirmation', 'cod_confirmed'];

/**
 * Statuses of a cash-on-delivery order not yet shipped: it holds its pieces (sold at placement) and is counted against
 * the shop's limit of open COD orders per phone number, shopper and delivery address.
 */
export const COD_UNSHIPPED_STATUSES: readonly OrderStatus[] = [...COD_OPEN_STATUSES, 'packed'];

/** Statuses in which a cash-on-delivery order is still to be paid at the door (or its cash still to be recorded). */
export const COD_DUE_STATUSES: readonly OrderStatus[] = [...COD_OPEN_STATUSES, 'packed', 'shipped', 'delivered'];

/**
 * The cash a courier is to collect for an order, in paise: the total of an unpaid cash-on-delivery order on its way,
 * less the advance paid online at placement (issue 34), else 0.
 */
export function codDuePaise(order: {
  paymentMethod: string;
  status: OrderStatus;
  paidAt: Date | null;
  totalPaise: number;
  codAdvancePaise?: number;
}): number {
  const due = order.paymentMethod === 'cod' && order.paidAt === null && COD_DUE_STATUSES.includes(order.status);
  return due ? order.totalPaise - (order.codAdvancePaise ?? 0) : 0;
}

/** Whether an order is cash on delivery with an advance to pay online at placement (issue 34). */
export const hasCodAdvance = (order: { paymentMethod: string; codAdvancePaise: number }) =>
  order.paymentMethod === 'cod' && order.codAdvancePaise > 0;

/** What an order asks to be paid online, in paise: its advance when it has one, else its total. */
export const dueOnlinePaise = (order: { paymentMethod: string; codAdvancePaise: number; totalPaise: number }) =>
  hasCodAdvance(order) ? order.codAdvancePaise : order.totalPaise;

/**
 * Whether an order has taken what it asked online: paid (and on) for an online order; its advance paid (confirmed, and
 * on) for a cash-on-delivery order with an advance. A second payment for it is then refused and refunded.
 */
export function paidOnline(order: { status: OrderStatus; paymentMethod: string; codAdvancePaise: number }): boolean {
  if (!hasCodAdvance(order)) return PAID_STATUSES.includes(order.status);
  return [...COD_DUE_STATUSES, 'returned_to_origin'].includes(order.status);
}

const COD_PENDING_PLACED = 'Order placed, to be paid in cash on delivery.';

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
  cod_pending_confirmation: `${COD_PENDING_PLACED} We will call you to confirm it.`,
  cod_confirmed: 'Order confirmed, to be paid in cash on delivery.',
  returned_to_origin: 'The parcel could not be delivered and went back to the shop.',
};

/**
 * An order's history as the shopper sees it: each status it reached, with the shopper's sentence
 * for it, and the notes in between that were written for the shopper. The shop's own notes
 * (payment ids, which admin did what) never leave the console. `codAskedOn`: the sentence of a COD order waiting for
 * its confirmation when it was asked on WhatsApp (issue 36), in place of the call the shop otherwise makes.
 */
export function customerHistory(
  events: readonly { status: OrderStatus; customerNote: string | null; createdAt: Date }[],
  codAskedOn?: string,
): { status: OrderStatus; note: string | null; at: string }[] {
  const notes = codAskedOn
    ? { ...CUSTOMER_STATUS_NOTES, cod_pending_confirmation: `${COD_PENDING_PLACED} ${codAskedOn}` }
    : CUSTOMER_STATUS_NOTES;
  const shown: { status: OrderStatus; note: string | null; at: string }[] = [];
  let previous: OrderStatus | null = null;
  for (const event of events) {
    const reached = event.status !== previous;
    previous = event.status;
    if (!reached && event.customerNote === null) continue;
    shown.push({
      status: event.status,
      note: event.customerNote ?? notes[event.status],
      at: event.createdAt.toISOString(),
    });
  }
  return shown;
}
