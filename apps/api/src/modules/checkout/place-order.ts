import {
  type CodAdvanceAnswer,
  type CodOrderPlacedAnswer,
  formatPaise,
  type OrderCreatedAnswer,
  type PaymentMethod,
} from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { paiseToRupees } from '../../lib/money';
import type { Owner } from '../../lib/owner';
import { type Limit, RateLimiter } from '../../lib/rate-limit';
import { runSteps, type Step } from '../../lib/workflow';
import { type AddressSnapshot, addressSnapshotOf } from '../addresses';
import { type CartLineRow, cartLines, lockCart, removePaidLines } from '../cart';
import { evaluateCoupon, lockCoupon, redeemCoupon, redemptionsBy } from '../coupons';
import {
  type CodCase,
  type CodTerms,
  codAdvanceOf,
  codRefusal,
  type DeliveryQuote,
  deliveryTermsOf,
  lockCodCase,
  NOT_DELIVERED,
  quoteDelivery,
  shippingFor,
} from '../delivery';
import { orderStockLines, reserve, sellReserved } from '../inventory';
import {
  codConfirmationOnWhatsApp,
  codWhatsAppNote,
  couponHolds,
  dueOnlinePaise,
  expireEarlierUnpaid,
  inOrderTransaction,
  moveOrder,
  type NewOrder,
  type OrderRow,
  type OrderTransaction,
  openOrdersMatching,
  queueOrderPlaced,
  recordOrder,
  setProviderOrderId,
} from '../orders';
import { ProviderError } from '../razorpay';
import { goodsDescription, priceOrderTax, recordOrderTax } from '../tax';
import { type ShopTerms, shopTermsOf } from './checkout.repository';
import { offerPayLink, payLinkToCome } from './cod-pay-online';
import { prepaidDiscountPaise } from './prepaid-discount';
import type { CheckoutDeps } from './settlement';

/** One line as the first call asks for it (client amounts already dropped by the route). */
export interface WantedLine {
  productId: number;
  sizeId?: number | undefined;
  quantity: number;
}

export interface PlaceOrderInput {
  addressId: number;
  couponId: number | null;
  lines: WantedLine[];
  /** online (Razorpay) or cod (cash on delivery); online when the client does not say. */
  paymentMethod: PaymentMethod;
  /** The client's network address and the limit of COD orders placed from one address; absent, none is counted. */
  placedFrom?: { address: string; codOrdersPerAddress: Limit } | undefined;
  /**
   * Records the consents ticked on the form, once the order is placed: a COD order's in its own transaction before
   * its confirmation is queued (the WhatsApp box decides that message's channel), an online order's after it is held.
   */
  recordConsents?: ((db: Queryable) => Promise<void>) | undefined;
}

/** What a shopper reads past the limit of cash-on-delivery orders placed from one network address in a window. */
export const COD_TOO_MANY =
  'Too many cash-on-delivery orders from your network in the last hour. Please pay online, or try again later.';

const CURRENCY = 'INR';

/** An open order this close to expiring is not handed out again: the shopper would run out of time paying. */
export const REUSE_MARGIN_MS = 2 * 60_000;

/**
 * The provider receipt of an order: its id, plus its creation second so that a database started
 * afresh against the same Razorpay account never reuses an earlier order's receipt (ADR 012).
 * Razorpay allows 40 characters.
 */
export function receiptFor(order: { id: number; createdAt: Date }): string {
  return `kapaas_${order.id}_${Math.floor(order.createdAt.getTime() / 1000).toString(36)}`;
}

/** A cart line bought by this order, priced from the catalogue. */
interface PricedLine {
  row: CartLineRow;
  quantity: number;
  unit: number;
  total: number;
}

/** The cart priced for this order: where it goes and what it buys. */
interface PricedCart {
  terms: ShopTerms;
  address: AddressSnapshot;
  lines: PricedLine[];
  /** The zone of the address's PIN code, its charges and the delivery window if ordered now. */
  delivery: DeliveryQuote & { window: { from: string; to: string } };
  /** The shop's delivery terms, cash on delivery's rules among them, read once for the order. */
  deliveryTerms: CodTerms;
}

