import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { formatPaise, formatRupees, groupIndian, paiseShown } from './money';

/**
 * What each way of showing paise must equal: Intl's Indian rupees with the matching fraction digits, built here afresh
 * so that a wrong option in the formatter's own formats fails.
 */
const intl = {
  always: new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }),
  whole: new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }),
  trimmed: new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }),
};

/** Any amount a shop could hold, in integer paise, either sign (zero unsigned: Intl writes -0 as "-₹0.00"). */
const anyPaise = fc.integer({ min: -(10 ** 15), max: 10 ** 15 }).map((paise) => (paise === 0 ? 0 : paise));

describe('formatPaise', () => {
  it('groups digits the Indian way: the last three, then pairs', () => {
    expect(formatPaise(0)).toBe('₹0');
    expect(formatPaise(99_900)).toBe('₹999');
    expect(formatPaise(100_000)).toBe('₹1,000');
    expect(formatPaise(15_000_000)).toBe('₹1,50,000');
    expect(formatPaise(123_456_789, paiseShown.always)).toBe('₹12,34,567.89');
    expect(formatPaise(1_000_000_000_000, paiseShown.always)).toBe('₹10,00,00,00,000.00');
  });

  it('shows paise only when there are any, by default', () => {
    expect(formatPaise(149_900)).toBe('₹1,499');
    expect(formatPaise(1_250)).toBe('₹12.50');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatPaise(-129_950)).toBe('-₹1,299.50');
  });

  it('always shows two places for tax documents, and trims zeros for the console', () => {
    expect(formatPaise(149_900, paiseShown.always)).toBe('₹1,499.00');
    expect(formatPaise(-129_950, paiseShown.always)).toBe('-₹1,299.50');
    expect(formatPaise(149_900, paiseShown.trimmed)).toBe('₹1,499');
    expect(formatPaise(129_950, paiseShown.trimmed)).toBe('₹1,299.5');
    expect(formatPaise(129_905, paiseShown.trimmed)).toBe('₹1,299.05');
  });

  it('never writes a minus zero', () => {
    expect(formatPaise(-0, paiseShown.always)).toBe('₹0.00');
    expect(formatPaise(-0.4)).toBe('₹0');
  });

  it('equals Intl en-IN rupees with two places, for any amount', () => {
    fc.assert(
      fc.property(anyPaise, (paise) => formatPaise(paise, paiseShown.always) === intl.always.format(paise / 100)),
    );
  });

  it('equals Intl en-IN rupees with up to two places when trimmed, for any amount', () => {
    fc.assert(
      fc.property(anyPaise, (paise) => formatPaise(paise, paiseShown.trimmed) === intl.trimmed.format(paise / 100)),
    );
  });

  it('equals Intl en-IN whole rupees, or two places, by default, for any amount', () => {
    fc.assert(
      fc.property(anyPaise, (paise) => {
        const expected = paise % 100 === 0 ? intl.whole.format(paise / 100) : intl.always.format(paise / 100);
        return formatPaise(paise) === expected;
      }),
    );
  });
});

describe('formatRupees', () => {
  it('rounds rupees to the paisa first, so float sums print as money', () => {
    expect(formatRupees(0.1 + 0.2)).toBe('₹0.30');
    expect(formatRupees(1299.5)).toBe('₹1,299.50');
    expect(formatRupees(1299.5, paiseShown.trimmed)).toBe('₹1,299.5');
    expect(formatRupees(150_000)).toBe('₹1,50,000');
  });

  it('formats any amount of rupees and paise as formatPaise formats its paise', () => {
    fc.assert(
      fc.property(anyPaise, fc.constantFrom(undefined, paiseShown.always, paiseShown.trimmed), (paise, shown) => {
        return formatRupees(paise / 100, shown) === formatPaise(paise, shown);
      }),
    );
  });
});

describe('groupIndian', () => {
  it('groups a whole number as en-IN does, for any safe integer', () => {
    const intlCount = new Intl.NumberFormat('en-IN');
    expect(groupIndian(1_234_567)).toBe('12,34,567');
    expect(groupIndian(-1_500)).toBe('-1,500');
    expect(groupIndian(999)).toBe('999');
    fc.assert(fc.property(fc.maxSafeInteger(), (count) => groupIndian(count) === intlCount.format(count)));
    fc.assert(
      fc.property(fc.integer({ min: -1e7, max: 1e7 }), (count) => groupIndian(count) === intlCount.format(count)),
    );
  });
});

describe('the formatter on a page', () => {
  it('makes no Intl formatter to load, or to write prices and counts, only for the other ways to show paise', async () => {
    // A page's first Intl.NumberFormat loads ICU's locale data: 7–15 ms of the storefront's first task on a phone.
    const made = vi.spyOn(Intl, 'NumberFormat');
    try {
      vi.resetModules();
      const fresh = await import('./money');
      expect(fresh.formatRupees(1299.5)).toBe('₹1,299.50');
      expect(fresh.formatPaise(149_900)).toBe('₹1,499');
      expect(fresh.groupIndian(123_456)).toBe('1,23,456');
      expect(made).not.toHaveBeenCalled();
      expect(fresh.formatPaise(149_900, fresh.paiseShown.always)).toBe('₹1,499.00');
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
});
