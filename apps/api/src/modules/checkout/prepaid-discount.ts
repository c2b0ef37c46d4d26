import { type OrderLineToTax, type SupplyKind, type TaxedOrder, taxOrder } from '../tax';

/**
 * The prepaid discount (issue 34, ADR 047): a percent off the goods when the shopper pays online, never on cash on
 * delivery. It is taken before tax, after the coupon, on the goods alone: the coupon comes off the items first, then
 * the percent off what is left, capped at the shop's maximum. Shipping and the cash-on-delivery fee are never
 * discounted, and the free-shipping threshold is judged on the items after the coupon, before this discount, so that
 * paying online never costs the shopper free shipping.
 */

/** The shop's prepaid discount: a whole percent (0 is off) and the most it takes off one order, in paise (null: no cap). */
export interface PrepaidTerms {
  percent: number;
  maxPaise: number | null;
}

/** A shop that never turned the discount on. */
export const NO_PREPAID_DISCOUNT: PrepaidTerms = { percent: 0, maxPaise: null };

/**
 * The prepaid discount on goods worth `goodsAfterCouponPaise` (the items after the coupon), in paise: the percent
 * rounded down to the paisa (the shop never gives more than it says), then capped. 0 when off.
 */
export function prepaidDiscountPaise(goodsAfterCouponPaise: number, terms: PrepaidTerms): number {
  if (terms.percent <= 0 || goodsAfterCouponPaise <= 0) return 0;
  const share = Math.floor((goodsAfterCouponPaise * terms.percent) / 100);
  return terms.maxPaise === null ? share : Math.min(share, Math.max(0, terms.maxPaise));
}

/** An order's amounts as placed (paise): its items, coupon, shipping and, if cash on delivery, its fee. */
export interface OrderAmounts {
  itemsTotalPaise: number;
  /** The coupon's discount. */
  discountPaise: number;
  shippingPaise: number;
  codFeePaise: number;
}

/** The order's amounts if paid online: no cash-on-delivery fee, the prepaid discount taken, and the total charged. */
export interface OnlinePrice {
  itemsTotalPaise: number;
  discountPaise: number;
  prepaidDiscountPaise: number;
  shippingPaise: number;
  codFeePaise: 0;
  totalPaise: number;
}

/**
 * What an order costs paid online: the same items, coupon and shipping, no cash-on-delivery fee, less the prepaid
 * discount. For an order being placed online, and for a cash-on-delivery order that converts to online payment.
 */
export function priceOnline(order: OrderAmounts, terms: PrepaidTerms): OnlinePrice {
  const goods = order.itemsTotalPaise - order.discountPaise;
  const prepaid = prepaidDiscountPaise(goods, terms);
  return {
    itemsTotalPaise: order.itemsTotalPaise,
    discountPaise: order.discountPaise,
    prepaidDiscountPaise: prepaid,
    shippingPaise: order.shippingPaise,
    codFeePaise: 0,
    totalPaise: goods - prepaid + order.shippingPaise,
  };
}

/**
 * The GST of an order paid online: the coupon and the prepaid discount together shared over the goods lines by the
 * largest remainder (each line taxed on what is left of it), the shipping at the principal supply's rate, no
 * cash-on-delivery fee. Its totals' `paidPaise` is the price's `totalPaise`.
 */
export function taxOnline(lines: readonly OrderLineToTax[], price: OnlinePrice, kind: SupplyKind): TaxedOrder {
  return taxOrder(lines, price.discountPaise + price.prepaidDiscountPaise, price.shippingPaise, kind);
}
