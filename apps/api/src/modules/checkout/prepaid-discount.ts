import { type PrepaidTerms, prepaidDiscountPaise } from '../coupons';
import { type OrderLineToTax, type SupplyKind, type TaxedOrder, taxOrder } from '../tax';

/**
 * The prepaid discount (issue 34, ADR 047): a percent off the goods when the shopper pays online, never on cash on
 * delivery. It is taken before tax, after the coupon, on the goods alone: the coupon comes off the items first, then
 * the percent off what is left, capped at the shop's maximum. Shipping and the cash-on-delivery fee are never
 * discounted, and the free-shipping threshold is judged on the items after the coupon, before this discount, so that
 * paying online never costs the shopper free shipping.
 */

// The rule itself lives with the coupons (a discount after them); checkout and its callers use it from here.
export { NO_PREPAID_DISCOUNT, type PrepaidTerms, prepaidDiscountPaise } from '../coupons';

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
