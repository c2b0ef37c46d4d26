import { type CodPayOnlineAnswer, formatPaise, type OrderDetail } from '@kapaas/contract';
import { and, codPrepayments, eq, isNotNull, isNull, type OrderStatus, type Queryable } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { paiseToRupees } from '../../lib/money';
import type { Owner } from '../../lib/owner';
import { EffectRefused } from '../../lib/state-machine';
import { prepaidTermsOf } from '../coupons';
import {
  lockOrder,
  moveOrder,
  type OrderRow,
  type OrderTransaction,
  orderOf,
  PAID_STATUSES,
  type PayLinkToCome,
  releaseOrderPlaced,
} from '../orders';
import { ProviderError, type RazorpayPayment, verifyPaymentSignature } from '../razorpay';
import { hasParcel } from '../shipping';
import { codPayLinkHoursOf } from './checkout.repository';
import { recordCapturedPayment } from './payments.repository';
import { priceOnline, repriceOnline } from './prepaid-discount';
import type { CheckoutDeps, PaymentSource } from './settlement';

/*
 * Cash on delivery to prepaid (issue 34, ADR 048). A shopper's cash-on-delivery order, until it ships, can be paid
 * online instead: from the thank-you or order page (`POST /api/cod_pay_online`, a Razorpay order the checkout dialog
 * pays, confirmed by order_place's second call) or from the confirmation mail's Razorpay Payment Link (its own Razorpay
 * order, reported by the `payment_link.paid` webhook). Each offer is a `cod_prepayments` row naming its Razorpay order,
 * so the one settlement (settlement.ts) finds the shop's order from either, and takes at most one payment: the order's
 * move `pay online instead` makes it online at the price offered; any other payment for it (the second of two offers,
 * or one after the owner cancelled) is refused and refunded by the refund workflow, as any payment the shop cannot keep.
 */

/**
 * The statuses a cash-on-delivery order can still be paid online from: not yet shipped. A packed one only while its
 * parcel is not with the courier (`prepayable`).
 */
export const PREPAYABLE_STATUSES: readonly OrderStatus[] = ['cod_pending_confirmation', 'cod_confirmed', 'packed'];

export type CodPrepaymentRow = typeof codPrepayments.$inferSelect;

/** Whether the order's own fields allow paying it online instead: a COD order not yet shipped, no advance paid on it. */
function codNotShipped(order: Pick<OrderRow, 'paymentMethod' | 'status' | 'codAdvancePaise'>): boolean {
  return order.paymentMethod === 'cod' && order.codAdvancePaise === 0 && PREPAYABLE_STATUSES.includes(order.status);
}

/**
 * The one rule of who may pay a COD order online instead (issue 34), for cod_pay_online, the order page's offer, the
 * confirmation's payment link and the settlement of a payment of either: a cash-on-delivery order with no advance, not
 * yet shipped, whose parcel is not with the courier (a booking under way or done: its paperwork says cash on
 * delivery, and the courier would collect the cash as well). Read under the order's lock where it decides a payment.
 */
export async function prepayable(db: Queryable, order: OrderRow): Promise<boolean> {
  return codNotShipped(order) && !(await hasParcel(db, order.id));
}

/**
 * order_details' `pay_online` (the order page's offer, handed to the orders module by app.ts): what paying the order
 * online instead costs and saves now, while it is `prepayable`; the price cod_pay_online charges. Null otherwise.
 */
export async function payOnlineOfferOf(db: Queryable, order: OrderRow): Promise<OrderDetail['pay_online']> {
  if (!(await prepayable(db, order))) return null;
  const price = priceOnline(order, await prepaidTermsOf(db));
  return { total: paiseToRupees(price.totalPaise), saving: paiseToRupees(order.totalPaise - price.totalPaise) };
}

/** Why the order cannot be paid online now, in the shopper's words. */
function notOfferable(order: OrderRow): AppError {
  if (order.paymentMethod !== 'cod') {
    return new AppError('CONFLICT', 'This order is not cash on delivery: there is nothing to pay online.', {
      code: 'NOT_COD',
    });
  }
  if (order.codAdvancePaise > 0) {
    return new AppError('CONFLICT', 'An advance was paid on this order: please pay the rest at the door.', {
      code: 'ADVANCE_PAID',
    });
  }
  if (order.status === 'cancelled' || order.status === 'refunded') {
    return new AppError('CONFLICT', 'This order was cancelled.', { code: 'ORDER_CANCELLED' });
  }
  return new AppError(
    'CONFLICT',
    'This order is already with the courier or on its way: please pay in cash at the door.',
    {
      code: 'TOO_LATE_TO_PREPAY',
    },
  );
}

