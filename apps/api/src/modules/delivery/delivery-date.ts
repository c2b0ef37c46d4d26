/**
 * The "Delivery by …" dates: the first and last day a parcel may arrive, as India's calendar dates.
 *
 * - Days and times are India's (UTC+05:30, no daylight saving), whatever the server's clock zone (lib/shop-day.ts).
 * - Working days are Monday to Friday, less the shop's public holidays. Many couriers deliver on Saturdays, but not all
 *   and not everywhere, and a shop's packers often rest on Saturday: counting only weekdays makes the promise one the
 *   shop keeps. The same days count for dispatch and for transit.
 * - The dispatch day is the day the order is placed when that is a working day and the order comes strictly before the
 *   daily cut-off (a 14:00 cut-off takes orders up to 13:59:59); otherwise it is the next working day.
 * - The parcel arrives between the `minDays`-th and the `maxDays`-th working day after the dispatch day, so neither
 *   date is ever a weekend or a holiday, and both are after the day the order was placed (`minDays` is at least 1).
 */
import { shopToday, startOfShopDay } from '../../lib/shop-day';

/** The daily cut-off, India's time: orders placed from this minute on are dispatched the next working day. */
export interface Cutoff {
  hour: number;
  minute: number;
}

/** The delivery window, as India's YYYY-MM-DD dates. */
export interface DeliveryWindow {
  from: string;
  to: string;
}

const DATE_PATTERN = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const DAY_MS = 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A YYYY-MM-DD calendar date as midnight UTC, to count days and weekdays on; throws for anything else. */
function calendarDate(date: string): Date {
  const day = new Date(`${date}T00:00:00Z`);
  if (!DATE_PATTERN.test(date) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a YYYY-MM-DD date: ${JSON.stringify(date)}`);
  }
  return day;
}

function nextDay(date: string): string {
  return new Date(calendarDate(date).getTime() + DAY_MS).toISOString().slice(0, 10);
}

/** The public holidays as a set, each checked to be a real YYYY-MM-DD date. */
export function holidaySet(holidays: Iterable<string> = []): ReadonlySet<string> {
  const set = new Set<string>();
  for (const holiday of holidays) set.add(calendarDate(holiday).toISOString().slice(0, 10));
  return set;
}

/** Whether a YYYY-MM-DD date is a working day: Monday to Friday and not a holiday. */
export function isWorkingDay(date: string, holidays: ReadonlySet<string> = new Set()): boolean {
  const weekday = calendarDate(date).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(date);
}

/** The `count`-th working day after a date (the date itself never counts). */
export function workingDayAfter(date: string, count: number, holidays: ReadonlySet<string> = new Set()): string {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Not a positive whole number of days: ${count}`);
  let day = date;
  for (let counted = 0; counted < count; ) {
    day = nextDay(day);
    if (isWorkingDay(day, holidays)) counted += 1;
  }
  return day;
}

function checkCutoff({ hour, minute }: Cutoff): number {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23 || !Number.isInteger(minute) || minute < 0 || minute > 59) {
    throw new RangeError(`Not a time of day: ${hour}:${minute}`);
  }
  return (hour * 60 + minute) * 60_000;
}

/** The day an order placed at `placedAt` leaves the shop, as India's YYYY-MM-DD date. */
export function dispatchDay(placedAt: Date, cutoff: Cutoff, holidays: ReadonlySet<string> = new Set()): string {
  const cutoffMs = checkCutoff(cutoff);
  const placingDay = shopToday(placedAt);
  const sinceMidnightMs = placedAt.getTime() - startOfShopDay(placingDay).getTime();
  if (isWorkingDay(placingDay, holidays) && sinceMidnightMs < cutoffMs) return placingDay;
  return workingDayAfter(placingDay, 1, holidays);
}

/**
 * When an order placed at `placedAt` arrives: the `minDays`-th to the `maxDays`-th working day after its dispatch day.
 * `holidays` are YYYY-MM-DD dates that are not working days. Throws a RangeError for an invalid date, cut-off, holiday,
 * or days that are not whole with 1 ≤ minDays ≤ maxDays.
 */
export function deliveryWindow(
  placedAt: Date,
  terms: { minDays: number; maxDays: number },
  cutoff: Cutoff,
  holidays: Iterable<string> = [],
): DeliveryWindow {
  if (Number.isNaN(placedAt.getTime())) throw new RangeError('Not a valid time');
  if (terms.maxDays < terms.minDays) throw new RangeError(`maxDays ${terms.maxDays} < minDays ${terms.minDays}`);
  const days = holidaySet(holidays);
  const dispatch = dispatchDay(placedAt, cutoff, days);
  return { from: workingDayAfter(dispatch, terms.minDays, days), to: workingDayAfter(dispatch, terms.maxDays, days) };
}

/**
 * A YYYY-MM-DD date as the "Delivery by …" sentence shows it, in English: "Thu, 28 Nov". Month names are always three
 * letters ("Sep", where en-GB's Intl writes "Sept"), and the names are the module's own, so the text does not change
 * with the server's ICU data.
 */
export function formatDeliveryBy(date: string): string {
  const day = calendarDate(date);
  return `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}
