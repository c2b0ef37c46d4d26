import type { Queryable } from '@kapaas/db';
import { type PrepaidTerms, prepaidDiscountPaise, prepaidTermsOf } from '../coupons';
import { linesOf, type OrderRow } from '../orders';
import {
  goodsDescription,
  type OrderLineToTax,
  type OrderTaxPlan,
  priceOrderTax,
  type SupplyKind,
  type TaxedOrder,
  taxOrder,
} from '../tax';

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

/** An existing order re-priced as if paid online: its amounts and, for a shop registered for GST, its tax. */
export interface OnlineRepricing {
  price: OnlinePrice;
  /** The order's GST lines as paid online (the discounts shared over the goods, no COD fee); null: not taxed. */
  tax: OrderTaxPlan | null;
}

/**
 * A placed cash-on-delivery order as it would cost paid online now (issue 34, COD to prepaid): the same lines, coupon
 * and shipping, no cash-on-delivery fee, less the shop's prepaid discount as set today, and its GST worked out again
 * on that lower value. Read-only: the caller records the new amounts and tax in the transaction that takes the
 * payment (the prepaid discount was not part of the order's tax when placed).
 */
export async function repriceOnline(db: Queryable, order: OrderRow): Promise<OnlineRepricing> {
  const price = priceOnline(order, await prepaidTermsOf(db));
  const items = await linesOf(db, [order.id]);
  const tax = await priceOrderTax(db, {
    stateName: order.addressSnapshot.state,
    lines: items.map((item) => ({
      productId: item.productId,
      description: goodsDescription({ name: item.productName, sizeLabel: item.sizeLabel, sku: item.sku }),
      quantity: item.quantity,
      linePaise: item.lineTotalPaise,
    })),
    discountPaise: price.discountPaise + price.prepaidDiscountPaise,
    shippingPaise: price.shippingPaise,
    codFeePaise: 0,
  });
  return { price, tax };
}