/** What the steps of order_place share: the request, then what each step made. */
interface PlaceOrderContext {
  readonly owner: Owner;
  readonly input: PlaceOrderInput;
  readonly now: Date;
  /** The order that holds the stock, and whether an earlier identical call made it. */
  held?: { order: OrderRow; reused: boolean };
  providerOrderId?: string;
  /** Why the provider order could not be made, for the failed order's history. */
  providerFailure?: unknown;
}

/**
 * order_place, first call (product.md §14, ADR 012), as two steps (ADR 021). Holding the order is
 * one transaction: the address must be the caller's; every line is priced from the catalogue
 * (client amounts are never read); the coupon is judged under its rules; the shipping charge is
 * added; the stock is reserved with conditional updates; the order is written in pending_payment
 * with its lines and snapshots. Then the provider order is created with the order's receipt; if that
 * fails, the first step's undo makes the order payment_failed and releases its stock.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  owner: Owner,
  input: PlaceOrderInput,
): Promise<OrderCreatedAnswer | CodOrderPlacedAnswer | CodAdvanceAnswer> {
  if (input.paymentMethod === 'cod') return placeCodOrder(deps, owner, input);
  const context = await runSteps(
    [holdOrderStep(deps), openProviderOrderStep(deps)],
    { owner, input, now: new Date() },
    ({ step, error }) => deps.log.error({ err: error, step }, 'could not undo a checkout step'),
  );
  await input.recordConsents?.(deps.db);
  return createdAnswer(
    deps,
    mustHave(context.held, 'held').order,
    mustHave(context.providerOrderId, 'providerOrderId'),
  );
}

/** A value an earlier step must have set; its absence is a bug in the sequence. */
function mustHave<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`checkout step left ${what} unset`);
  return value;
}

/** What both answers say of the placed order: its amounts in rupees, its zone and promised date. */
function placedFields(placed: OrderRow) {
  return {
    success: true as const,
    order_id: placed.id,
    items_total: paiseToRupees(placed.itemsTotalPaise),
    coupon_discount: paiseToRupees(placed.discountPaise),
    prepaid_discount: paiseToRupees(placed.prepaidDiscountPaise),
    shipping_charge: paiseToRupees(placed.shippingPaise),
    cod_fee: paiseToRupees(placed.codFeePaise),
    total: paiseToRupees(placed.totalPaise),
    shipping_zone: placed.shippingZone as OrderCreatedAnswer['shipping_zone'],
    delivery_by: placed.deliveryBy as string,
  };
}

function createdAnswer(deps: CheckoutDeps, placed: OrderRow, providerOrderId: string): OrderCreatedAnswer {
  return {
    ...placedFields(placed),
    message: 'Order created successfully.',
    payment_method: 'online',
    razorpay_order_id: providerOrderId,
    amount: placed.totalPaise,
    currency: CURRENCY,
    key: deps.payments.keyId,
    checkout_url: deps.payments.checkoutUrl,
    expires_at: (placed.expiresAt as Date).toISOString(),
  };
}

/**
 * The answer to a cash-on-delivery order that waits for its advance (issue 34): the checkout dialog opens for the
 * advance as for an online order, and the second call confirms it.
 */
function advanceAnswer(deps: CheckoutDeps, placed: OrderRow, providerOrderId: string): CodAdvanceAnswer {
  const advance = placed.codAdvancePaise;
  return {
    ...createdAnswer(deps, placed, providerOrderId),
    message: `Order placed. Please pay the advance of ${formatPaise(advance)} now; the rest is paid in cash on delivery.`,
    payment_method: 'cod',
    status: 'pending_payment',
    amount: advance,
    cod_advance: paiseToRupees(advance),
    amount_due_on_delivery: paiseToRupees(placed.totalPaise - advance),
  };
}

