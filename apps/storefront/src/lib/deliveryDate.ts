/**
 * Formatted in UTC because the date is built at UTC midnight: the calendar day stays the one the server named. Made
 * when first used: a page's first Intl formatter loads ICU's locale data, which is not to be paid while every public
 * page starts (ADR 031, fifth pass).
 */
let calendarDay: Intl.DateTimeFormat | undefined;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * "Sat, 28 Nov" from a calendar date "2026-11-28" (India's calendar, as the server answers delivery dates), whatever
 * the browser's time zone; null for anything that is not such a date.
 */
export function formatDeliveryDate(date: string): string | null {
  const parts = CALENDAR_DATE.exec(date);
  if (!parts) return null;
  const [, year, month, day] = parts.map(Number) as [number, number, number, number];
  const utc = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2026-02-30 over into March: such a string is not a date.
  if (utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  calendarDay ??= new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return calendarDay.format(utc);
}

/** "Delivery by Sat, 28 Nov", or null without a (valid) date. */
export function deliveryByText(date: string | null | undefined): string | null {
  const formatted = date ? formatDeliveryDate(date) : null;
  return formatted === null ? null : `Delivery by ${formatted}`;
}
