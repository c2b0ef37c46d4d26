import { describe, expect, it } from 'vitest';
import { RupeeAmount } from './common';

describe('RupeeAmount', () => {
  it('takes an amount to the paisa above zero', () => {
    expect(RupeeAmount.parse(0.01)).toBe(0.01);
    expect(RupeeAmount.parse(1299.5)).toBe(1299.5);
  });

  it('refuses an amount that is less than one paisa, however small (the fuzz test found 1.3e-278 refunded as 0)', () => {
    for (const tiny of [1.3382852681419904e-278, 1e-9, 0.004]) {
      const result = RupeeAmount.safeParse(tiny);
      expect(result.success, String(tiny)).toBe(false);
    }
    expect(RupeeAmount.safeParse(0).error?.issues[0]?.message).toBe('Must be more than zero.');
    expect(RupeeAmount.safeParse(0.015).error?.issues[0]?.message).toBe('At most two decimal places.');
  });
});