/** The Razorpay receipt of an offer: the order and the amount, so that a new price opens a new provider order. */
const receiptOf = (order: OrderRow, amountPaise: number) => `kapaas_cod_${order.id}_${amountPaise.toString(36)}`;

/**
 * `POST /api/cod_pay_online`: the caller's own cash-on-delivery order (another's is 404), not yet shipped, priced as if
 * paid online now (no fee, less the prepaid discount), and a Razorpay order for that amount to pay in the dialog. The
 * same order at the same price answers the same Razorpay order (its receipt is unique), so a second press opens no
 * second one. Nothing changes on the order until a payment settles.
 */
export async function startCodPayOnline(
  deps: CheckoutDeps,
  owner: Owner,
  orderId: number,
): Promise<CodPayOnlineAnswer> {
  const order = await orderOf(deps.db, owner, orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
  if (!(await prepayable(deps.db, order))) throw notOfferable(order);
  const { price } = await repriceOnline(deps.db, order);
  let providerOrderId: string;
  try {
    const opened = await deps.payments.client.createOrder({
      amount: price.totalPaise,
      currency: order.currency,
      receipt: receiptOf(order, price.totalPaise),
      notes: { kapaas_order_id: String(order.id), purpose: 'cod_to_prepaid' },
    });
    providerOrderId = opened.id;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.error({ err: error, orderId }, 'could not open the provider order to pay a COD order online');
    throw new AppError('PROVIDER_UNAVAILABLE', 'We could not start the payment just now. Please try again.', {
      code: 'PROVIDER_UNAVAILABLE',
    });
  }
  await deps.db
    .insert(codPrepayments)
    .values({
      orderId: order.id,
      kind: 'checkout',
      providerOrderId,
      amountPaise: price.totalPaise,
      prepaidDiscountPaise: price.prepaidDiscountPaise,
    })
    .onConflictDoNothing();
  const saving = order.totalPaise - price.totalPaise;
  return {
    success: true,
    message: `Pay ${formatPaise(price.totalPaise)} now instead of ${formatPaise(order.totalPaise)} at the door.`,
    order_id: order.id,
    razorpay_order_id: providerOrderId,
    amount: price.totalPaise,
    currency: order.currency,
    key: deps.payments.keyId,
    checkout_url: deps.payments.checkoutUrl,
    total: paiseToRupees(price.totalPaise),
    prepaid_discount: paiseToRupees(price.prepaidDiscountPaise),
    cod_fee_saved: paiseToRupees(order.codFeePaise),
    saving: paiseToRupees(saving),
  };
}

/** The offer a Razorpay order belongs to, if it is one. */
export async function prepaymentByProviderOrder(
  db: Queryable,
  providerOrderId: string,
): Promise<CodPrepaymentRow | undefined> {
  const [row] = await db.select().from(codPrepayments).where(eq(codPrepayments.providerOrderId, providerOrderId));
  return row;
}

/**
 * The shop's order a captured payment is for, locked, when its Razorpay order is an offer to pay a COD order online;
 * undefined when it is not one (an ordinary online order's is found by the order's own provider id).
 */
export async function lockPrepaidOrder(
  tx: Queryable,
  providerOrderId: string,
): Promise<{ order: OrderRow; prepayment: CodPrepaymentRow } | undefined> {
  const prepayment = await prepaymentByProviderOrder(tx, providerOrderId);
  if (!prepayment) return undefined;
  const order = await lockOrder(tx, prepayment.orderId);
  return order ? { order, prepayment } : undefined;
}

/**
 * Why this order cannot take this payment of its offer, or null when it can: the amount must be the offer's, and the
 * order still `prepayable`. A second payment (the link after the dialog, or the reverse) finds it paid online already;
 * a payment after the owner cancelled finds it cancelled, and one after the courier took the parcel finds it there:
 * each is refunded in full.
 */
export async function prepaymentRefusal(
  db: Queryable,
  order: OrderRow,
  prepayment: CodPrepaymentRow,
  payment: RazorpayPayment,
): Promise<string | null> {
  if (payment.amount !== prepayment.amountPaise || payment.currency !== order.currency) {
    return `the payment of ${payment.amount} ${payment.currency} paise does not match the ${prepayment.amountPaise} ${order.currency} paise offered to pay the order online`;
  }
  if (order.status === 'cancelled' || order.status === 'refunded') return 'the order had been cancelled';
  if (order.paymentMethod === 'online' && PAID_STATUSES.includes(order.status)) {
    return 'the order had already been paid by another payment';
  }
  if (!codNotShipped(order)) return 'the order had already shipped, to be paid in cash at the door';
  if (await hasParcel(db, order.id)) return 'the order was already with the courier, to be paid in cash at the door';
  return null;
}

/** What the order's move is told: the price paid, and whether its parcel is with the courier (read under its lock). */
export const prepaidFacts = (prepayment: CodPrepaymentRow, courierParcel: boolean) => ({
  prepaid: { prepaidDiscountPaise: prepayment.prepaidDiscountPaise, totalPaise: prepayment.amountPaise },
  courierParcel,
});

/** The offer that paid its order: what the dashboard counts as a COD order moved to prepaid. */
export async function markPrepaymentPaid(tx: Queryable, prepaymentId: number, paymentId: string): Promise<void> {
  await tx
    .update(codPrepayments)
    .set({ paidAt: new Date(), paymentId })
    .where(and(eq(codPrepayments.id, prepaymentId), isNull(codPrepayments.paidAt)));
}

/**
 * The Razorpay order whose checkout signature the dialog's answer carries, among the order's offers opened by
 * cod_pay_online; null when none verifies. order_place's second call checks a COD order's payment against it.
 */
export async function signedPrepaymentOrder(
  db: Queryable,
  orderId: number,
  paymentId: string,
  signature: string,
  keySecret: string,
): Promise<string | null> {
  const offers = await db
    .select({ providerOrderId: codPrepayments.providerOrderId })
    .from(codPrepayments)
    .where(and(eq(codPrepayments.orderId, orderId), eq(codPrepayments.kind, 'checkout')));
  for (const { providerOrderId } of offers) {
    if (providerOrderId && verifyPaymentSignature(providerOrderId, paymentId, signature, keySecret)) {
      return providerOrderId;
    }
  }
  return null;
}

/** The same, unlocked: for the capture of an authorised payment, decided before the settling transaction. */
export async function prepaidOrderOf(db: Queryable, providerOrderId: string) {
  const prepayment = await prepaymentByProviderOrder(db, providerOrderId);
  if (!prepayment) return undefined;
  // Outside a transaction the row lock ends with the statement: a plain read through the orders module's one getter.
  const order = await lockOrder(db, prepayment.orderId);
  return order ? { order, prepayment } : undefined;
}

/**
 * The COD order paid online by this payment of its offer (in settlement's savepoint): the order process's `pay online
 * instead` move (online at the offer's price, GST priced again, invoice issued, the shopper told; to `paid`, or a
 * packed order staying `packed`), then the payment recorded as the order's own and the offer marked paid. A move
 * refused (the order changed meanwhile) undoes the savepoint, and the payment is refunded as any the shop cannot keep.
 */
export async function sellPrepaid(
  t: OrderTransaction,
  order: OrderRow,
  payment: RazorpayPayment,
  how: { source: PaymentSource; prepayment: CodPrepaymentRow },
): Promise<void> {
  const { prepayment, source } = how;
  const via = prepayment.kind === 'link' ? 'its payment link' : 'the shop';
  const moved = await moveOrder(t, order.id, order.status === 'packed' ? 'packed' : 'paid', {
    by: 'payment',
    from: [order.status],
    facts: prepaidFacts(prepayment, await hasParcel(t.tx, order.id)),
    note: `Paid online instead of cash on delivery through ${via}: payment ${payment.id} of ${formatPaise(payment.amount)} (${source}).`,
    customerNote: `Paid online: ${formatPaise(payment.amount)}. Nothing to pay at the door.`,
  });
  if (!moved.moved) throw new EffectRefused(`the order could not be paid online from ${order.status}`);
  await recordCapturedPayment(t.tx, order.id, payment, { status: 'accepted', note: null, refusalReason: null });
  await markPrepaymentPaid(t.tx, prepayment.id, payment.id);
}

/** Razorpay wants a Payment Link to live at least 15 minutes; a minute more covers the clocks' difference. */
const LEAST_LINK_SECONDS = 16 * 60;

/**
 * How long a COD order's confirmation waits for its payment link at most: longer than Razorpay's answer takes with the
 * client's retries. Only a placement that stopped half-way (the process died) makes it wait that long.
 */
export const PAY_LINK_WAIT_MS = 2 * 60_000;

/**
 * What a new cash-on-delivery order's confirmation is told, in the placing transaction, when a payment link is to be
 * made for it (`cod_pay_link_hours` set, the order `prepayable`): it is held until the link is made or could not be
 * (`offerPayLink` lets it go), and without one it offers the order page at this price. Undefined: no link to wait for.
 */
export async function payLinkToCome(tx: Queryable, order: OrderRow, now: Date): Promise<PayLinkToCome | undefined> {
  if ((await codPayLinkHoursOf(tx)) <= 0 || !(await prepayable(tx, order))) return undefined;
  const price = priceOnline(order, await prepaidTermsOf(tx));
  return {
    holdUntil: new Date(now.getTime() + PAY_LINK_WAIT_MS),
    totalPaise: price.totalPaise,
    savingPaise: order.totalPaise - price.totalPaise,
  };
}

/**
 * The payment link a new cash-on-delivery order's confirmation carries (issue 34), then the confirmation let go: it was
 * queued with the order and held for the link (`payLinkToCome`), so the mail worker never writes it before the link is
 * recorded. Best effort: a provider that cannot be reached leaves the confirmation without a link, saying to pay online
 * from the order page instead, logged, never failing the placement.
 */
export async function offerPayLink(deps: CheckoutDeps, order: OrderRow): Promise<void> {
  await makePayLink(deps, order);
  try {
    await releaseOrderPlaced(deps.db, order.id);
  } catch (error) {
    // The hold ends by itself (PAY_LINK_WAIT_MS): the confirmation goes then.
    deps.log.warn({ err: error, orderId: order.id }, 'could not let the COD confirmation go before its hold ends');
  }
}

/**
 * A Razorpay Payment Link for the order's total paid online, expiring after `cod_pay_link_hours`, recorded as the
 * order's offer; a failure is logged.
 */
async function makePayLink(deps: CheckoutDeps, order: OrderRow): Promise<void> {
  try {
    const hours = await codPayLinkHoursOf(deps.db);
    if (hours <= 0 || !(await prepayable(deps.db, order))) return;
    const { price } = await repriceOnline(deps.db, order);
    const expiresAt = new Date(Date.now() + Math.max(hours * 3600, LEAST_LINK_SECONDS) * 1000);
    const link = await deps.payments.client.createPaymentLink({
      amount: price.totalPaise,
      currency: order.currency,
      description: `Kapaas order ${order.id}, paid online instead of cash on delivery`,
      referenceId: `kapaas_cod_${order.id}_${Math.floor(order.createdAt.getTime() / 1000).toString(36)}`,
      expireBy: Math.floor(expiresAt.getTime() / 1000),
      notes: { kapaas_order_id: String(order.id), purpose: 'cod_to_prepaid' },
    });
    await deps.db
      .insert(codPrepayments)
      .values({
        orderId: order.id,
        kind: 'link',
        paymentLinkId: link.id,
        shortUrl: link.short_url,
        amountPaise: price.totalPaise,
        prepaidDiscountPaise: price.prepaidDiscountPaise,
        expiresAt,
      })
      .onConflictDoNothing();
  } catch (error) {
    deps.log.warn({ err: error, orderId: order.id }, 'could not make the payment link of a COD order');
  }
}

/**
 * `payment_link.paid`: the link's offer learns its Razorpay order (known only once paid), then the payment settles
 * through the one settlement like any other, which takes it or refunds it. Answers null for a link that is not ours.
 */
export async function recordLinkPaid(deps: CheckoutDeps, linkId: string, providerOrderId: string): Promise<boolean> {
  const updated = await deps.db
    .update(codPrepayments)
    .set({ providerOrderId })
    .where(and(eq(codPrepayments.paymentLinkId, linkId), isNull(codPrepayments.providerOrderId)))
    .returning({ id: codPrepayments.id });
  if (updated.length > 0) return true;
  const [known] = await deps.db
    .select({ id: codPrepayments.id })
    .from(codPrepayments)
    .where(and(eq(codPrepayments.paymentLinkId, linkId), eq(codPrepayments.providerOrderId, providerOrderId)));
  return known !== undefined;
}

/** The offer that paid this order, once one has: the order was a COD order paid online instead. */
export async function paidPrepaymentOf(db: Queryable, orderId: number): Promise<CodPrepaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(codPrepayments)
    .where(and(eq(codPrepayments.orderId, orderId), isNotNull(codPrepayments.paidAt)));
  return row;
}
