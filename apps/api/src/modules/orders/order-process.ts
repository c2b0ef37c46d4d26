import { ORDER_STATUS_VALUES } from '@kapaas/contract';
import type { OrderStatus } from '@kapaas/db';
import { defineProcess, type Effect, type Move } from '../../lib/state-machine';
import {
  announceStock,
  becomeCashOnDelivery,
  becomePrepaid,
  blockCodAfterReturn,
  countCouponUse,
  countSold,
  creditInFull,
  creditReturnedCodParcel,
  invoiceCodAtShipping,
  issueTaxInvoice,
  noteSold,
  type OrderMoveContext,
  type PrepaidPrice,
  paidMail,
  recordHistory,
  releaseHeldPieces,
  restockSoldPieces,
  sellFreePieces,
  sellHeldPieces,
  statusMail,
} from './order-effects';

/**
 * Who moves an order (docs/order-states.md): the owner or staff in the console; the payment code (the shopper's
 * confirmation, the provider's webhooks, the expiry sweep's question to the provider); the expiry sweep itself; the
 * shopper, whose new order closes their earlier unpaid ones; the courier, whose tracking says a parcel was delivered
 * or came back (ADR 044); WhatsApp, the shopper's tap on the COD confirmation's Confirm or Cancel (issue 36), checked
 * against the message the shop sent that number for that order.
 */
export type OrderActor = 'owner' | 'payment' | 'sweep' | 'shopper' | 'courier' | 'whatsapp';

/** What a caller knows of a move beyond the order row, for the guards. */
export interface OrderFacts {
  /** The order's own payment (not one the shop refused) has been refunded in full. */
  readonly ownPaymentRefunded?: boolean;
  /** A cash-on-delivery order paid online instead: the price it was paid at (issue 34). */
  readonly prepaid?: PrepaidPrice;
  /** The order's parcel is with the courier (booked or being booked, shipping's `hasParcel`), read under its lock. */
  readonly courierParcel?: boolean;
}

/** The context of the order process's guards and effects. */
export interface OrderProcessContext extends OrderMoveContext {
  readonly facts: OrderFacts;
}

type OrderMove = Move<OrderStatus, OrderActor, OrderProcessContext>;
type OrderEffect = Effect<OrderProcessContext>;

const paidOnline: readonly OrderEffect[] = [countCouponUse, sellHeldPieces, issueTaxInvoice];
const paidLate: readonly OrderEffect[] = [countCouponUse, sellFreePieces, issueTaxInvoice];
const codChosenAtProvider: readonly OrderEffect[] = [countCouponUse, sellHeldPieces, becomeCashOnDelivery];
const advancePaid: readonly OrderEffect[] = [countCouponUse, sellHeldPieces, becomeCashOnDelivery];
const advancePaidLate: readonly OrderEffect[] = [countCouponUse, sellFreePieces, becomeCashOnDelivery];

/** A cash-on-delivery order with an advance (issue 34) is confirmed by paying its advance, not by Razorpay's COD. */
const withAdvance = {
  // lifecycle.ts's hasCodAdvance, written out: lifecycle imports this process.
  guard: ({ order }: OrderProcessContext) =>
    order.paymentMethod === 'cod' && order.codAdvancePaise > 0
      ? null
      : 'Only a cash-on-delivery order with an advance is confirmed by paying it.',
  requires: 'a cash-on-delivery order with an advance',
};

/**
 * A cash-on-delivery order is paid online instead (issue 34) only through its offer, at the price offered, and only
 * while its parcel is not with the courier, whose paperwork would say cash on delivery: the caller says it looked
 * (`courierParcel: false`, under the order's lock, which the courier's booking takes to claim the parcel).
 */
const throughItsOffer = {
  guard: ({ facts }: OrderProcessContext) => {
    if (!facts.prepaid) return 'A cash-on-delivery order is paid online only through its offer.';
    if (facts.courierParcel !== false) return 'A parcel with the courier is paid in cash at the door.';
    return null;
  },
  requires:
    'a payment of its offer to pay online (cod_pay_online or the payment link), of the price paid online; no parcel with the courier',
};

/**
 * Every move of an order, with who makes it, what must hold and what it does (ADR 042). Each move is made by
 * `moveOrder` (move.ts), which locks the order, asks this object, writes the status by compare-and-set, then runs in
 * the same transaction the history line and the shopper's message (every move) and the move's own effects, and queues
 * the catalogue's news for after the commit. Nothing else writes an order's status.
 *
 * An order is created, not moved, in pending_payment (paid online), cod_confirmed or cod_pending_confirmation (cash on
 * delivery): the checkout's placement (place-order.ts) writes it with its first history line.
 */
