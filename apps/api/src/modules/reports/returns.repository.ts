import { type Queryable, type SQL, sql } from '@kapaas/db';
import { rowsOf } from '../../lib/person';
import { at, onDaysOf, type Span } from './period';

/** Whether the request `r` was asked in the span and not rejected (what actually comes back, or is coming). */
export const askedIn = (span: Span): SQL =>
  sql`r.created_at >= ${at(span.from)} AND r.created_at < ${at(span.to)} AND r.status <> 'rejected'`;

/** The return lines asked in the span, of requests not rejected. */
const askedWithin = (span: Span): SQL => sql`FROM return_lines l JOIN return_requests r ON r.id = l.return_id
  WHERE ${askedIn(span)}`;

/** The pieces asked back in the span by reason: returned for money, exchanged, and both. */
export async function returnsByReason(db: Queryable, span: Span) {
  return rowsOf<{ reason: string; returns: number; exchanges: number; units: number }>(
    await db.execute(sql`
      SELECT l.reason, (coalesce(sum(l.quantity) FILTER (WHERE l.kind = 'return'), 0))::int AS returns,
        (coalesce(sum(l.quantity) FILTER (WHERE l.kind = 'exchange'), 0))::int AS exchanges,
        sum(l.quantity)::int AS units
      ${askedWithin(span)}
      GROUP BY 1`),
  );
}

/** The units sold in the span, from the daily aggregates (ADR 062). */
export async function unitsSold(db: Queryable, span: Span): Promise<number> {
  const [row] = rowsOf<{ units: string }>(
    await db.execute(sql`SELECT coalesce(sum(d.units), 0)::bigint AS units
      FROM report_daily_sales d WHERE ${onDaysOf(sql`d.day`, span)}`),
  );
  return Number(row?.units ?? 0);
}

/** Per size (the label the shop sells it under): units sold (daily aggregates, ADR 062), and pieces asked back, too small and too big. */
export async function returnsBySize(db: Queryable, span: Span) {
  return rowsOf<{ size: string; sold_units: number; returned_units: number; too_small: number; too_big: number }>(
    await db.execute(sql`
      WITH sold AS (
        SELECT d.size_id, sum(d.units)::int AS units
        FROM report_daily_sizes d WHERE ${onDaysOf(sql`d.day`, span)} GROUP BY 1 HAVING sum(d.units) > 0
      ), back AS (
        SELECT l.size_id, sum(l.quantity)::int AS units,
          (coalesce(sum(l.quantity) FILTER (WHERE l.reason = 'too_small'), 0))::int AS too_small,
          (coalesce(sum(l.quantity) FILTER (WHERE l.reason = 'too_big'), 0))::int AS too_big
        ${askedWithin(span)} GROUP BY 1
      )
      SELECT z.label AS size, coalesce(sd.units, 0) AS sold_units, coalesce(b.units, 0) AS returned_units,
        coalesce(b.too_small, 0) AS too_small, coalesce(b.too_big, 0) AS too_big
      FROM sizes z LEFT JOIN sold sd ON sd.size_id = z.id LEFT JOIN back b ON b.size_id = z.id
      WHERE sd.size_id IS NOT NULL OR b.size_id IS NOT NULL
      ORDER BY z.sort_order, z.label`),
  );
}

/** Per product with any piece asked back too small in the span: its units sold then, and the reviews' "runs small". */
export async function tooSmallByProduct(db: Queryable, span: Span) {
  return rowsOf<{ product_id: number; name: string; sold_units: number; too_small: number; fit_runs_small: number }>(
    await db.execute(sql`
      WITH small AS (
        SELECT l.product_id, sum(l.quantity)::int AS too_small ${askedWithin(span)} AND l.reason = 'too_small'
        GROUP BY 1
      ), sold AS (
        SELECT d.product_id, sum(d.units)::int AS units
        FROM report_daily_products d
        WHERE ${onDaysOf(sql`d.day`, span)} AND d.product_id IN (SELECT product_id FROM small) GROUP BY 1
      )
      SELECT p.id AS product_id, p.name, coalesce(sd.units, 0) AS sold_units, sm.too_small,
        coalesce(rs.runs_small, 0) AS fit_runs_small
      FROM small sm JOIN products p ON p.id = sm.product_id LEFT JOIN sold sd ON sd.product_id = sm.product_id
      LEFT JOIN review_stats rs ON rs.product_id = sm.product_id`),
  );
}
