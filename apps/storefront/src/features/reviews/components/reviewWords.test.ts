import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reviewDate } from './reviewWords';

/** What a review's date must read: en-IN's short date on India's calendar, as Intl writes it. */
const intl = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

describe('reviewDate', () => {
  it("writes India's calendar day: late on 31 December in UTC is already the new year", () => {
    expect(reviewDate('2026-11-26T10:00:00.000Z')).toBe('26 Nov 2026');
    expect(reviewDate('2026-12-31T19:00:00.000Z')).toBe('1 Jan 2027');
    expect(reviewDate('2026-09-05T00:00:00.000Z')).toBe('5 Sept 2026');
    expect(reviewDate('not a date')).toBe('Invalid Date');
  });

  it('equals Intl en-IN for any moment from 1970 to 2200', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }),
        (moment) => reviewDate(moment.toISOString()) === intl.format(moment),
      ),
      { numRuns: 2000 },
    );
  });
});
