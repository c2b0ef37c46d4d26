import { afterEach, describe, expect, it } from 'vitest';
import { deliveryByText, formatDeliveryDate } from './deliveryDate';

describe('formatDeliveryDate', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('writes the calendar date the en-IN way: weekday, day, month', () => {
    expect(formatDeliveryDate('2026-11-28')).toBe('Sat, 28 Nov');
    expect(formatDeliveryDate('2027-01-01')).toBe('Fri, 1 Jan');
  });

  it.each(['Pacific/Honolulu', 'America/New_York', 'UTC', 'Asia/Kolkata', 'Pacific/Kiritimati'])(
    'keeps the same day in the browser time zone %s',
    (timeZone) => {
      process.env.TZ = timeZone;
      expect(formatDeliveryDate('2026-11-28')).toBe('Sat, 28 Nov');
      expect(formatDeliveryDate('2026-03-01')).toBe('Sun, 1 Mar');
    },
  );

  it('refuses what is not a calendar date', () => {
    expect(formatDeliveryDate('2026-02-30')).toBeNull();
    expect(formatDeliveryDate('28-11-2026')).toBeNull();
    expect(formatDeliveryDate('2026-11-28T00:00:00Z')).toBeNull();
  });
});

describe('deliveryByText', () => {
  it('says by when, and nothing without a date', () => {
    expect(deliveryByText('2026-11-28')).toBe('Delivery by Sat, 28 Nov');
    expect(deliveryByText(null)).toBeNull();
    expect(deliveryByText('')).toBeNull();
  });
});