/**
 * order_place with payment_method "cod" (ADR 033): one transaction prices the cart like an online order, checks every
 * cash-on-delivery rule again, adds the fee, redeems the coupon, takes the stock for good (it never expires), records
 * the order as cod_confirmed (or cod_pending_confirmation above the owner's confirmation value) and empties the cart
 * of its lines. There is no provider order, unless the shop asks this order an advance (issue 34): the order then
 * waits in pending_payment, holding its stock, and the provider order is opened for the advance as for an online one.
 */
async function placeCodOrder(
  deps: CheckoutDeps,
  owner: Owner,
  input: PlaceOrderInput,
): Promise<CodOrderPlacedAnswer | CodAdvanceAnswer> {
  const steps = [placeCodStep(deps), openProviderOrderStep(deps)];
  const context = await runSteps(steps, { owner, input, now: new Date() }, ({ step, error }) =>
    deps.log.error({ err: error, step }, 'could not undo a checkout step'),
  );
  const placed = mustHave(context.held, 'held').order;
  if (placed.status === 'pending_payment') {
    return advanceAnswer(deps, placed, mustHave(context.providerOrderId, 'providerOrderId'));
  }
  const asked =
    placed.status === 'cod_pending_confirmation' ? await codConfirmationOnWhatsApp(deps.db, placed.id) : null;
  const onWhatsApp = asked !== null && !asked.fellBack;
  return {
    ...placedFields(placed),
    message: onWhatsApp
      ? `Order placed. ${codWhatsAppNote(asked.number)}`
      : placed.status === 'cod_pending_confirmation'
        ? 'Order placed. We will call you to confirm it before we pack it.'
        : 'Order placed. Please pay in cash when it is delivered.',
    payment_method: 'cod',
    status: placed.status,
    amount_due_on_delivery: paiseToRupees(placed.totalPaise),
    // What the placement's transaction queued (issue 36), read once it committed: the thank-you page says the same.
    confirm_on_whatsapp: onWhatsApp,
    ...(onWhatsApp ? { whatsapp_number: asked.number } : {}),
  };
}

/**
 * The one step of a cash-on-delivery placement (ADR 042): nothing outside the database is asked, so the whole
 * placement is one transaction, which a failure rolls back (no undo); the catalogue hears of the stock once it
 * commits. A step of its own all the same, so that a COD placement that later gains an outside party (a courier's
 * serviceability check) adds its step beside this one.
 */
function placeCodStep(deps: CheckoutDeps): Step<PlaceOrderContext> {
  return {
    name: 'place the cash-on-delivery order',
    run: async (context) => {
      const { owner, input, now } = context;
      const order = await inOrderTransaction(deps, (t) => recordCodOrder(t, owner, input, now));
      context.held = { order, reused: false };
      deps.metrics?.orderPlaced();
      countPlacement(deps, order, input);
      await deps.catalogue.stockChanged(input.lines.map((line) => line.productId));
      // The confirmation's link to pay online instead (issue 34), made once the order exists, then the confirmation
      // let go; best effort.
      await offerPayLink(deps, order);
    },
    // An order awaiting its advance whose provider order could not be opened fails and releases its stock.
    undo: async (context) => {
      if (context.held?.order.status !== 'pending_payment') return;
      await abandonOrder(deps, context.held.order.id, context.providerFailure);
    },
  };
}

/**
 * A new order placed, in the funnel (ADR 053): a checkout started for each of its products (once each, whatever its
 * sizes); a reused open order is no new checkout. A cash-on-delivery order confirmed at once is also sold, on the day
 * it was placed, as the sales report counts it; one waiting for its confirmation or its advance is counted by the
 * order process when it gets them.
 */
function countPlacement(deps: CheckoutDeps, order: OrderRow, input: PlaceOrderInput): void {
  const productIds = input.lines.map((line) => line.productId);
  deps.funnel?.count('checkouts', productIds);
  if (order.status === 'cod_confirmed') deps.funnel?.count('orders', productIds);
}

