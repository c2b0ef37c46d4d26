import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BulkState, bulkResult, MAX_PRICE_PAISE, pricePlusPercent, pricePlusRupees } from './bulk';

const state = (changes: Partial<BulkState> = {}): BulkState => ({
  pricePaise: 99_900,
  discountPricePaise: null,
  categoryId: 1,
  subcategoryId: 11,
  status: 'active',
  sizes: [
    { sizeId: 1, label: '0-3M', stock: 5, reserved: 2 },
    { sizeId: 2, label: '3-6M', stock: 0, reserved: 0 },
  ],
  ...changes,
});

const price = fc.integer({ min: 1, max: MAX_PRICE_PAISE });
// Percentages of at most two decimals, as the contract takes them.
const percent = fc.integer({ min: -9_000, max: 50_000 }).map((hundredths) => hundredths / 100);

describe('a bulk price change: rounded to the rupee, never below ₹1', () => {
  it('by a percentage, on examples', () => {
    expect(pricePlusPercent(99_900, 12.5)).toBe(112_400); // ₹1,123.875 → ₹1,124
    expect(pricePlusPercent(129_950, -10)).toBe(117_000); // ₹1,169.55 → ₹1,170
    expect(pricePlusPercent(100, -90)).toBe(100); // ₹0.10 → ₹1
    expect(pricePlusPercent(500, -90)).toBe(100); // ₹0.50 → ₹1 (half up)
    expect(pricePlusPercent(1_000, 5)).toBe(1_100); // ₹10.50 → ₹11 (half up)
    expect(pricePlusPercent(1_000, 4.99)).toBe(1_000); // ₹10.499 → ₹10
  });

  it('by a percentage: a whole rupee, at least ₹1, the nearest to the exact amount (half up)', () => {
    fc.assert(
      fc.property(price, percent, (paise, pct) => {
        const result = pricePlusPercent(paise, pct);
        expect(result % 100).toBe(0);
        expect(result).toBeGreaterThanOrEqual(100);
        // Exact, in ten-thousandths of a paisa: paise × (100 % + pct) against result × 100 %.
        const exact = paise * (10_000 + Math.round(pct * 100));
        const off = result * 10_000 - exact;
        if (result > 100) {
          expect(off).toBeGreaterThan(-500_000);
          expect(off).toBeLessThanOrEqual(500_000);
        } else {
          expect(exact).toBeLessThan(1_500_000);
        }
      }),
    );
  });

  it('by a percentage: a larger percentage never gives a lower price', () => {
    fc.assert(
      fc.property(price, percent, percent, (paise, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(pricePlusPercent(paise, low)).toBeLessThanOrEqual(pricePlusPercent(paise, high));
      }),
    );
  });

  it('by an amount: the nearest whole rupee of price + amount, at least ₹1', () => {
    expect(pricePlusRupees(129_950, 100)).toBe(140_000); // ₹1,399.50 → ₹1,400
    expect(pricePlusRupees(99_900, -1_000)).toBe(100);
    fc.assert(
      fc.property(price, fc.integer({ min: -10_000_000, max: 10_000_000 }), (paise, rupees) => {
        const result = pricePlusRupees(paise, rupees);
        const exact = paise + rupees * 100;
        expect(result % 100).toBe(0);
        expect(result).toBe(Math.max(100, exact <= 0 ? 0 : Math.floor((exact + 50) / 100) * 100));
      }),
    );
  });
});

describe('one product’s outcome', () => {
  it('a price change keeps the discount, and refuses the row when the discount would not be below the new price', () => {
    const discounted = state({ pricePaise: 100_000, discountPricePaise: 80_000 });
    expect(bulkResult(discounted, { kind: 'price_percent', percent: 10 })).toMatchObject({
      outcome: 'change',
      after: { pricePaise: 110_000, discountPricePaise: 80_000 },
    });
    const lowered = bulkResult(discounted, { kind: 'price_percent', percent: -20 });
    expect(lowered.outcome).toBe('refused');
    expect(lowered.reason).toBe(
      'Its discount price ₹800 would not be below the new price ₹800: change or clear the discount first.',
    );
    expect(lowered.after).toBe(discounted);
    expect(bulkResult(state({ pricePaise: 100 }), { kind: 'price_amount', rupees: -5 }).outcome).toBe('unchanged');
  });

  it('a price above ₹1,00,00,000 is refused', () => {
    const result = bulkResult(state({ pricePaise: 900_000_000 }), { kind: 'price_percent', percent: 500 });
    expect(result).toMatchObject({ outcome: 'refused' });
    expect(result.reason).toContain('above the most a price may be');
  });

  it('a discount by percent or rupees: rounded to the rupee, at least ₹1 and below the price', () => {
    expect(bulkResult(state(), { kind: 'set_discount', percent: 15 })).toMatchObject({
      outcome: 'change',
      after: { discountPricePaise: 84_900 }, // ₹849.15 → ₹849
    });
    expect(bulkResult(state(), { kind: 'set_discount', rupees: 200 }).after.discountPricePaise).toBe(79_900);
    expect(bulkResult(state(), { kind: 'set_discount', rupees: 999 })).toMatchObject({
      outcome: 'refused',
      reason: '₹999 off leaves less than ₹1 of its price ₹999.',
    });
    expect(bulkResult(state({ pricePaise: 1_000 }), { kind: 'set_discount', percent: 1 })).toMatchObject({
      outcome: 'refused',
      reason: '1 % off ₹10, rounded to the rupee, is not below the price.',
    });
    expect(bulkResult(state({ discountPricePaise: 500 }), { kind: 'clear_discount' })).toMatchObject({
      outcome: 'change',
      after: { discountPricePaise: null },
    });
    expect(bulkResult(state(), { kind: 'clear_discount' }).outcome).toBe('unchanged');
  });

  it('a move keeps the subcategory within the same category, and refuses one that would leave it in another', () => {
    expect(bulkResult(state(), { kind: 'move_category', category_id: 2, subcategory_id: 21 })).toMatchObject({
      outcome: 'change',
      after: { categoryId: 2, subcategoryId: 21 },
    });
    expect(bulkResult(state(), { kind: 'move_category', category_id: 2 }).outcome).toBe('refused');
    expect(bulkResult(state(), { kind: 'move_category', category_id: 1 }).outcome).toBe('unchanged');
  });

  it('stock is set on the sizes the product sells, never below what unpaid orders hold', () => {
    const result = bulkResult(state(), {
      kind: 'set_stock',
      sizes: [
        { size_id: 2, stock: 7 },
        { size_id: 9, stock: 3 },
      ],
    });
    expect(result.outcome).toBe('change');
    expect(result.after.sizes.map((size) => [size.sizeId, size.stock])).toEqual([
      [1, 5],
      [2, 7],
    ]);
    expect(bulkResult(state(), { kind: 'set_stock', sizes: [{ size_id: 1, stock: 1 }] })).toMatchObject({
      outcome: 'refused',
      reason: 'Stock cannot go below what unpaid orders hold (0-3M: 2 held by unpaid orders).',
    });
    expect(bulkResult(state(), { kind: 'set_stock', sizes: [{ size_id: 9, stock: 1 }] }).outcome).toBe('unchanged');
  });

  it('archive and restore', () => {
    expect(bulkResult(state(), { kind: 'archive' })).toMatchObject({
      outcome: 'change',
      after: { status: 'archived' },
    });
    expect(bulkResult(state(), { kind: 'restore' }).outcome).toBe('unchanged');
  });
});
