import { type Queryable, type SQL, sql } from '@kapaas/db';
import { rowsOf } from '../../lib/person';
import { onDaysOf, type Span } from './period';
import { stockPageByLead } from './stock-lead.repository';

/** A size is selling out when, at the period's pace, what is left lasts this many days or fewer. */
export const SELLING_OUT_DAYS = 14;

/**
 * Every size of a product on sale: what is free to sell now (stock less what unpaid orders hold), the units sold in
 * the span (the daily aggregates, ADR 062), and the days that lasts at the span's pace; sold out and selling out flagged.
 */
function sizesWithPace(span: Span, days: number): SQL {
  return sql`
    WITH sold AS (
      SELECT d.product_id, d.size_id, sum(d.units)::int AS units
      FROM report_daily_sizes d WHERE ${onDaysOf(sql`d.day`, span)} GROUP BY 1, 2
    ), paced AS (
      SELECT ps.product_id, p.name, z.label AS size, z.sort_order, greatest(ps.stock - ps.reserved, 0) AS stock,
        coalesce(sd.units, 0) AS sold,
        CASE WHEN coalesce(sd.units, 0) = 0 THEN NULL
          ELSE greatest(ps.stock - ps.reserved, 0)::float8 * ${days} / sd.units END AS days_of_cover
      FROM product_sizes ps JOIN products p ON p.id = ps.product_id AND p.status = 'active'
      JOIN sizes z ON z.id = ps.size_id
      LEFT JOIN sold sd ON sd.product_id = ps.product_id AND sd.size_id = ps.size_id
    ), flagged AS (
      SELECT *, stock = 0 AS sold_out,
        (stock > 0 AND days_of_cover IS NOT NULL AND days_of_cover <= ${SELLING_OUT_DAYS}) AS selling_out
      FROM paced
    )`;
}

export interface StockFigures {
  product_id: number;
  name: string;
  size: string;
  stock: number;
  sold: number;
  days_of_cover: number | null;
  sold_out: boolean;
  selling_out: boolean;
  total: number;
  sold_out_sizes: number;
  selling_out_sizes: number;
}

const ONLY: Record<'all' | 'sold_out' | 'selling_out', SQL> = {
  all: sql`TRUE`,
  sold_out: sql`sold_out`,
  selling_out: sql`selling_out`,
};

/** The page's search on the product's name, or nothing to test when there is none (200,000 sizes at 50,000 products). */
function nameMatches(q: string | undefined): SQL {
  if (!q) return sql`TRUE`;
  return sql`name ILIKE ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;
}

/**
 * One page of sizes: sold out first, then the fewest days of cover, then by name and the sizes' order; each row also
 * carries the shop's sold-out and selling-out counts and the rows over every page. The sizes are flagged once (the
 * CTE is read twice, so PostgreSQL keeps it); the counts are one aggregate over it, not window functions, which kept
 * every one of the shop's sizes in memory once per count (ADR 062).
 */
export async function stockPage(
  db: Queryable,
  span: Span,
  days: number,
  query: { only: 'all' | 'sold_out' | 'selling_out'; q?: string | undefined; page: number; per_page: number },
): Promise<StockFigures[]> {
  // Without a search, the sizes sold out or sold in the span come first and are found without flagging every size.
  return query.q ? stockPageFlagged(db, span, days, query) : stockPageByLead(db, span, days, query);
}

/** stockPage by flagging every size on sale: with a search, and in the test that the two agree. */
export async function stockPageFlagged(
  db: Queryable,
  span: Span,
  days: number,
  query: { only: 'all' | 'sold_out' | 'selling_out'; q?: string | undefined; page: number; per_page: number },
): Promise<StockFigures[]> {
  const shown = sql`${ONLY[query.only]} AND ${nameMatches(query.q)}`;
  return rowsOf<StockFigures>(
    await db.execute(sql`${sizesWithPace(span, days)}, counts AS (
        SELECT (count(*) FILTER (WHERE sold_out))::int AS sold_out_sizes,
          (count(*) FILTER (WHERE selling_out))::int AS selling_out_sizes, (count(*) FILTER (WHERE ${shown}))::int AS total
        FROM flagged
      )
      SELECT product_id, name, size, stock, sold, days_of_cover, sold_out, selling_out, sold_out_sizes,
        selling_out_sizes, total
      FROM flagged CROSS JOIN counts WHERE ${shown}
      ORDER BY sold_out DESC, days_of_cover ASC NULLS LAST, lower(name), product_id, sort_order, size
      LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`),
  );
}

/** The sizes sold out and selling out over the whole shop, for a page past the last (which has no row to carry them). */
export async function stockCounts(db: Queryable, span: Span, days: number) {
  const [row] = rowsOf<{ sold_out: number; selling_out: number }>(
    await db.execute(sql`${sizesWithPace(span, days)}
      SELECT (count(*) FILTER (WHERE sold_out))::int AS sold_out, (count(*) FILTER (WHERE selling_out))::int AS selling_out
      FROM flagged`),
  );
  return { soldOut: row?.sold_out ?? 0, sellingOut: row?.selling_out ?? 0 };
}