/**
 * The cash-on-delivery order, in its transaction. The shopper's earlier unpaid orders are released first (before the
 * COD locks, as Razorpay's own COD takes an order's lock before them). Then the shopper, phone number and address are
 * locked so that the open-order limit holds against placements at once, and only then the coupon and the stock, in the
 * order every COD placement takes them. The placement is counted against its network address last, so that only an
 * order placed counts. Answers the order.
 */
async function recordCodOrder(t: OrderTransaction, owner: Owner, input: PlaceOrderInput, now: Date) {
  const { tx } = t;
  const cart = await priceCart(tx, owner, input);
  const cod = cart.deliveryTerms;
  await expireEarlierUnpaid(t, owner);
  await lockCodCase(tx, codCaseOf(owner, cart, now));
  const order = await orderTotals(tx, owner, input.couponId, cart, now, cod);
  const tax = await taxOf(tx, cart, order);
  await reserveStock(tx, cart.lines);
  const who = { owner, phone: cart.address.phone_number, email: cart.address.email_id };
  const advance = await codAdvanceOf(tx, cod, who, order.order.totalPaise);
  // In the placement's transaction (undone with it), before the confirmation whose channel the WhatsApp box decides.
  await input.recordConsents?.(tx);
  if (advance > 0) return recordAwaitingAdvance(tx, owner, input, withAdvance(order, advance, cart.terms, now), tax);
  const confirmFirst = cod.codConfirmAbovePaise !== null && order.order.totalPaise > cod.codConfirmAbovePaise;
  const status = confirmFirst ? 'cod_pending_confirmation' : 'cod_confirmed';
  const note = confirmFirst
    ? 'Order placed, cash on delivery. Above the value the shop confirms first: call the shopper, then confirm it.'
    : 'Order placed, cash on delivery.';
  const recorded = await recordOrder(tx, owner, order, status, note);
  if (tax) await recordOrderTax(tx, recorded.id, tax);
  const stock = await orderStockLines(tx, recorded.id);
  await sellReserved(tx, stock);
  if (recorded.couponId !== null) {
    const problem = await redeemCoupon(tx, {
      couponId: recorded.couponId,
      orderId: recorded.id,
      owner,
      discountPaise: recorded.discountPaise,
    });
    if (problem) throw new AppError('CONFLICT', `This coupon cannot be used: ${problem}.`, { code: 'COUPON_USED_UP' });
  }
  await removePaidLines(tx, owner, stock);
  // The confirmation, held for its payment link when one is to be made (offerPayLink, once this commits).
  await queueOrderPlaced(tx, recorded.id, await payLinkToCome(tx, recorded, now));
  await countCodPlacement(tx, input);
  return recorded;
}

/** Counts a cash-on-delivery placement against its network address (the last thing it does, so only one placed counts). */
async function countCodPlacement(tx: Queryable, input: PlaceOrderInput): Promise<void> {
  if (!input.placedFrom) return;
  const { address, codOrdersPerAddress } = input.placedFrom;
  await new RateLimiter(tx).hit(`cod-order:ip:${address}`, codOrdersPerAddress, COD_TOO_MANY);
}

/** The order with its advance, and a time to pay it like an online order's (issue 34). */
function withAdvance(order: NewOrder, advancePaise: number, terms: ShopTerms, now: Date): NewOrder {
  const expiresAt = new Date(now.getTime() + terms.expiryMinutes * 60_000);
  return { ...order, order: { ...order.order, codAdvancePaise: advancePaise, expiresAt } };
}

/**
 * A cash-on-delivery order that pays an advance first (issue 34): recorded like an online order, in pending_payment
 * with its stock held (not sold) and a time to pay, until the payment code's `pay advance` move confirms it (selling
 * the pieces, counting the coupon, queueing the receipt) or the sweep expires it (releasing them). The cart keeps its
 * lines until the advance is paid.
 */
