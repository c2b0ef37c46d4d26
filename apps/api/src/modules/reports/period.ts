import type { ReportInterval } from '@kapaas/contract';
import { type SQL, sql } from '@kapaas/db';
import { shopToday, startOfShopDay } from '../../lib/shop-day';

/** The instants a report covers: from midnight IST at the start of `from` to midnight IST after `to`. */
export interface Span {
  from: Date;
  to: Date;
}

/** A report's days (India's calendar), their instants, and the period of the same length just before. */
export interface Period {
  from: string;
  to: string;
  days: number;
  span: Span;
  previous: { from: string; to: string; span: Span };
}

const DAY_MS = 86_400_000;

/** The day `days` after (or before, when negative) a YYYY-MM-DD day; calendar arithmetic, no time zone involved. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export const spanOf = (from: string, to: string): Span => ({
  from: startOfShopDay(from),
  to: startOfShopDay(addDays(to, 1)),
});

/** The period `from`–`to` and the one of as many days that ends the day before `from`. */
export function periodOf(from: string, to: string): Period {
  const days = daysBetween(from, to);
  const previousFrom = addDays(from, -days);
  const previousTo = addDays(from, -1);
  return {
    from,
    to,
    days,
    span: spanOf(from, to),
    previous: { from: previousFrom, to: previousTo, span: spanOf(previousFrom, previousTo) },
  };
}

/** The step (day, Monday of its week, 1st of its month) a day belongs to. */
export function stepOf(day: string, interval: ReportInterval): string {
  if (interval === 'day') return day;
  if (interval === 'month') return `${day.slice(0, 7)}-01`;
  // getUTCDay: 0 is Sunday; a week starts on Monday.
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Every step from the one holding `from` to the one holding `to`, in order, so a chart has no gaps. */
export function stepsOf(from: string, to: string, interval: ReportInterval): string[] {
  const steps: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const step = stepOf(day, interval);
    if (steps[steps.length - 1] !== step) steps.push(step);
  }
  return steps;
}

/**
 * The span's India's days, first and last, for the daily aggregates (ADR 062): a span always runs from one midnight
 * IST to another, so its last day is the one holding the instant just before its end.
 */
export const daysOfSpan = (span: Span): { first: string; last: string } => ({
  first: shopToday(span.from),
  last: shopToday(new Date(span.to.getTime() - 1)),
});

/** Whether the date column `column` of an aggregate falls on the span's days. */
export const onDaysOf = (column: SQL, span: Span): SQL => {
  const { first, last } = daysOfSpan(span);
  return sql`${column} >= ${first}::date AND ${column} <= ${last}::date`;
};

/** A timestamp parameter for raw SQL: both drivers take an ISO string cast to timestamptz. */
export const at = (instant: Date): SQL => sql`${instant.toISOString()}::timestamptz`;

/** India's calendar day (no daylight saving: UTC+05:30) of a timestamptz expression, as a date. */
export const istDay = (expression: SQL): SQL =>
  sql`(((${expression}) AT TIME ZONE 'UTC') + interval '330 minutes')::date`;

/** A date expression as YYYY-MM-DD text. */
export const dayText = (expression: SQL): SQL => sql`to_char(${expression}, 'YYYY-MM-DD')`;

/** A rate, or null when there is nothing to divide by; three decimals are plenty for a chart and a table. */
export const rate = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;
