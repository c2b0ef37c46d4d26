import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_PREPAID_DISCOUNT, prepaidDiscountPaise, priceOnline, taxOnline } from './prepaid-discount';

describe('the prepaid discount', () => {
  it('is the percent of the goods after the coupon, rounded down to the paisa, and 0 when off', () => {
    expect(prepaidDiscountPaise(199_900, { percent: 5, maxPaise: null })).toBe(9_995);
    expect(prepaidDiscountPaise(99_999, { percent: 3, maxPaise: null })).toBe(2_999);
    expect(prepaidDiscountPaise(199_900, NO_PREPAID_DISCOUNT)).toBe(0);
    expect(prepaidDiscountPaise(0, { percent: 20, maxPaise: null })).toBe(0);
  });

  it('never takes more than the cap', () => {
    expect(prepaidDiscountPaise(1_000_000, { percent: 10, maxPaise: 15_000 })).toBe(15_000);
    expect(prepaidDiscountPaise(100_000, { percent: 10, maxPaise: 15_000 })).toBe(10_000);
    expect(prepaidDiscountPaise(100_000, { percent: 10, maxPaise: 0 })).toBe(0);
  });

  it('comes after the coupon, on the goods alone: shipping stays, the cash-on-delivery fee goes', () => {
    const price = priceOnline(
      { itemsTotalPaise: 200_000, discountPaise: 20_000, shippingPaise: 4_900, codFeePaise: 4_900 },
      { percent: 10, maxPaise: null },
    );
    expect(price).toEqual({
      itemsTotalPaise: 200_000,
      discountPaise: 20_000,
      prepaidDiscountPaise: 18_000,
      shippingPaise: 4_900,
      codFeePaise: 0,
      totalPaise: 200_000 - 20_000 - 18_000 + 4_900,
    });
  });
});

describe('an order priced online (fast-check)', () => {
  const order = fc.record({
    lines: fc.array(
      fc.record({
        unitPaise: fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 240_000, max: 310_000 })),
        quantity: fc.integer({ min: 1, max: 10 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    couponShare: fc.double({ min: 0, max: 1, noNaN: true }),
    shippingPaise: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000 })),
    codFeePaise: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 })),
    percent: fc.integer({ min: 0, max: 20 }),
    maxPaise: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null }),
    kind: fc.constantFrom('intra-state' as const, 'intra-ut' as const, 'inter-state' as const),
  });

  it('adds up to the paisa: the tax lines sum to the amount charged, and the discount keeps within its terms', () => {
    fc.assert(
      fc.property(order, ({ lines, couponShare, shippingPaise, codFeePaise, percent, maxPaise, kind }) => {
        const taxLines = lines.map((l) => ({ linePaise: l.unitPaise * l.quantity, quantity: l.quantity }));
        const items = taxLines.reduce((sum, l) => sum + l.linePaise, 0);
        const discountPaise = Math.floor(items * couponShare);
        const price = priceOnline(
          { itemsTotalPaise: items, discountPaise, shippingPaise, codFeePaise },
          { percent, maxPaise },
        );
        const goods = items - discountPaise;
        expect(price.prepaidDiscountPaise).toBeGreaterThanOrEqual(0);
        expect(price.prepaidDiscountPaise * 100).toBeLessThanOrEqual(goods * percent);
        if (maxPaise !== null) expect(price.prepaidDiscountPaise).toBeLessThanOrEqual(maxPaise);
        expect(price.totalPaise).toBe(goods - price.prepaidDiscountPaise + shippingPaise);
        const taxed = taxOnline(taxLines, price, kind);
        expect(taxed.totals.paidPaise).toBe(price.totalPaise);
        const taxes = taxed.totals.cgstPaise + taxed.totals.sgstPaise + taxed.totals.utgstPaise;
        expect(taxed.totals.taxablePaise + taxes + taxed.totals.igstPaise).toBe(price.totalPaise);
        for (const line of taxed.lines) expect(line.paidPaise).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
