import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deliveryWindow,
  dispatchDay,
  formatDeliveryBy,
  holidaySet,
  isWorkingDay,
  workingDayAfter,
} from './delivery-date';
import { DEFAULT_ZONE_TERMS } from './zones';

const TWO_PM = { hour: 14, minute: 0 };
const metro = DEFAULT_ZONE_TERMS.metro; // 2–4 working days
const local = DEFAULT_ZONE_TERMS.local; // 1–3 working days
/** India's wall-clock time as an instant: ist('2026-11-27T10:00'). */
const ist = (time: string) => new Date(`${time}:00+05:30`);

// 27 November 2026 is a Friday.
describe('the delivery window, worked examples with a 14:00 cut-off', () => {
  it('Friday before the cut-off: leaves Friday, arrives Tuesday 1 to Thursday 3 December', () => {
    expect(dispatchDay(ist('2026-11-27T10:00'), TWO_PM)).toBe('2026-11-27');
    expect(deliveryWindow(ist('2026-11-27T10:00'), metro, TWO_PM)).toEqual({ from: '2026-12-01', to: '2026-12-03' });
  });

  it('Friday after the cut-off: leaves Monday, arrives Wednesday 2 to Friday 4 December', () => {
    expect(dispatchDay(ist('2026-11-27T15:00'), TWO_PM)).toBe('2026-11-30');
    expect(deliveryWindow(ist('2026-11-27T15:00'), metro, TWO_PM)).toEqual({ from: '2026-12-02', to: '2026-12-04' });
  });

  it('the cut-off minute itself is after the cut-off; the second before it is not', () => {
    expect(dispatchDay(ist('2026-11-27T14:00'), TWO_PM)).toBe('2026-11-30');
    expect(dispatchDay(new Date('2026-11-27T13:59:59.999+05:30'), TWO_PM)).toBe('2026-11-27');
    expect(dispatchDay(ist('2026-11-27T10:29'), { hour: 10, minute: 30 })).toBe('2026-11-27');
    expect(dispatchDay(ist('2026-11-27T10:30'), { hour: 10, minute: 30 })).toBe('2026-11-30');
  });

  it('Saturday and Sunday, before or after the cut-off, are as Friday after it', () => {
    for (const time of ['2026-11-28T09:00', '2026-11-28T20:00', '2026-11-29T09:00', '2026-11-29T23:59']) {
      expect(deliveryWindow(ist(time), metro, TWO_PM), time).toEqual({ from: '2026-12-02', to: '2026-12-04' });
    }
  });

  it('crosses a month end and a year end', () => {
    expect(deliveryWindow(ist('2026-11-30T09:00'), local, TWO_PM)).toEqual({ from: '2026-12-01', to: '2026-12-03' });
    const rest = DEFAULT_ZONE_TERMS.rest; // 3–6: Fri 1 Jan, Mon 4, Tue 5 … Fri 8
    expect(deliveryWindow(ist('2026-12-31T09:00'), rest, TWO_PM)).toEqual({ from: '2027-01-05', to: '2027-01-08' });
  });

  it('skips a holiday in transit: Christmas (a Friday) moves the last day from Monday 28 to Tuesday 29', () => {
    const placed = ist('2026-12-23T10:00');
    expect(deliveryWindow(placed, local, TWO_PM)).toEqual({ from: '2026-12-24', to: '2026-12-28' });
    expect(deliveryWindow(placed, local, TWO_PM, ['2026-12-25'])).toEqual({ from: '2026-12-24', to: '2026-12-29' });
  });

  it('does not dispatch on a holiday: an order on Christmas morning leaves on Monday', () => {
    const placed = ist('2026-12-25T09:00');
    expect(dispatchDay(placed, TWO_PM, holidaySet(['2026-12-25']))).toBe('2026-12-28');
    expect(deliveryWindow(placed, local, TWO_PM, ['2026-12-25'])).toEqual({ from: '2026-12-29', to: '2026-12-31' });
  });
});

