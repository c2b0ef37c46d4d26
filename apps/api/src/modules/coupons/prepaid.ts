import { eq, type Queryable, shopSettings } from '@kapaas/db';

/**
 * The prepaid discount (issue 34, ADR 047): a percent off the goods when the shopper pays online, never on cash on
 * delivery. It lives beside the coupons because it is a discount like them, and it comes after them: the coupon comes
 * off the items first, then the percent off what is left, capped at the shop's maximum. Checkout prices orders with
 * it; the cart and the coupon preview show the shopper what paying online saves.
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

/** The prepaid discount as the owner set it in the console's settings; off for a shop that never saved them. */
export async function prepaidTermsOf(db: Queryable): Promise<PrepaidTerms> {
  const [row] = await db
    .select({ percent: shopSettings.prepaidDiscountPercent, maxPaise: shopSettings.prepaidDiscountMaxPaise })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  return row ?? NO_PREPAID_DISCOUNT;
}
