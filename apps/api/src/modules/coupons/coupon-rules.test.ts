import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CouponTerms, couponDiscountPaise, evaluateCoupon } from './coupon-rules';

const now = new Date('2025-06-15T12:00:00Z');
const day = 86_400_000;

const coupon = (terms: Partial<CouponTerms> = {}): CouponTerms => ({
  type: 'Amount',
  amountPaise: 10_000,
  percentage: 0,
  minOrderPaise: 0,
  maxDiscountPaise: null,
  validFrom: new Date(now.getTime() - day),
  validTo: new Date(now.getTime() + day),
  usageLimit: null,
  perCustomerLimit: null,
  usedCount: 0,
  active: true,
  ...terms,
});

const judge = (terms: Partial<CouponTerms>, itemsTotalPaise = 500_000, pastRedemptions = 0) =>
  evaluateCoupon(coupon(terms), { itemsTotalPaise, now, pastRedemptions });

describe('couponDiscountPaise', () => {
  it('takes an Amount coupon’s amount off, never more than the total', () => {
    expect(couponDiscountPaise(coupon({ amountPaise: 25_000 }), 300_000)).toBe(25_000);
    expect(couponDiscountPaise(coupon({ amountPaise: 25_000 }), 20_000)).toBe(20_000);
  });

  it('takes a percentage rounded half up to the paisa, capped by the maximum discount', () => {
    const tenPercent = coupon({ type: 'Percentage', percentage: 10, maxDiscountPaise: 30_000 });
    expect(couponDiscountPaise(tenPercent, 149_900)).toBe(14_990);
    expect(couponDiscountPaise(tenPercent, 199_995)).toBe(20_000); // 19 999.5 paise rounds up
    expect(couponDiscountPaise(tenPercent, 199_994)).toBe(19_999); // 19 999.4 paise rounds down
    expect(couponDiscountPaise(tenPercent, 500_000)).toBe(30_000);
    const uncapped = coupon({ type: 'Percentage', percentage: 15, maxDiscountPaise: null });
    expect(couponDiscountPaise(uncapped, 1_000_000)).toBe(150_000);
  });

  it('is 0 on an empty cart', () => {
    expect(couponDiscountPaise(coupon(), 0)).toBe(0);
    expect(couponDiscountPaise(coupon({ type: 'Percentage', percentage: 50 }), 0)).toBe(0);
  });
});

describe('evaluateCoupon', () => {
  it('applies a valid coupon and gives its discount', () => {
    expect(judge({})).toEqual({ applicable: true, discountPaise: 10_000 });
  });

  it.each([
    [{ active: false }, 'INACTIVE', 'This coupon is no longer available.'],
    [{ validFrom: new Date(now.getTime() + 1) }, 'NOT_YET_VALID', 'This coupon is not valid yet.'],
    [{ validTo: new Date(now.getTime() - 1) }, 'EXPIRED', 'This coupon has expired.'],
    [{ usageLimit: 100, usedCount: 100 }, 'USED_UP', 'This coupon has been fully redeemed.'],
    [{ minOrderPaise: 600_000 }, 'BELOW_MINIMUM', 'Add ₹1,000 more to use this coupon.'],
  ] as const)('refuses %j as %s', (terms, reason, message) => {
    expect(judge(terms)).toEqual({ applicable: false, reason, message });
  });

  it('refuses a shopper who has used up their own uses, and counts them', () => {
    expect(judge({ perCustomerLimit: 1 }, 500_000, 1)).toEqual({
      applicable: false,
      reason: 'USED_UP_BY_SHOPPER',
      message: 'You have already used this coupon.',
    });
    expect(judge({ perCustomerLimit: 3 }, 500_000, 3)).toMatchObject({
      reason: 'USED_UP_BY_SHOPPER',
      message: 'You have already used this coupon 3 times, the most allowed.',
    });
    expect(judge({ perCustomerLimit: 3 }, 500_000, 2)).toMatchObject({ applicable: true });
  });

  it('says how much more to add, or the minimum when the cart is empty', () => {
    expect(judge({ minOrderPaise: 149_900 }, 100_050)).toMatchObject({
      message: 'Add ₹498.50 more to use this coupon.',
    });
    expect(judge({ minOrderPaise: 149_900 }, 0)).toMatchObject({
      message: 'This coupon needs a minimum order of ₹1,499.',
    });
    expect(judge({ minOrderPaise: 149_900 }, 149_900)).toMatchObject({ applicable: true });
  });

  it('treats the window as inclusive at both ends, and a missing end as open', () => {
    expect(judge({ validFrom: now, validTo: now })).toMatchObject({ applicable: true });
    expect(judge({ validFrom: null, validTo: null })).toMatchObject({ applicable: true });
    expect(judge({ usageLimit: null, usedCount: 10_000 })).toMatchObject({ applicable: true });
  });

  it('gives the first reason in a fixed order when several hold', () => {
    expect(judge({ active: false, validTo: new Date(0), usageLimit: 1, usedCount: 1 })).toMatchObject({
      reason: 'INACTIVE',
    });
    expect(judge({ validTo: new Date(0), usageLimit: 1, usedCount: 1 })).toMatchObject({ reason: 'EXPIRED' });
    expect(judge({ usageLimit: 1, usedCount: 1, perCustomerLimit: 1 }, 500_000, 5)).toMatchObject({
      reason: 'USED_UP',
    });
  });
});