async function recordAwaitingAdvance(
  tx: Queryable,
  owner: Owner,
  input: PlaceOrderInput,
  order: NewOrder,
  tax: Awaited<ReturnType<typeof taxOf>>,
): Promise<OrderRow> {
  const advance = formatPaise(order.order.codAdvancePaise ?? 0);
  const note = `Order placed, cash on delivery with an advance of ${advance} to pay online first.`;
  const recorded = await recordOrder(tx, owner, order, 'pending_payment', note);
  if (tax) await recordOrderTax(tx, recorded.id, tax);
  await countCodPlacement(tx, input);
  return recorded;
}

/** The order's shopper, phone number and address, as the cash-on-delivery rules judge them. */
function codCaseOf(owner: Owner, cart: PricedCart, now: Date): CodCase {
  const { pin_code: pin, phone_number: phone, address } = cart.address;
  return { owner, pin, phone, address, now };
}

/**
 * Step 1, in one transaction: price the cart, reuse an identical open order or judge the coupon,
 * work out its GST, reserve the stock and record the order with its tax. A failure inside rolls all of it back. Undo (once it has
 * committed): abandon the order, which releases its stock; a reused order is left to its first call.
 */
function holdOrderStep(deps: CheckoutDeps): Step<PlaceOrderContext> {
  return {
    name: 'hold the order',
    run: async (context) => {
      const held = await inOrderTransaction(deps, (t) => holdOrder(t, context));
      context.held = held;
      if (held.reused) return;
      deps.metrics?.orderPlaced();
      countPlacement(deps, held.order, context.input);
      await deps.catalogue.stockChanged(context.input.lines.map((line) => line.productId));
    },
    undo: async (context) => {
      if (!context.held || context.held.reused) return;
      await abandonOrder(deps, context.held.order.id, context.providerFailure);
    },
  };
}

async function holdOrder(
  t: OrderTransaction,
  context: PlaceOrderContext,
): Promise<NonNullable<PlaceOrderContext['held']>> {
  const { tx } = t;
  const { owner, input, now } = context;
  const cart = await priceCart(tx, owner, input);
  const open = await openOrderFor(tx, owner, input.couponId, cart, now);
  if (open) return { order: open, reused: true };
  // Another purchase from the same cart: the earlier unpaid orders give back their pieces and coupon first.
  await expireEarlierUnpaid(t, owner);
  const order = await orderTotals(tx, owner, input.couponId, cart, now, null);
  const tax = await taxOf(tx, cart, order);
  await reserveStock(tx, cart.lines);
  const recorded = await recordOrder(tx, owner, order);
  if (tax) await recordOrderTax(tx, recorded.id, tax);
  return { order: recorded, reused: false };
}

/** The order's GST, worked out from its lines, coupon, shipping and cash-on-delivery fee. */
function taxOf(tx: Queryable, cart: PricedCart, order: NewOrder) {
  return priceOrderTax(tx, {
    stateName: cart.address.state,
    lines: cart.lines.map(({ row, quantity, total }) => ({
      productId: row.productId,
      description: goodsDescription(row),
      quantity,
      linePaise: total,
    })),
    // The prepaid discount is a discount before tax like the coupon's: both are shared over the goods (ADR 047).
    discountPaise: (order.order.discountPaise ?? 0) + (order.order.prepaidDiscountPaise ?? 0),
    shippingPaise: order.order.shippingPaise ?? 0,
    codFeePaise: order.order.codFeePaise ?? 0,
  });
}

/** The caller's address and cart lines, each line matched, checked for sale and priced from the catalogue. */
async function priceCart(tx: Queryable, owner: Owner, input: PlaceOrderInput): Promise<PricedCart> {
  const terms = await shopTermsOf(tx);
  const address = await addressSnapshotOf(tx, owner, input.addressId);
  if (!address) throw new AppError('NOT_FOUND', 'Address not found.');
  const deliveryTerms = await deliveryTermsOf(tx);
  const delivery = await deliveryTo(tx, address.pin_code, deliveryTerms);
  const cartId = await lockCart(tx, owner);
  const matched = matchCart(input.lines, await cartLines(tx, cartId));
  for (const { line, row } of matched) checkSellable(row, line.quantity, terms.cap);
  const lines = matched.map(({ line, row }) => {
    const unit = row.discountPricePaise ?? row.pricePaise;
    return { row, unit, quantity: line.quantity, total: unit * line.quantity };
  });
  return { terms, address, lines, delivery, deliveryTerms };
}

