import { describe, expect, it } from 'vitest';
import { formatRupees } from './money';

describe('formatRupees', () => {
  it('groups digits the Indian way and drops zero paise', () => {
    expect(formatRupees(1500)).toBe('₹1,500');
    expect(formatRupees(150000)).toBe('₹1,50,000');
  });

  it('keeps paise when there are any', () => {
    expect(formatRupees(1299.5)).toBe('₹1,299.50');
    expect(formatRupees(205.7)).toBe('₹205.70');
    expect(formatRupees(0.05)).toBe('₹0.05');
    expect(formatRupees(749.25)).toBe('₹749.25');
  });
});
