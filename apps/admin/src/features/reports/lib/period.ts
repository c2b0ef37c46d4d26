import { FIRST_REPORT_DAY, LAST_REPORT_DAY, MAX_REPORT_DAYS } from '@kapaas/contract';

/**
 * The periods the reports cover, as India's calendar names them (a shop day runs from midnight to midnight IST,
 * ADR 055): the owner's browser may be set to any zone, and its own "today" would disagree with the server's for
 * five and a half hours a day. India keeps no summer time, so a fixed offset is exact (apps/api/src/lib/shop-day.ts).
 */
const SHOP_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;

export const PERIOD_PRESETS = ['today', '7d', '30d', 'month', 'last-month', 'fy', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PRESET_LABELS: Record<PeriodPreset, string> = {
  today: 'Today',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  month: 'This month',
  'last-month': 'Last month',
  fy: 'This financial year',
  custom: 'Custom',
};

/** The preset a report opens with. */
export const DEFAULT_PRESET: Exclude<PeriodPreset, 'custom'> = '30d';

export interface Period {
  from: string;
  to: string;
}

/** Today's date in India, as YYYY-MM-DD. */
export function shopToday(now: Date = new Date()): string {
  return new Date(now.getTime() + SHOP_OFFSET_MS).toISOString().slice(0, 10);
}

/** A YYYY-MM-DD day moved by `days` (calendar arithmetic in UTC, where a day is always 24 hours). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The days from `from` to `to`, both counted. */
export function periodDays({ from, to }: Period): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** India's financial year runs from 1 April to 31 March: the 1 April on or before `day`. */
export function financialYearStart(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return `${month >= 4 ? year : year - 1}-04-01`;
}

/** The days a preset covers on India's `today`; `custom` is given by its own from and to. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: string): Period {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case 'month':
      return { from: firstOfMonth(today), to: today };
    case 'last-month': {
      const lastDay = addDays(firstOfMonth(today), -1);
      return { from: firstOfMonth(lastDay), to: lastDay };
    }
    case 'fy':
      return { from: financialYearStart(today), to: today };
  }
}

/** The period of the same length just before (what the reports compare with). */
export function previousPeriod(period: Period): Period {
  const days = periodDays(period);
  return { from: addDays(period.from, -days), to: addDays(period.from, -1) };
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isDay(text: string | null | undefined): text is string {
  if (!text || !ISO_DAY.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
}

/** A change from the previous period: its direction and its size in whole percent. */
export interface Change {
  direction: 'up' | 'down' | 'same' | 'new' | 'none';
  percent: number;
}

/** How a rate (0–1) moved, in whole percentage points: 0.5 → 0.4 is down 10 points, not down 20%. */
export function pointsChange(current: number, previous: number): Change {
  const points = Math.round(current * 100 - previous * 100);
  if (points === 0) return { direction: 'same', percent: 0 };
  return { direction: points > 0 ? 'up' : 'down', percent: Math.abs(points) };
}

/** How `current` compares with `previous`: none when both are empty, new when only the period has any. */
export function change(current: number, previous: number): Change {
  if (previous === 0) return { direction: current === 0 ? 'none' : 'new', percent: 0 };
  const percent = Math.round((Math.abs(current - previous) / Math.abs(previous)) * 100);
  if (percent === 0) return { direction: 'same', percent: 0 };
  return { direction: current > previous ? 'up' : 'down', percent };
}

const OUT_OF_RANGE = `Choose a day from ${FIRST_REPORT_DAY} to ${LAST_REPORT_DAY}.`;

/** What is wrong with a custom period, beside the field at fault; empty when it is fine (the API's own rules). */
export function periodErrors(from: string, to: string): { from?: string; to?: string } {
  if (!isDay(from)) return { from: 'Choose the first day.' };
  if (!isDay(to)) return { to: 'Choose the last day.' };
  if (from < FIRST_REPORT_DAY || from > LAST_REPORT_DAY) return { from: OUT_OF_RANGE };
  if (to < FIRST_REPORT_DAY || to > LAST_REPORT_DAY) return { to: OUT_OF_RANGE };
  if (to < from) return { to: 'The last day cannot be before the first.' };
  if (periodDays({ from, to }) > MAX_REPORT_DAYS) return { to: `A report covers at most ${MAX_REPORT_DAYS} days.` };
  return {};
}

/** The period a report's address asks for (`?period=7d`, or `?period=custom&from=…&to=…`); 30 days otherwise. */
export function readPeriod(params: URLSearchParams, today: string): { preset: PeriodPreset; period: Period } {
  const asked = params.get('period');
  const preset = PERIOD_PRESETS.find((one) => one === asked) ?? DEFAULT_PRESET;
  if (preset !== 'custom') return { preset, period: presetPeriod(preset, today) };
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  if (Object.keys(periodErrors(from, to)).length > 0) {
    return { preset: DEFAULT_PRESET, period: presetPeriod(DEFAULT_PRESET, today) };
  }
  return { preset, period: { from, to } };
}