describe('coupon properties', () => {
  const anyCoupon = fc.record({
    type: fc.constantFrom('Amount' as const, 'Percentage' as const),
    amountPaise: fc.nat({ max: 10_000_000 }),
    percentage: fc.integer({ min: 0, max: 100 }),
    minOrderPaise: fc.nat({ max: 10_000_000 }),
    maxDiscountPaise: fc.option(fc.nat({ max: 10_000_000 }), { nil: null }),
    validFrom: fc.option(fc.date({ noInvalidDate: true }), { nil: null }),
    validTo: fc.option(fc.date({ noInvalidDate: true }), { nil: null }),
    usageLimit: fc.option(fc.nat({ max: 1000 }), { nil: null }),
    perCustomerLimit: fc.option(fc.nat({ max: 10 }), { nil: null }),
    usedCount: fc.nat({ max: 1000 }),
    active: fc.boolean(),
  });
  const total = fc.nat({ max: 1_000_000_000_000 });

  it('never discounts below 0 or above the total, and always in whole paise', () => {
    fc.assert(
      fc.property(anyCoupon, total, fc.nat({ max: 20 }), fc.date({ noInvalidDate: true }), (c, t, past, when) => {
        const discount = couponDiscountPaise(c, t);
        expect(Number.isInteger(discount)).toBe(true);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(t);
        const verdict = evaluateCoupon(c, { itemsTotalPaise: t, now: when, pastRedemptions: past });
        if (verdict.applicable) expect(verdict.discountPaise).toBe(discount);
        else expect(verdict.message).not.toBe('');
      }),
      { numRuns: 2000 },
    );
  });

  it('never lets a percentage coupon exceed its cap or its percentage of the total', () => {
    fc.assert(
      fc.property(anyCoupon, total, (c, t) => {
        const percentageCoupon = { ...c, type: 'Percentage' as const };
        const discount = couponDiscountPaise(percentageCoupon, t);
        if (c.maxDiscountPaise !== null) expect(discount).toBeLessThanOrEqual(c.maxDiscountPaise);
        expect(
          Math.abs(discount - Math.min((t * c.percentage) / 100, c.maxDiscountPaise ?? Infinity)),
        ).toBeLessThanOrEqual(0.5);
      }),
      { numRuns: 2000 },
    );
  });

  it('applies exactly when no refusal holds', () => {
    fc.assert(
      fc.property(anyCoupon, total, fc.nat({ max: 20 }), fc.date({ noInvalidDate: true }), (c, t, past, when) => {
        const verdict = evaluateCoupon(c, { itemsTotalPaise: t, now: when, pastRedemptions: past });
        const shouldApply =
          c.active &&
          (c.validFrom === null || when >= c.validFrom) &&
          (c.validTo === null || when <= c.validTo) &&
          (c.usageLimit === null || c.usedCount < c.usageLimit) &&
          (c.perCustomerLimit === null || past < c.perCustomerLimit) &&
          t >= c.minOrderPaise;
        expect(verdict.applicable).toBe(shouldApply);
      }),
      { numRuns: 2000 },
    );
  });
});
