import { formatPaise } from '@kapaas/contract';
import type { coupons } from '@kapaas/db';

/** What the rules read of a coupon row (product.md §12). */
export type CouponTerms = Pick<
  typeof coupons.$inferSelect,
  | 'type'
  | 'amountPaise'
  | 'percentage'
  | 'minOrderPaise'
  | 'maxDiscountPaise'
  | 'validFrom'
  | 'validTo'
  | 'usageLimit'
  | 'perCustomerLimit'
  | 'usedCount'
  | 'active'
>;

/** Why a coupon does not apply, as a code a caller can branch on. */
export type CouponRefusal =
  | 'INACTIVE'
  | 'NOT_YET_VALID'
  | 'EXPIRED'
  | 'USED_UP'
  | 'USED_UP_BY_SHOPPER'
  | 'BELOW_MINIMUM';

/** A coupon's verdict on one cart: the discount in paise, or why it does not apply. */
export type CouponVerdict =
  | { applicable: true; discountPaise: number }
  | { applicable: false; reason: CouponRefusal; message: string };

/** The cart and shopper a coupon is judged against. */
export interface CouponContext {
  /** The items total in integer paise, before any discount. */
  itemsTotalPaise: number;
  now: Date;
  /** How many times this shopper has already redeemed the coupon (0 for an anonymous visitor). */
  pastRedemptions: number;
}

/**
 * The discount a coupon gives on an items total, ignoring whether it applies: `Amount` takes its
 * amount off; anything else takes its percentage, rounded half up to the paisa and capped by the
 * maximum discount. Never negative, never more than the total.
 */
export function couponDiscountPaise(coupon: CouponTerms, itemsTotalPaise: number): number {
  const total = Math.max(0, Math.floor(itemsTotalPaise));
  let discount: number;
  if (coupon.type === 'Amount') {
    discount = coupon.amountPaise;
  } else {
    discount = Math.floor((total * coupon.percentage + 50) / 100);
    if (coupon.maxDiscountPaise !== null) discount = Math.min(discount, coupon.maxDiscountPaise);
  }
  return Math.min(total, Math.max(0, discount));
}

function refuse(reason: CouponRefusal, message: string): CouponVerdict {
  return { applicable: false, reason, message };
}

/** Whether a coupon applies to this cart now, and what it takes off; checkout reuses this as is. */
export function evaluateCoupon(coupon: CouponTerms, context: CouponContext): CouponVerdict {
  const { itemsTotalPaise, now, pastRedemptions } = context;
  if (!coupon.active) return refuse('INACTIVE', 'This coupon is no longer available.');
  if (coupon.validFrom !== null && now < coupon.validFrom) {
    return refuse('NOT_YET_VALID', 'This coupon is not valid yet.');
  }
  if (coupon.validTo !== null && now > coupon.validTo) return refuse('EXPIRED', 'This coupon has expired.');
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) {
    return refuse('USED_UP', 'This coupon has been fully redeemed.');
  }
  if (coupon.perCustomerLimit !== null && pastRedemptions >= coupon.perCustomerLimit) {
    return refuse(
      'USED_UP_BY_SHOPPER',
      coupon.perCustomerLimit <= 1
        ? 'You have already used this coupon.'
        : `You have already used this coupon ${coupon.perCustomerLimit} times, the most allowed.`,
    );
  }
  if (itemsTotalPaise < coupon.minOrderPaise) {
    return refuse(
      'BELOW_MINIMUM',
      itemsTotalPaise > 0
        ? `Add ${formatPaise(coupon.minOrderPaise - itemsTotalPaise)} more to use this coupon.`
        : `This coupon needs a minimum order of ${formatPaise(coupon.minOrderPaise)}.`,
    );
  }
  return { applicable: true, discountPaise: couponDiscountPaise(coupon, itemsTotalPaise) };
}
