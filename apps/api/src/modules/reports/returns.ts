import {
  RETURN_REASON_LABELS,
  RETURN_REASON_VALUES,
  type ReportRangeQuery,
  type ReturnsReport,
} from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { periodOf, rate, type Span } from './period';
import { inTurn } from './reading';
import { returnsByReason, returnsBySize, tooSmallByProduct, unitsSold } from './returns.repository';

/** A product is flagged "runs small" from this many pieces sent back too small in the period (ADR 054). */
export const RUNS_SMALL_MIN_PIECES = 2;
/** …when at least this share of its units sold came back too small… */
export const RUNS_SMALL_MIN_SHARE = 0.1;
/** …and at least this many times the share of the rest of the shop. */
export const RUNS_SMALL_TIMES_REST = 2;

async function totalsOf(db: Queryable, span: Span) {
  const [reasons, sold] = await inTurn(
    () => returnsByReason(db, span),
    () => unitsSold(db, span),
  );
  const sum = (field: 'returns' | 'exchanges' | 'units') => reasons.reduce((total, row) => total + row[field], 0);
  const totals = {
    returns: sum('returns'),
    exchanges: sum('exchanges'),
    units: sum('units'),
    sold_units: sold,
    return_rate: rate(sum('units'), sold),
  };
  return { reasons, totals };
}

/** Every reason in the shopper's words, in the form's order, those with no piece shown as zero. */
function byReason(rows: Awaited<ReturnType<typeof returnsByReason>>): ReturnsReport['by_reason'] {
  return RETURN_REASON_VALUES.map((reason) => {
    const row = rows.find((r) => r.reason === reason);
    return {
      reason,
      label: RETURN_REASON_LABELS[reason],
      returns: row?.returns ?? 0,
      exchanges: row?.exchanges ?? 0,
      units: row?.units ?? 0,
    };
  });
}

/**
 * The products whose "too small" share stands out: at least RUNS_SMALL_MIN_PIECES pieces, RUNS_SMALL_MIN_SHARE of the
 * units sold, and RUNS_SMALL_TIMES_REST times the rest of the shop's share. Pieces sold before the period can come
 * back in it, so a share is taken over at least the pieces that came back.
 */
function runsSmall(
  rows: Awaited<ReturnType<typeof tooSmallByProduct>>,
  soldUnits: number,
): ReturnsReport['runs_small'] {
  const allTooSmall = rows.reduce((sum, row) => sum + row.too_small, 0);
  return rows
    .map((row) => {
      const share = row.too_small / Math.max(row.sold_units, row.too_small);
      const restSold = soldUnits - row.sold_units;
      const restShare = restSold <= 0 ? 0 : (allTooSmall - row.too_small) / restSold;
      return { row, share, restShare };
    })
    .filter(
      ({ row, share, restShare }) =>
        row.too_small >= RUNS_SMALL_MIN_PIECES &&
        share >= RUNS_SMALL_MIN_SHARE &&
        share >= RUNS_SMALL_TIMES_REST * restShare,
    )
    .sort((a, b) => b.share - a.share || a.row.name.localeCompare(b.row.name))
    .map(({ row, share }) => ({ ...row, too_small_share: Math.round(share * 10_000) / 10_000 }));
}

/** GET /admin/api/reports/returns: pieces asked back by reason and size, and the products that run small. */
export async function returnsReport(db: Queryable, query: ReportRangeQuery): Promise<ReturnsReport> {
  const period = periodOf(query.from, query.to);
  const [current, previous, sizes, small] = await inTurn(
    () => totalsOf(db, period.span),
    () => totalsOf(db, period.previous.span),
    () => returnsBySize(db, period.span),
    () => tooSmallByProduct(db, period.span),
  );
  return {
    from: period.from,
    to: period.to,
    previous_from: period.previous.from,
    previous_to: period.previous.to,
    totals: current.totals,
    previous: previous.totals,
    by_reason: byReason(current.reasons),
    by_size: sizes.map((row) => ({ ...row, return_rate: rate(row.returned_units, row.sold_units) })),
    runs_small: runsSmall(small, current.totals.sold_units),
  };
}