/** Where the order goes, by the address's PIN code: 409 when the shop does not deliver there. */
async function deliveryTo(tx: Queryable, pin: string, terms: CodTerms): Promise<PricedCart['delivery']> {
  const quote = await quoteDelivery(tx, pin, new Date(), terms);
  if (!quote) {
    throw new AppError('CONFLICT', 'We could not find the PIN code of this address. Please edit the address.', {
      code: 'UNKNOWN_PIN_CODE',
    });
  }
  if (!quote.window) throw new AppError('CONFLICT', NOT_DELIVERED, { code: 'NOT_SERVICEABLE' });
  return { ...quote, window: quote.window };
}

function checkSellable(row: CartLineRow, quantity: number, cap: number): void {
  if (row.status !== 'active' || row.stock === null) {
    throw new AppError('CONFLICT', `${row.name} is no longer available. Please remove it from your cart.`, {
      code: 'UNAVAILABLE',
    });
  }
  if (quantity > cap) {
    throw new AppError('CONFLICT', `You can buy at most ${cap} of ${row.name} (${row.sizeLabel}) in one order.`, {
      code: 'QUANTITY_CAP',
    });
  }
}

/** Each wanted line matched to the cart line it buys; the cart says the size when the shopper did not. */
function matchCart(wanted: WantedLine[], cart: CartLineRow[]): { line: WantedLine; row: CartLineRow }[] {
  const seen = new Set<string>();
  return wanted.map((line, index) => {
    const row = cartLineFor(line, index, cart);
    const key = `${row.productId}:${row.sizeId}`;
    if (seen.has(key)) {
      throw new AppError('INVALID_DATA', 'The same item appears twice in this order.', {
        errors: { [`product_details.${index}`]: ['This product and size are already in the order.'] },
      });
    }
    seen.add(key);
    return { line, row };
  });
}

function cartLineFor(line: WantedLine, index: number, cart: CartLineRow[]): CartLineRow {
  const candidates = cart.filter(
    (row) => row.productId === line.productId && (line.sizeId === undefined || row.sizeId === line.sizeId),
  );
  if (candidates.length === 0) {
    throw new AppError('CONFLICT', 'An item of this order is no longer in your cart. Please review your cart.', {
      code: 'CART_CHANGED',
    });
  }
  if (candidates.length > 1) {
    throw new AppError('INVALID_DATA', 'Please choose a size for each item.', {
      errors: {
        [`product_details.${index}.size`]: ['Your cart holds this product in more than one size: say which.'],
      },
    });
  }
  return candidates[0] as CartLineRow;
}

/**
 * The caller's unpaid order for exactly this purchase (same lines, quantities and prices, same
 * address, coupon and shipping), if one is open with time left to pay. A double-click, a retried
 * request or a reload of the billing page then pays that order instead of holding the stock twice.
 */
async function openOrderFor(
  tx: Queryable,
  owner: Owner,
  couponId: number | null,
  cart: PricedCart,
  now: Date,
): Promise<OrderRow | undefined> {
  const itemsPaise = cart.lines.reduce((sum, line) => sum + line.total, 0);
  const candidates = await openOrdersMatching(tx, owner, {
    couponId,
    // The charge as the zone says for the items before any coupon; a coupon that makes shipping free is matched too.
    shippingPaise: [shippingFor(cart.delivery, itemsPaise), 0],
    openUntil: new Date(now.getTime() + REUSE_MARGIN_MS),
  });
  const lineKey = (l: { productId: number; sizeId: number; quantity: number; unitPricePaise: number }) =>
    `${l.productId}:${l.sizeId}:${l.quantity}:${l.unitPricePaise}`;
  const wanted = cart.lines
    .map(({ row, quantity, unit }) => lineKey({ ...row, quantity, unitPricePaise: unit }))
    .sort()
    .join('|');
  const keys = Object.keys(cart.address).sort();
  const address = JSON.stringify(cart.address, keys);
  const match = candidates.find(
    ({ order, items }) =>
      JSON.stringify(order.addressSnapshot, keys) === address && items.map(lineKey).sort().join('|') === wanted,
  );
  return match?.order;
}