describe("the delivery window around India's midnight", () => {
  it('18:29 UTC Thursday is 23:59 Thursday in India (after the cut-off), 18:31 UTC is 00:01 Friday: both leave Friday', () => {
    expect(dispatchDay(new Date('2026-11-26T18:29:00Z'), TWO_PM)).toBe('2026-11-27');
    expect(dispatchDay(new Date('2026-11-26T18:31:00Z'), TWO_PM)).toBe('2026-11-27');
  });

  it('with a midnight cut-off every order leaves the next working day, so those two minutes are a day apart', () => {
    const midnight = { hour: 0, minute: 0 };
    expect(deliveryWindow(new Date('2026-11-26T18:29:00Z'), local, midnight)).toEqual({
      from: '2026-11-30',
      to: '2026-12-02',
    });
    expect(deliveryWindow(new Date('2026-11-26T18:31:00Z'), local, midnight)).toEqual({
      from: '2026-12-01',
      to: '2026-12-03',
    });
  });

  it("reads the cut-off on India's clock: 18:29 UTC Friday is before an 8 pm cut-off in UTC, not in India", () => {
    const eightPm = { hour: 20, minute: 0 };
    expect(dispatchDay(new Date('2026-11-27T14:29:00Z'), eightPm)).toBe('2026-11-27'); // 19:59 in India
    expect(dispatchDay(new Date('2026-11-27T14:31:00Z'), eightPm)).toBe('2026-11-30'); // 20:01 in India
    expect(dispatchDay(new Date('2026-11-27T18:29:00Z'), eightPm)).toBe('2026-11-30');
    expect(dispatchDay(new Date('2026-11-27T18:31:00Z'), eightPm)).toBe('2026-11-30'); // Saturday in India
  });
});

describe('working days', () => {
  it('are Monday to Friday, less holidays', () => {
    const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
    expect(days.map((day) => isWorkingDay(day))).toEqual([true, true, true, true, true, false, false]);
    expect(isWorkingDay('2026-11-24', holidaySet(['2026-11-24']))).toBe(false);
  });

  it('are counted after a date, never on it', () => {
    expect(workingDayAfter('2026-11-27', 1)).toBe('2026-11-30');
    expect(workingDayAfter('2026-11-28', 1)).toBe('2026-11-30');
    expect(workingDayAfter('2026-11-30', 5)).toBe('2026-12-07');
  });

  it('refuses a count below 1, a date that does not exist and a bad cut-off or window', () => {
    expect(() => workingDayAfter('2026-11-27', 0)).toThrow(RangeError);
    expect(() => holidaySet(['2026-02-30'])).toThrow(RangeError);
    expect(() => holidaySet(['26-12-2026'])).toThrow(RangeError);
    expect(() => dispatchDay(ist('2026-11-27T10:00'), { hour: 24, minute: 0 })).toThrow(RangeError);
    expect(() => dispatchDay(ist('2026-11-27T10:00'), { hour: 14, minute: 60 })).toThrow(RangeError);
    expect(() => deliveryWindow(ist('2026-11-27T10:00'), { minDays: 3, maxDays: 2 }, TWO_PM)).toThrow(RangeError);
    expect(() => deliveryWindow(ist('2026-11-27T10:00'), { minDays: 0, maxDays: 2 }, TWO_PM)).toThrow(RangeError);
    expect(() => deliveryWindow(new Date(Number.NaN), metro, TWO_PM)).toThrow(RangeError);
  });
});

