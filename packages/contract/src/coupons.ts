import { z } from 'zod';
import { Id, Rupees } from './common';
import { Owner } from './identity';

/** The most a cart total may be when asking about coupons: ₹1 crore, far above any real cart. */
export const MAX_COUPON_TOTAL_RUPEES = 10_000_000;

/**
 * The cart's items total in rupees, used only to list and preview coupons (checkout recomputes it).
 * The original storefront keeps it in local storage, so the same amount as a string is accepted.
 */
export const CouponTotalAmount = z.union([
  z.number().min(0, 'The total cannot be negative.').max(MAX_COUPON_TOTAL_RUPEES, 'The total is too large.'),
  z
    .string()
    .trim()
    .regex(/^[0-9]{1,8}(\.[0-9]{1,2})?$/, 'Must be an amount in rupees')
    .transform(Number)
    .pipe(z.number().max(MAX_COUPON_TOTAL_RUPEES, 'The total is too large.')),
]);

export const CouponListRequest = z.strictObject({ total_amount: CouponTotalAmount, ...Owner });
export type CouponListRequest = z.input<typeof CouponListRequest>;

/** A coupon that applies to the total the shopper asked about. */
export const CouponSummary = z.object({
  coupon_id: z.number().int(),
  coupon_name: z.string(),
  coupon_code: z.string(),
  /** `Amount` takes `amount` off; `Percentage` takes `percentage` % off, up to `max_discount`. */
  coupon_type: z.enum(['Amount', 'Percentage']),
  amount: Rupees,
  percentage: z.number(),
  min_order_value: Rupees,
  max_discount: Rupees.nullable(),
  /** When the coupon stops being valid (ISO 8601), or null when it does not expire. */
  valid_to: z.iso.datetime().nullable(),
  /** What this coupon takes off the total asked about, in rupees. */
  discounted_amount: Rupees,
});
export type CouponSummary = z.infer<typeof CouponSummary>;

export const CouponListAnswer = z.object({ success: z.literal(true), coupons: z.array(CouponSummary) });
export type CouponListAnswer = z.infer<typeof CouponListAnswer>;

export const CouponDiscountRequest = z.strictObject({ total_amount: CouponTotalAmount, coupon_id: Id, ...Owner });
export type CouponDiscountRequest = z.input<typeof CouponDiscountRequest>;

export const CouponDiscountAnswer = z.object({
  success: z.literal(true),
  coupons: z.object({
    coupon_id: z.number().int(),
    coupon_code: z.string(),
    /** The discount on the total asked about, in rupees. */
    discounted_amount: Rupees,
    /** The prepaid discount (ADR 047) on what is left after the coupon, for paying online, in rupees; 0 when off. */
    prepaid_discount: Rupees,
  }),
});
export type CouponDiscountAnswer = z.infer<typeof CouponDiscountAnswer>;