/**
 * Checks the coupon for this order under its row lock, counting the uses that unpaid orders still
 * hold (ADR 012): with usage limit 3, three orders can be waiting for payment with it, not twenty.
 */
async function applyCoupon(tx: Queryable, owner: Owner, couponId: number, itemsTotalPaise: number, now: Date) {
  const coupon = await lockCoupon(tx, couponId);
  if (!coupon) throw new AppError('NOT_FOUND', 'Coupon not found.');
  const held = await couponHolds(tx, owner, couponId, now);
  const usedByOwner = await redemptionsBy(tx, owner, couponId);
  const verdict = evaluateCoupon(
    { ...coupon, usedCount: coupon.usedCount + held.byAll },
    { itemsTotalPaise, now, pastRedemptions: usedByOwner + held.byOwner },
  );
  if (!verdict.applicable) {
    throw new AppError('CONFLICT', verdict.message, { code: `COUPON_${verdict.reason}` });
  }
  return { coupon, discountPaise: verdict.discountPaise };
}

/**
 * The order as it will be recorded: its lines, coupon, the shipping of the address's zone (free from the zone's
 * threshold, on the items after the coupon), and the total. With `cod` (the shop's cash-on-delivery terms), every
 * cash-on-delivery rule is checked (409 COD_NOT_AVAILABLE, saying why) and the fee is added.
 */
async function orderTotals(
  tx: Queryable,
  owner: Owner,
  couponId: number | null,
  cart: PricedCart,
  now: Date,
  cod: CodTerms | null,
): Promise<NewOrder> {
  const itemsTotalPaise = cart.lines.reduce((sum, line) => sum + line.total, 0);
  const applied = couponId === null ? null : await applyCoupon(tx, owner, couponId, itemsTotalPaise, now);
  const discountPaise = applied?.discountPaise ?? 0;
  const shippingPaise = shippingFor(cart.delivery, itemsTotalPaise - discountPaise);
  if (cod) {
    const refusal = await codRefusal(tx, cod, {
      ...codCaseOf(owner, cart, now),
      orderValuePaise: itemsTotalPaise - discountPaise,
    });
    if (refusal) throw new AppError('CONFLICT', refusal, { code: 'COD_NOT_AVAILABLE' });
  }
  const codFeePaise = cod ? cod.codFeePaise : 0;
  // Paid online, the goods after the coupon get the prepaid discount; shipping was judged before it (ADR 047).
  const prepaidPaise = cod ? 0 : prepaidDiscountPaise(itemsTotalPaise - discountPaise, cart.terms.prepaid);
  const totalPaise = itemsTotalPaise - discountPaise - prepaidPaise + shippingPaise + codFeePaise;
  if (!cod && totalPaise < 100) {
    throw new AppError('CONFLICT', 'The order total must be at least ₹1 to pay online.', { code: 'TOTAL_TOO_LOW' });
  }
  const coupon = applied?.coupon;
  return {
    order: {
      addressSnapshot: cart.address,
      couponId: coupon?.id ?? null,
      couponSnapshot: coupon ? couponSnapshotOf(coupon) : null,
      itemsTotalPaise,
      discountPaise,
      prepaidDiscountPaise: prepaidPaise,
      shippingPaise,
      codFeePaise,
      paymentMethod: cod ? 'cod' : 'online',
      shippingZone: cart.delivery.zone,
      deliveryFrom: cart.delivery.window.from,
      deliveryBy: cart.delivery.window.to,
      totalPaise,
      currency: CURRENCY,
      // A cash-on-delivery order never expires: its stock is taken at placement.
      expiresAt: cod ? null : new Date(now.getTime() + cart.terms.expiryMinutes * 60_000),
    },
    items: cart.lines.map(({ row, unit, quantity, total }) => ({
      productId: row.productId,
      sizeId: row.sizeId,
      productName: row.name,
      sizeLabel: row.sizeLabel,
      sku: row.sku,
      productImage: row.image ?? '',
      unitPricePaise: unit,
      listPricePaise: row.pricePaise,
      quantity,
      lineTotalPaise: total,
      returnRule: row.returnRule,
      returnRuleReason: row.returnRuleReason,
      sizeAdviceId: row.sizeAdviceId,
    })),
  };
}