describe('the "Delivery by" date', () => {
  it('is the short weekday, the day and the short month, in English', () => {
    expect(formatDeliveryBy('2024-11-28')).toBe('Thu, 28 Nov');
    expect(formatDeliveryBy('2026-12-03')).toBe('Thu, 3 Dec');
    expect(formatDeliveryBy('2027-01-10')).toBe('Sun, 10 Jan');
    expect(() => formatDeliveryBy('2026-13-01')).toThrow(RangeError);
  });

  // en-US for the names: en-GB now writes September "Sept", the three letters of the rest are the same.
  it('names the same weekday, day and month as the platform calendar, for any date', () => {
    const calendar = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'short',
      day: 'numeric',
      month: 'short',
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20_000 }), (offset) => {
        const date = addDays('2000-01-01', offset);
        const parts = calendar.formatToParts(new Date(`${date}T00:00:00Z`));
        const part = (type: string) => parts.find((each) => each.type === type)?.value;
        expect(formatDeliveryBy(date)).toBe(`${part('weekday')}, ${part('day')} ${part('month')}`);
      }),
    );
  });
});

// An oracle written apart from the module: India's date and minute by shifting the instant 5 h 30 min.
const IST_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const indiaDate = (instant: Date) => new Date(instant.getTime() + IST_MS).toISOString().slice(0, 10);
const indiaMinute = (instant: Date) => Math.floor((((instant.getTime() + IST_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
/** Weekdays that are not holidays, strictly after `after`, up to and including `upTo`. */
function workingDaysBetween(after: string, upTo: string, holidays: readonly string[]): number {
  let count = 0;
  for (let day = addDays(after, 1); day <= upTo; day = addDays(day, 1)) {
    if (!weekend(day) && !holidays.includes(day)) count += 1;
  }
  return count;
}

const orders = fc.record({
  placedAt: fc.date({
    min: new Date('2025-01-01T00:00:00Z'),
    max: new Date('2028-12-31T23:59:59Z'),
    noInvalidDate: true,
  }),
  minDays: fc.integer({ min: 1, max: 10 }),
  extraDays: fc.integer({ min: 0, max: 10 }),
  cutoff: fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) }),
  // Holidays in the weeks after the order, where they matter, often several in a row.
  holidayOffsets: fc.uniqueArray(fc.integer({ min: 0, max: 45 }), { maxLength: 20 }),
});

describe('the delivery window, properties', () => {
  it('runs from ≤ to, both working days after the placing day, minDays and maxDays working days on', () => {
    fc.assert(
      fc.property(orders, ({ placedAt, minDays, extraDays, cutoff, holidayOffsets }) => {
        const placingDay = indiaDate(placedAt);
        const holidays = holidayOffsets.map((offset) => addDays(placingDay, offset));
        const terms = { minDays, maxDays: minDays + extraDays };
        const { from, to } = deliveryWindow(placedAt, terms, cutoff, holidays);
        expect(from <= to).toBe(true);
        expect(from > placingDay).toBe(true);
        for (const day of [from, to]) {
          expect(weekend(day), day).toBe(false);
          expect(holidays.includes(day), day).toBe(false);
        }
        const sameDay =
          !weekend(placingDay) &&
          !holidays.includes(placingDay) &&
          indiaMinute(placedAt) < cutoff.hour * 60 + cutoff.minute;
        const waited = sameDay ? 0 : 1;
        expect(workingDaysBetween(placingDay, from, holidays)).toBe(minDays + waited);
        expect(workingDaysBetween(placingDay, to, holidays)).toBe(terms.maxDays + waited);
      }),
    );
  });

  it('never gives an earlier date for a later order', () => {
    fc.assert(
      fc.property(
        orders,
        fc.integer({ min: 0, max: 10 * DAY_MS }),
        ({ placedAt, minDays, extraDays, cutoff, holidayOffsets }, laterMs) => {
          const holidays = holidayOffsets.map((offset) => addDays(indiaDate(placedAt), offset));
          const terms = { minDays, maxDays: minDays + extraDays };
          const earlier = deliveryWindow(placedAt, terms, cutoff, holidays);
          const later = deliveryWindow(new Date(placedAt.getTime() + laterMs), terms, cutoff, holidays);
          expect(later.from >= earlier.from).toBe(true);
          expect(later.to >= earlier.to).toBe(true);
        },
      ),
    );
  });
});
