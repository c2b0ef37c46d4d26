import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  change,
  financialYearStart,
  isDay,
  periodDays,
  periodErrors,
  pointsChange,
  presetPeriod,
  previousPeriod,
  readPeriod,
  shopToday,
} from './period';

describe('the shop’s today', () => {
  it('is India’s date, not the browser’s or UTC’s', () => {
    expect(shopToday(new Date('2026-11-28T18:29:59Z'))).toBe('2026-11-28');
    expect(shopToday(new Date('2026-11-28T18:30:00Z'))).toBe('2026-11-29');
    expect(shopToday(new Date('2027-03-31T18:30:00Z'))).toBe('2027-04-01');
  });
});

describe('the presets', () => {
  it('cover the days the owner expects', () => {
    const today = '2026-11-29';
    expect(presetPeriod('today', today)).toEqual({ from: today, to: today });
    expect(presetPeriod('7d', today)).toEqual({ from: '2026-11-23', to: today });
    expect(presetPeriod('30d', today)).toEqual({ from: '2026-10-31', to: today });
    expect(presetPeriod('month', today)).toEqual({ from: '2026-11-01', to: today });
    expect(presetPeriod('last-month', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetPeriod('fy', today)).toEqual({ from: '2026-04-01', to: today });
  });

  it('take last month across a new year and a leap February', () => {
    expect(presetPeriod('last-month', '2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(presetPeriod('last-month', '2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('start the financial year on the 1 April on or before the day', () => {
    expect(financialYearStart('2027-03-31')).toBe('2026-04-01');
    expect(financialYearStart('2027-04-01')).toBe('2027-04-01');
    expect(financialYearStart('2027-01-15')).toBe('2026-04-01');
  });
});

const days = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 86_400_000, max: Date.UTC(2035, 0, 1) / 86_400_000 })
  .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));

describe('the previous period', () => {
  it('is as long as the period and ends the day before it starts', () => {
    fc.assert(
      fc.property(days, fc.integer({ min: 1, max: 731 }), (from, length) => {
        const period = { from, to: addDays(from, length - 1) };
        const previous = previousPeriod(period);
        expect(periodDays(previous)).toBe(length);
        expect(addDays(previous.to, 1)).toBe(period.from);
      }),
    );
  });
});

describe('a period in the address', () => {
  const today = '2026-11-29';

  it('reads a preset, or a valid custom period', () => {
    expect(readPeriod(new URLSearchParams('period=7d'), today)).toEqual({
      preset: '7d',
      period: { from: '2026-11-23', to: today },
    });
    expect(readPeriod(new URLSearchParams('period=custom&from=2026-01-01&to=2026-01-31'), today)).toEqual({
      preset: 'custom',
      period: { from: '2026-01-01', to: '2026-01-31' },
    });
  });

  it('falls back to 30 days for anything else', () => {
    for (const search of [
      '',
      'period=year',
      'period=custom',
      'period=custom&from=2026-02-30&to=2026-03-01',
      'period=custom&from=2026-03-01&to=2026-02-01',
      'period=custom&from=2020-01-01&to=2026-01-01',
    ]) {
      expect(readPeriod(new URLSearchParams(search), today)).toEqual({
        preset: '30d',
        period: { from: '2026-10-31', to: today },
      });
    }
  });

  it('says what is wrong with a custom period beside the field at fault', () => {
    expect(periodErrors('', '2026-01-01')).toEqual({ from: 'Choose the first day.' });
    expect(periodErrors('2026-01-01', '2026-13-01')).toEqual({ to: 'Choose the last day.' });
    expect(periodErrors('2026-01-02', '2026-01-01')).toEqual({ to: 'The last day cannot be before the first.' });
    expect(periodErrors('2024-01-01', '2026-01-01')).toEqual({ to: 'A report covers at most 731 days.' });
    expect(periodErrors('2024-01-01', '2025-12-31')).toEqual({});
    // The API's bounds (packages/contract's FIRST_REPORT_DAY and LAST_REPORT_DAY), said before it is asked.
    expect(periodErrors('1999-12-31', '2000-01-05')).toEqual({ from: 'Choose a day from 2000-01-01 to 2999-12-31.' });
    expect(periodErrors('2999-12-01', '3000-01-01')).toEqual({ to: 'Choose a day from 2000-01-01 to 2999-12-31.' });
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
  });
});

describe('a change on the previous period', () => {
  it('is a whole percent up or down, new when there was nothing, none when there is nothing', () => {
    expect(change(112, 100)).toEqual({ direction: 'up', percent: 12 });
    expect(change(97, 100)).toEqual({ direction: 'down', percent: 3 });
    expect(change(100.2, 100)).toEqual({ direction: 'same', percent: 0 });
    expect(change(5, 0)).toEqual({ direction: 'new', percent: 0 });
    expect(change(0, 0)).toEqual({ direction: 'none', percent: 0 });
    expect(change(-50, -100)).toEqual({ direction: 'up', percent: 50 });
  });

  it('is in percentage points for a rate', () => {
    expect(pointsChange(0.4, 0.5)).toEqual({ direction: 'down', percent: 10 });
    expect(pointsChange(0.125, 0.1)).toEqual({ direction: 'up', percent: 3 });
    expect(pointsChange(0.101, 0.1)).toEqual({ direction: 'same', percent: 0 });
  });
});