/** The coupon as the order keeps it. */
function couponSnapshotOf(coupon: Awaited<ReturnType<typeof applyCoupon>>['coupon']) {
  return {
    coupon_id: coupon.id,
    code: coupon.code,
    name: coupon.name,
    type: coupon.type,
    amount_paise: coupon.amountPaise,
    percentage: coupon.percentage,
  };
}

/** Holds the pieces of every line; a short line is refused, and throwing rolls back what was held before it. */
async function reserveStock(tx: Queryable, lines: PricedLine[]): Promise<void> {
  const short = await reserve(
    tx,
    lines.map(({ row, quantity }) => ({ productId: row.productId, sizeId: row.sizeId, quantity })),
  );
  if (!short) return;
  const row = lines.find((p) => p.row.productId === short.productId && p.row.sizeId === short.sizeId)?.row;
  const left = row && row.stock !== null ? Math.max(0, row.stock - (row.reserved ?? 0)) : 0;
  const what = row ? `${row.name} (${row.sizeLabel})` : 'An item';
  throw new AppError(
    'CONFLICT',
    left > 0 && left < short.quantity ? `Only ${left} left of ${what}.` : `${what} is out of stock.`,
    { code: 'INSUFFICIENT_STOCK' },
  );
}

/**
 * Step 2: creates (or, by its receipt, finds) the provider order. A reused order normally has its
 * provider order already; when its first call is still creating it, the same receipt makes Razorpay
 * answer that same provider order (unique_receipt). No undo: it is the last step.
 */
function openProviderOrderStep(deps: CheckoutDeps): Step<PlaceOrderContext> {
  return {
    name: 'open the provider order',
    run: async (context) => {
      const placed = mustHave(context.held, 'held').order;
      // A cash-on-delivery order is paid at the door: only one awaiting its advance has a provider order (issue 34).
      if (placed.status !== 'pending_payment') return;
      if (placed.razorpayOrderId !== null) {
        context.providerOrderId = placed.razorpayOrderId;
        return;
      }
      try {
        const created = await deps.payments.client.createOrder({
          amount: dueOnlinePaise(placed),
          currency: CURRENCY,
          receipt: receiptFor(placed),
          notes: { order_id: String(placed.id) },
        });
        await setProviderOrderId(deps.db, placed.id, created.id);
        context.providerOrderId = created.id;
      } catch (error) {
        deps.log.error({ err: error, orderId: placed.id }, 'could not create the provider order');
        deps.metrics?.paymentFailed('provider_unavailable');
        context.providerFailure = error;
        throw asAnswer(error);
      }
    },
  };
}

function asAnswer(error: unknown): unknown {
  if (!(error instanceof ProviderError)) return error;
  return new AppError('PROVIDER_UNAVAILABLE', 'We could not start the payment. Please try again.', {
    code: 'PROVIDER_UNAVAILABLE',
  });
}

/** The provider order could not be made: the order fails (the payment code's `fail` move) and what it held goes back on sale. */
async function abandonOrder(deps: CheckoutDeps, orderId: number, error: unknown): Promise<void> {
  const detail = error instanceof ProviderError ? error.description : 'internal error';
  await inOrderTransaction(deps, (t) =>
    moveOrder(t, orderId, 'payment_failed', {
      by: 'payment',
      from: ['pending_payment'],
      note: `The payment could not be started (${detail}). The items were released.`,
    }),
  );
}
