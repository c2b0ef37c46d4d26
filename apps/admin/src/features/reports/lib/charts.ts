import { formatRupees } from '#admin/lib/format.ts';
import { formatRate } from './columns';

/** One set of bars in a chart: a figure of each row, and how its axis and its tooltips write it. */
export interface ChartSeries<Row> {
  label: string;
  value: (row: Row) => number;
  /** Axis ticks: "₹1.2L", "40%". */
  tick: (value: number) => string;
  /** A bar's tooltip: "₹1,20,000". */
  text: (value: number) => string;
  /** Counts: the axis marks whole numbers only. */
  integer?: boolean;
}

// Lakh and crore, as the owner counts: ₹1.2L, ₹3.4Cr.
const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en-IN');

export function rupeeSeries<Row>(label: string, value: (row: Row) => number): ChartSeries<Row> {
  return { label, value, tick: (v) => `₹${compact.format(v)}`, text: formatRupees };
}

export function countSeries<Row>(label: string, value: (row: Row) => number): ChartSeries<Row> {
  return { label, value, tick: (v) => compact.format(v), text: (v) => whole.format(v), integer: true };
}

/** A 0–1 rate drawn in percent; an empty rate (nothing to divide by) is drawn as no bar. */
export function rateSeries<Row>(label: string, value: (row: Row) => number | null): ChartSeries<Row> {
  return {
    label,
    value: (row) => value(row) ?? 0,
    tick: (v) => `${Math.round(v * 100)}%`,
    text: formatRate,
  };
}

const dayLabel = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthLabel = new Intl.DateTimeFormat('en-IN', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** A chart's label for a day or the month starting on it: "12 Nov", "Nov 26" (the day as India names it). */
export function shortDay(day: string, interval: 'day' | 'week' | 'month' = 'day'): string {
  const date = new Date(`${day.length === 7 ? `${day}-01` : day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return (interval === 'month' ? monthLabel : dayLabel).format(date);
}