const MOVES: readonly OrderMove[] = [
  // Paying online.
  { name: 'pay', from: ['pending_payment'], to: 'paid', by: ['payment'], effects: paidOnline },
  { name: 'pay late', from: ['payment_failed', 'expired'], to: 'paid', by: ['payment'], effects: paidLate },
  { name: 'fail', from: ['pending_payment'], to: 'payment_failed', by: ['payment'], effects: [releaseHeldPieces] },
  { name: 'expire', from: ['pending_payment'], to: 'expired', by: ['sweep', 'shopper'], effects: [releaseHeldPieces] },
  // Cash on delivery with an advance (issue 34): paying the advance online confirms the order; the rest at the door.
  {
    name: 'pay advance',
    from: ['pending_payment'],
    to: 'cod_confirmed',
    by: ['payment'],
    ...withAdvance,
    effects: advancePaid,
  },
  {
    name: 'pay advance late',
    from: ['payment_failed', 'expired'],
    to: 'cod_confirmed',
    by: ['payment'],
    ...withAdvance,
    effects: advancePaidLate,
  },
  // Razorpay's own cash on delivery, chosen in its checkout for an order opened online (ADR 033).
  { name: 'choose COD', from: ['pending_payment'], to: 'cod_confirmed', by: ['payment'], effects: codChosenAtProvider },
  {
    name: 'choose COD',
    from: ['pending_payment'],
    to: 'cod_pending_confirmation',
    by: ['payment'],
    effects: codChosenAtProvider,
  },
  // A cash-on-delivery order paid online before it ships (issue 34): by the shop's pages or the confirmation's link.
  {
    name: 'pay online instead',
    from: ['cod_pending_confirmation', 'cod_confirmed'],
    to: 'paid',
    by: ['payment'],
    ...throughItsOffer,
    effects: [becomePrepaid, issueTaxInvoice],
  },
  // Packed already: it stays packed, to ship, now paid; the shopper hears it is paid (a packed order has no message).
  {
    name: 'pay online instead',
    from: ['packed'],
    to: 'packed',
    by: ['payment'],
    ...throughItsOffer,
    effects: [becomePrepaid, issueTaxInvoice, paidMail],
  },
  // Fulfilment.
  { name: 'confirm', from: ['cod_pending_confirmation'], to: 'cod_confirmed', by: ['owner', 'whatsapp'] },
  { name: 'pack', from: ['paid', 'cod_confirmed'], to: 'packed', by: ['owner'] },
  { name: 'ship', from: ['packed'], to: 'shipped', by: ['owner'], effects: [invoiceCodAtShipping] },
  { name: 'deliver', from: ['shipped'], to: 'delivered', by: ['owner', 'courier'] },
  {
    name: 'return to origin',
    from: ['shipped'],
    to: 'returned_to_origin',
    by: ['owner', 'courier'],
    effects: [creditReturnedCodParcel, blockCodAfterReturn],
  },
  // Ending an order before it ships.
  { name: 'cancel', from: ['paid'], to: 'cancelled', by: ['owner'], effects: [restockSoldPieces, creditInFull] },
  {
    name: 'cancel',
    from: ['cod_pending_confirmation', 'cod_confirmed'],
    to: 'cancelled',
    by: ['owner'],
    effects: [restockSoldPieces],
  },
  // The shopper's Cancel on WhatsApp: only before the order is confirmed (after, they ask the shop).
  {
    name: 'cancel by tap',
    from: ['cod_pending_confirmation'],
    to: 'cancelled',
    by: ['whatsapp'],
    effects: [restockSoldPieces],
  },
  {
    name: 'cancel unconfirmed',
    from: ['cod_pending_confirmation'],
    to: 'cancelled',
    by: ['sweep'],
    effects: [restockSoldPieces],
  },
  {
    name: 'refund',
    from: ['cancelled'],
    to: 'refunded',
    by: ['owner', 'payment'],
    guard: ({ facts }) =>
      facts.ownPaymentRefunded ? null : 'An order is marked refunded once its own payment is refunded in full.',
    requires: 'its own payment refunded in full (not one the shop refused)',
  },
];

export const ORDER_PROCESS = defineProcess<OrderStatus, OrderActor, OrderProcessContext>({
  name: 'order',
  states: ORDER_STATUS_VALUES,
  everyMove: { effects: [recordHistory, statusMail, noteSold], afterCommit: [announceStock, countSold] },
  moves: MOVES,
});

/** Where an order may go from each status, whoever moves it: the table docs/order-states.md draws. */
export const ORDER_TRANSITIONS = ORDER_PROCESS.transitions;

/** The statuses the owner may set by hand from `from` in the console (the refund action makes `refunded`). */
export function ownerMovesFrom(from: OrderStatus): OrderStatus[] {
  const targets = MOVES.filter(
    (move) => move.by.includes('owner') && move.from.includes(from) && move.name !== 'refund',
  );
  return [...new Set(targets.map((move) => move.to))];
}
