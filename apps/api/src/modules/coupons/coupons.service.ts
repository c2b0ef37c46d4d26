import type { CouponSummary } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { AppError, notFound } from '../../lib/errors';
import { paiseToRupees, rupeesToPaise } from '../../lib/money';
import type { Owner } from '../../lib/owner';
import { evaluateCoupon } from './coupon-rules';
import { type CouponRow, findCoupon, listActiveCoupons, redemptionCounts } from './coupons.repository';
import { prepaidDiscountPaise, prepaidTermsOf } from './prepaid';

// Coupon listing and discount preview on a total the client states; checkout prices again itself.
// `owner` is null for an anonymous visitor, who has no per-customer history.

/** The coupons that apply to the total now, the largest discount first. */
export async function applicableCoupons(
  db: Queryable,
  owner: Owner | null,
  input: { total_amount: number },
): Promise<CouponSummary[]> {
  const itemsTotalPaise = rupeesToPaise(input.total_amount);
  const candidates = await listActiveCoupons(db);
  const used = owner
    ? await redemptionCounts(
        db,
        owner,
        candidates.map((c) => c.id),
      )
    : new Map<number, number>();
  const now = new Date();
  const applicable: { coupon: CouponRow; discountPaise: number }[] = [];
  for (const coupon of candidates) {
    const verdict = evaluateCoupon(coupon, { itemsTotalPaise, now, pastRedemptions: used.get(coupon.id) ?? 0 });
    if (verdict.applicable) applicable.push({ coupon, discountPaise: verdict.discountPaise });
  }
  applicable.sort((a, b) => b.discountPaise - a.discountPaise || a.coupon.code.localeCompare(b.coupon.code));
  return applicable.map(({ coupon, discountPaise }) => ({
    coupon_id: coupon.id,
    coupon_name: coupon.name,
    coupon_code: coupon.code,
    coupon_type: coupon.type,
    amount: paiseToRupees(coupon.amountPaise),
    percentage: coupon.percentage,
    min_order_value: paiseToRupees(coupon.minOrderPaise),
    max_discount: coupon.maxDiscountPaise === null ? null : paiseToRupees(coupon.maxDiscountPaise),
    valid_to: coupon.validTo?.toISOString() ?? null,
    discounted_amount: paiseToRupees(discountPaise),
  }));
}

/**
 * The discount one coupon gives on the total, and the prepaid discount paying online then takes off what is left (ADR
 * 047); 404 when unknown, 409 with the reason when it does not apply.
 */
export async function previewDiscount(
  db: Queryable,
  owner: Owner | null,
  input: { total_amount: number; coupon_id: number },
): Promise<{ coupon_id: number; coupon_code: string; discounted_amount: number; prepaid_discount: number }> {
  const coupon = await findCoupon(db, input.coupon_id);
  if (!coupon) throw notFound('Coupon');
  const pastRedemptions = owner ? ((await redemptionCounts(db, owner, [coupon.id])).get(coupon.id) ?? 0) : 0;
  const itemsTotalPaise = rupeesToPaise(input.total_amount);
  const verdict = evaluateCoupon(coupon, {
    itemsTotalPaise,
    now: new Date(),
    pastRedemptions,
  });
  if (!verdict.applicable) throw new AppError('CONFLICT', verdict.message, { code: 'COUPON_NOT_APPLICABLE' });
  const prepaid = prepaidDiscountPaise(itemsTotalPaise - verdict.discountPaise, await prepaidTermsOf(db));
  return {
    coupon_id: coupon.id,
    coupon_code: coupon.code,
    discounted_amount: paiseToRupees(verdict.discountPaise),
    prepaid_discount: paiseToRupees(prepaid),
  };
}
