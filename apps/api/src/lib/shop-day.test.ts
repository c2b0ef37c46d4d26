import { describe, expect, it } from 'vitest';
import { shopToday, startOfShopDay } from './shop-day';

describe('the shop day', () => {
  it('is the date in India: 01:30 IST on the 20th is the 20th, though it is the 19th in UTC', () => {
    expect(shopToday(new Date('2026-11-19T20:00:00Z'))).toBe('2026-11-20');
    expect(shopToday(new Date('2026-11-19T18:29:59Z'))).toBe('2026-11-19');
  });

  it('starts at midnight in India', () => {
    expect(startOfShopDay('2026-11-20').toISOString()).toBe('2026-11-19T18:30:00.000Z');
  });
});
