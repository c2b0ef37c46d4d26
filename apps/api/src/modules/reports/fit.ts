import {
  FIT_SUMMARY_MIN_ANSWERS,
  type FitCorrection,
  type FitFigures,
  type FitFlag,
  type FitReport,
  type FitReportQuery,
  type FitReportRow,
} from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { type ChartRow, loadSizeCharts, type StoredChart } from '../fit';
import { mostCommonFit } from '../reviews';
import { type FitCountsRow, type FitProductCounts, fitFigures } from './fit.repository';
import { periodOf, rate } from './period';

/** A product's or size's counts with their rates (ADR 061). */
function figuresOf(counts: FitCountsRow): FitFigures {
  const { delivered, returned, exchanged } = counts;
  return {
    delivered,
    returned,
    exchanged,
    too_small: counts.too_small,
    too_big: counts.too_big,
    return_rate: rate(returned, delivered),
    exchange_rate: rate(exchanged, delivered),
    size_return_rate: rate(returned + exchanged, delivered),
    fit: { runs_small: counts.runs_small, true_to_size: counts.true_to_size, runs_large: counts.runs_large },
    advices: counts.advices,
    advice_bought: counts.advice_bought,
    advice_kept: counts.advice_kept,
    advice_kept_share: rate(counts.advice_kept, counts.advices),
  };
}

/**
 * Which way a set of answers points, as the product page's fit summary decides it (reviews' `mostCommonFit`, from
 * FIT_SUMMARY_MIN_ANSWERS answers): null below the threshold or when they point nowhere in particular.
 */
function pointsTo(fit: FitFigures['fit']): FitFlag | null {
  if (fit.runs_small + fit.true_to_size + fit.runs_large < FIT_SUMMARY_MIN_ANSWERS) return null;
  const most = mostCommonFit(fit);
  return most === 'true_to_size' ? null : most;
}

/**
 * The flag: the reviews' fit summary, or the pieces sent back too small against too big (read with the same rule, as
 * answers of their own), pointing one way; none when the two point opposite ways.
 */
export function flagOf(counts: FitCountsRow): { flag: FitFlag | null; basis: ('reviews' | 'returns')[] } {
  const reviews = pointsTo({
    runs_small: counts.runs_small,
    true_to_size: counts.true_to_size,
    runs_large: counts.runs_large,
  });
  const returns = pointsTo({ runs_small: counts.too_small, true_to_size: 0, runs_large: counts.too_big });
  if (reviews && returns && reviews !== returns) return { flag: null, basis: [] };
  const flag = reviews ?? returns;
  const basis: ('reviews' | 'returns')[] = [];
  if (reviews) basis.push('reviews');
  if (returns) basis.push('returns');
  return { flag, basis };
}

/** The middle of the steps from one size's lower bound to the next's, the chart's sizes taken by that bound. */
function medianStep(rows: readonly ChartRow[], bound: (row: ChartRow) => number): number | null {
  const starts = rows.map(bound).sort((a, b) => a - b);
  const steps = starts.slice(1).map((start, i) => start - (starts[i] as number));
  if (steps.length === 0) return null;
  steps.sort((a, b) => a - b);
  const middle = Math.floor(steps.length / 2);
  return steps.length % 2 === 1
    ? (steps[middle] as number)
    : ((steps[middle - 1] as number) + (steps[middle] as number)) / 2;
}

/**
 * The suggested correction (ADR 061): each size's height and weight ranges moved by half the chart's usual step
 * between sizes (the median), down for a product that runs small, up for one that runs large; whole cm (at least 1)
 * and tenths of a kilo (at least 0.1), as the chart keeps them.
 */
export function correctionOf(flag: FitFlag, chart: StoredChart | undefined): FitCorrection {
  const small = flag === 'runs_small';
  const direction = small ? 'down' : 'up';
  const found = small ? 'Buyers find it small' : 'Buyers find it large';
  const heightStep = chart ? medianStep(chart.rows, (row) => row.height_min_cm) : null;
  const weightStep = chart ? medianStep(chart.rows, (row) => row.weight_min_kg) : null;
  const chartOf = chart ? (chart.productId !== null ? 'product' : 'category') : null;
  if (heightStep === null || weightStep === null) {
    const why = chart ? 'its size chart has a single size' : 'it has no size chart';
    return { chart: chartOf, direction, height_cm: null, weight_kg: null, words: `${found}, but ${why} to correct.` };
  }
  const height = Math.max(1, Math.round(heightStep / 2));
  const weight = Math.max(0.1, Math.round((weightStep / 2) * 10) / 10);
  const where =
    chartOf === 'product'
      ? "in the product's own chart"
      : "in a chart of the product's own (copied from its category's, which its other products share)";
  const effect = small ? 'so that the size advice names a bigger size' : 'so that the size advice names a smaller size';
  return {
    chart: chartOf,
    direction,
    height_cm: height,
    weight_kg: weight,
    words: `${found}: move each size's height range ${direction} by about ${height} cm and its weight range ${direction} by about ${weight} kg (half a size step) ${where}, ${effect}.`,
  };
}

/** A product's chart as the advice reads it: its own, else its category's (ADR 056). */
function chartFor(charts: readonly StoredChart[], row: FitProductCounts): StoredChart | undefined {
  return (
    charts.find((chart) => chart.productId === row.key) ??
    (row.category_id === null ? undefined : charts.find((chart) => chart.categoryId === row.category_id))
  );
}

function rowOf(row: FitProductCounts, charts: readonly StoredChart[]): FitReportRow {
  const { flag, basis } = flagOf(row);
  return {
    product_id: row.key,
    name: row.name,
    category: row.category,
    ...figuresOf(row),
    flag,
    flag_basis: basis,
    correction: flag === null ? null : correctionOf(flag, chartFor(charts, row)),
    sizes: row.sizes.map((size) => ({ size_id: size.size_id, size: size.size, ...figuresOf(size) })),
  };
}

/** GET /admin/api/reports/fit: per product and size, the fit its buyers found, flagged with a chart correction. */
export async function fitReport(db: Queryable, query: FitReportQuery): Promise<FitReport> {
  const period = periodOf(query.from, query.to);
  const rows = await fitFigures(db, period, query);
  // The charts are read only when a row on the page is flagged: a few small rows per category (ADR 056).
  const charts = rows.some((row) => flagOf(row).flag !== null) ? await loadSizeCharts(db) : [];
  return {
    from: period.from,
    to: period.to,
    rows: rows.map((row) => rowOf(row, charts)),
    page: query.page,
    per_page: query.per_page,
    total: rows[0]?.total ?? 0,
  };
}
