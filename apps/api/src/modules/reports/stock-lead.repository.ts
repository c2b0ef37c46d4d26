import { type Queryable, type SQL, sql } from '@kapaas/db';
import { rowsOf } from '../../lib/person';
import { onDaysOf, type Span } from './period';
import type { StockFigures } from './stock.repository';

/** A size is selling out when, at the period's pace, what is left lasts this many days or fewer (stock.repository). */
const SELLING_OUT_DAYS = 14;

type Only = 'all' | 'sold_out' | 'selling_out';
type Page = { only: Only; page: number; per_page: number };

/** The span's pieces sold per size, from the daily aggregates (ADR 062): only sizes that sold. */
const soldIn = (span: Span): SQL => sql`sold AS (
    SELECT d.product_id, d.size_id, sum(d.units)::int AS units
    FROM report_daily_sizes d WHERE ${onDaysOf(sql`d.day`, span)} GROUP BY 1, 2 HAVING sum(d.units) > 0
  )`;

/**
 * The sizes the stock report's order puts first (ADR 062): those sold out, and those in stock that sold in the span,
 * of the products on sale. Found from the sold-out sizes and the span's sales, not by flagging every size of the
 * catalogue; each with its figures and flags as stock.repository's `sizesWithPace` makes them, but without its name:
 * the names are read for the page alone (`leadPage`).
 */
function leadSizes(span: Span, days: number): SQL {
  // One pass over the sizes against the span's sales (hashed: a few thousand rows), keeping the sold out and those
  // that sold. Two passes, one per kind, hashed every size in stock to meet the sales: 40 ms more of 270 (ADR 062).
  // The products not on sale are the few that products_not_active_idx finds: every size belongs to a product.
  return sql`WITH ${soldIn(span)}, lead AS MATERIALIZED (
      SELECT ps.product_id, ps.size_id, greatest(ps.stock - ps.reserved, 0) AS stock, coalesce(sd.units, 0) AS sold,
        CASE WHEN sd.units IS NULL THEN NULL ELSE greatest(ps.stock - ps.reserved, 0)::float8 * ${days} / sd.units END
          AS days_of_cover,
        ps.stock <= ps.reserved AS sold_out,
        (ps.stock > ps.reserved AND sd.units IS NOT NULL
          AND (ps.stock - ps.reserved)::float8 * ${days} / sd.units <= ${SELLING_OUT_DAYS}) AS selling_out
      FROM product_sizes ps LEFT JOIN sold sd ON sd.product_id = ps.product_id AND sd.size_id = ps.size_id
      WHERE (ps.stock <= ps.reserved OR sd.units IS NOT NULL)
        AND ps.product_id NOT IN (SELECT p.id FROM products p WHERE p.status <> 'active')
    )`;
}

const ONLY: Record<Only, SQL> = { all: sql`TRUE`, sold_out: sql`sold_out`, selling_out: sql`selling_out` };

type Counted = StockFigures & { lead: number };

/** The lead sizes' page, with the shop's counts; `total` counts every size on sale when all are shown. */
async function leadPage(db: Queryable, span: Span, days: number, query: Page): Promise<Counted[]> {
  // Every size belongs to a product and a size (foreign keys), so those on sale are every size less the sizes of the
  // few products not on sale: two counts through narrow indexes, not a join of every size with every product.
  const all = sql`((SELECT count(*) FROM product_sizes)
    - (SELECT count(*) FROM products p JOIN product_sizes ps ON ps.product_id = p.id WHERE p.status <> 'active'))`;
  const order = sql`sold_out DESC, days_of_cover ASC NULLS LAST`;
  const offset = (query.page - 1) * query.per_page;
  // The page's names are read for the rows up to its end and those tied with its last by the first two keys (WITH
  // TIES), rather than for all 43,581 lead sizes of the 50,000-product shop: page 1 over 30 days reads 2,542 names,
  // the sold-out sizes that sold (every one with no days of cover left), which then sort by name (ADR 062, fourth
  // pass).
  return rowsOf<Counted>(
    await db.execute(sql`${leadSizes(span, days)}, counts AS (
        SELECT (count(*) FILTER (WHERE sold_out))::int AS sold_out_sizes,
          (count(*) FILTER (WHERE selling_out))::int AS selling_out_sizes,
          (count(*) FILTER (WHERE ${ONLY[query.only]}))::int AS lead,
          (${query.only === 'all' ? all : sql`count(*) FILTER (WHERE ${ONLY[query.only]})`})::int AS total
        FROM lead
      ), near AS (
        SELECT * FROM lead WHERE ${ONLY[query.only]} ORDER BY ${order}
        FETCH FIRST (${offset + query.per_page}) ROWS WITH TIES
      ), page AS (
        SELECT n.product_id, p.name, z.label AS size, n.stock, n.sold, n.days_of_cover, n.sold_out, n.selling_out
        FROM near n JOIN products p ON p.id = n.product_id JOIN sizes z ON z.id = n.size_id
        ORDER BY ${order}, lower(p.name), n.product_id, z.sort_order, z.label
        LIMIT ${query.per_page} OFFSET ${offset}
      )
      SELECT page.*, sold_out_sizes, selling_out_sizes, total, lead FROM counts LEFT JOIN page ON TRUE`),
  );
}

/** The sizes after the lead (in stock, none sold in the span), by name and the sizes' order: only past the lead. */
async function restPage(db: Queryable, span: Span, offset: number, limit: number) {
  return rowsOf<Omit<StockFigures, 'total' | 'sold_out_sizes' | 'selling_out_sizes'>>(
    await db.execute(sql`WITH ${soldIn(span)},
      active AS MATERIALIZED (SELECT p.id, p.name FROM products p WHERE p.status = 'active')
      SELECT ps.product_id, a.name, z.label AS size, ps.stock - ps.reserved AS stock, 0 AS sold,
        NULL::float8 AS days_of_cover, FALSE AS sold_out, FALSE AS selling_out
      FROM product_sizes ps JOIN active a ON a.id = ps.product_id JOIN sizes z ON z.id = ps.size_id
      WHERE ps.stock > ps.reserved
        AND NOT EXISTS (SELECT 1 FROM sold sd WHERE sd.product_id = ps.product_id AND sd.size_id = ps.size_id)
      ORDER BY lower(a.name), ps.product_id, z.sort_order, z.label
      LIMIT ${limit} OFFSET ${offset}`),
  );
}

/**
 * A page of the stock report without a search, as `stockPage` answers it, read from the lead sizes first: on 50,000
 * products they are about a quarter of the 200,000 sizes, and the first pages (the sold out, then the fewest days of
 * cover) are all among them. A page past them reads the rest in name order.
 */
export async function stockPageByLead(db: Queryable, span: Span, days: number, query: Page): Promise<StockFigures[]> {
  const found = await leadPage(db, span, days, query);
  const counts = found[0] as Counted;
  const rows: StockFigures[] = found.filter((row) => row.product_id !== null).map(({ lead: _lead, ...row }) => row);
  const offset = (query.page - 1) * query.per_page;
  if (query.only !== 'all' || rows.length === query.per_page || offset + rows.length >= counts.total) return rows;
  const rest = await restPage(db, span, Math.max(0, offset - counts.lead), query.per_page - rows.length);
  const shared = {
    total: counts.total,
    sold_out_sizes: counts.sold_out_sizes,
    selling_out_sizes: counts.selling_out_sizes,
  };
  return [...rows, ...rest.map((row) => ({ ...row, ...shared }))];
}
