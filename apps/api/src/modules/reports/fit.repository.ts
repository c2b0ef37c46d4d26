import { FIT_SUMMARY_MIN_ANSWERS, type FitReportSort } from '@kapaas/contract';
import { type Queryable, type SQL, sql } from '@kapaas/db';
import { rowsOf } from '../../lib/person';
import { at, type Period } from './period';
import { soldWithin } from './sold';

/** The counts of a product or size as the query answers them, before rates are worked out (ADR 061). */
export interface FitCountsRow {
  delivered: number;
  returned: number;
  exchanged: number;
  too_small: number;
  too_big: number;
  runs_small: number;
  true_to_size: number;
  runs_large: number;
  advices: number;
  advice_bought: number;
  advice_kept: number;
}

export interface FitSizeCounts extends FitCountsRow {
  size_id: number;
  size: string;
}

export interface FitProductCounts extends FitCountsRow {
  key: number;
  name: string;
  category_id: number | null;
  category: string | null;
  total: number;
  sizes: FitSizeCounts[];
}

/** The reasons that say the size was wrong (the return form's `too_small` and `too_big`). */
const SIZE_REASONS = sql.raw(`('too_small', 'too_big')`);

/**
 * Per product and size: the delivered pieces of the orders sold in the period, those pieces asked back for a size
 * reason (requests not rejected, whenever asked), and the "find my size" advice carried to those lines (bought) and
 * kept (delivered, no piece of the line asked back for any reason).
 */
function lineFigures(period: Period): SQL {
  return sql`
    lines AS (
      SELECT i.id, i.product_id, i.size_id, i.quantity, i.size_advice_id, o.status = 'delivered' AS delivered
      FROM orders o JOIN order_items i ON i.order_id = o.id
      WHERE ${soldWithin(period.span)}
    ), asked AS (
      SELECT l.order_item_id,
        (coalesce(sum(l.quantity) FILTER (WHERE l.kind = 'return' AND l.reason IN ${SIZE_REASONS}), 0))::int AS returned,
        (coalesce(sum(l.quantity) FILTER (WHERE l.kind = 'exchange' AND l.reason IN ${SIZE_REASONS}), 0))::int
          AS exchanged,
        (coalesce(sum(l.quantity) FILTER (WHERE l.reason = 'too_small'), 0))::int AS too_small,
        (coalesce(sum(l.quantity) FILTER (WHERE l.reason = 'too_big'), 0))::int AS too_big
      FROM return_lines l JOIN return_requests r ON r.id = l.return_id
      WHERE r.status <> 'rejected' AND l.order_item_id IN (SELECT id FROM lines WHERE delivered)
      GROUP BY 1
    ), line_sizes AS (
      SELECT n.product_id, n.size_id, (coalesce(sum(n.quantity) FILTER (WHERE n.delivered), 0))::int AS delivered,
        (coalesce(sum(a.returned), 0))::int AS returned, (coalesce(sum(a.exchanged), 0))::int AS exchanged,
        (coalesce(sum(a.too_small), 0))::int AS too_small, (coalesce(sum(a.too_big), 0))::int AS too_big,
        (count(DISTINCT n.size_advice_id))::int AS advice_bought,
        (count(DISTINCT n.size_advice_id) FILTER (WHERE n.delivered AND a.order_item_id IS NULL))::int AS advice_kept
      FROM lines n LEFT JOIN asked a ON a.order_item_id = n.id
      GROUP BY 1, 2
    ), advised AS (
      SELECT v.product_id, v.size_id, count(*)::int AS advices FROM size_advices v
      WHERE v.created_at >= ${at(period.span.from)} AND v.created_at < ${at(period.span.to)} AND v.size_id IS NOT NULL
      GROUP BY 1, 2
    ), by_size AS (
      SELECT coalesce(ls.product_id, ad.product_id) AS product_id, coalesce(ls.size_id, ad.size_id) AS size_id,
        coalesce(ls.delivered, 0) AS delivered, coalesce(ls.returned, 0) AS returned,
        coalesce(ls.exchanged, 0) AS exchanged, coalesce(ls.too_small, 0) AS too_small,
        coalesce(ls.too_big, 0) AS too_big, coalesce(ad.advices, 0) AS advices,
        coalesce(ls.advice_bought, 0) AS advice_bought, coalesce(ls.advice_kept, 0) AS advice_kept
      FROM line_sizes ls FULL JOIN advised ad ON ad.product_id = ls.product_id AND ad.size_id = ls.size_id
      WHERE coalesce(ls.delivered, 0) + coalesce(ad.advices, 0) + coalesce(ls.advice_bought, 0) > 0
    ), by_product AS (
      SELECT product_id, sum(delivered)::int AS delivered, sum(returned)::int AS returned,
        sum(exchanged)::int AS exchanged, sum(too_small)::int AS too_small, sum(too_big)::int AS too_big,
        sum(advices)::int AS advices, sum(advice_bought)::int AS advice_bought, sum(advice_kept)::int AS advice_kept
      FROM by_size GROUP BY 1
    )`;
}

/**
 * Every product with a figure in the period, or enough fit answers for the product page's fit summary (a product its
 * reviews call small shows whatever the period), with its reviews' fit (all time, as the page shows it).
 */
function productRows(search: SQL): SQL {
  // The products on sale from products_active_name_idx alone, the rest through products_not_active_idx (ADR 062).
  return sql`rows AS (
      SELECT p.key, p.name, p.category_id, c.name AS category,
        coalesce(b.delivered, 0) AS delivered, coalesce(b.returned, 0) AS returned,
        coalesce(b.exchanged, 0) AS exchanged, coalesce(b.too_small, 0) AS too_small,
        coalesce(b.too_big, 0) AS too_big, coalesce(b.advices, 0) AS advices,
        coalesce(b.advice_bought, 0) AS advice_bought, coalesce(b.advice_kept, 0) AS advice_kept,
        coalesce(rs.runs_small, 0) AS runs_small, coalesce(rs.true_to_size, 0) AS true_to_size,
        coalesce(rs.runs_large, 0) AS runs_large
      FROM (SELECT id AS key, name, category_id FROM products WHERE status = 'active'
        UNION ALL SELECT id, name, category_id FROM products WHERE status <> 'active') p
      LEFT JOIN by_product b ON b.product_id = p.key
      LEFT JOIN review_stats rs ON rs.product_id = p.key LEFT JOIN categories c ON c.id = p.category_id
      WHERE (b.product_id IS NOT NULL
          OR coalesce(rs.runs_small + rs.true_to_size + rs.runs_large, 0) >= ${FIT_SUMMARY_MIN_ANSWERS})
        AND ${search}
    )`;
}

/** A sort's figure and direction: largest first, `-` smallest first; names A–Z, `-name` Z–A. */
function keyOf(sort: FitReportSort): { figure: string; direction: 'ASC' | 'DESC' } {
  const descending = !sort.startsWith('-');
  const column = sort.replace(/^-/, '');
  const expression: Record<string, string> = {
    size_return_rate: 'CASE WHEN delivered = 0 THEN NULL ELSE (returned + exchanged)::float8 / delivered END',
    advice_kept_share: 'CASE WHEN advices = 0 THEN NULL ELSE advice_kept::float8 / advices END',
    name: 'lower(name)',
  };
  const direction = column === 'name' ? (descending ? 'ASC' : 'DESC') : descending ? 'DESC' : 'ASC';
  return { figure: expression[column] ?? column, direction };
}

/** The ORDER BY of a sort: its figure, then ties by name. */
function orderOf(sort: FitReportSort): SQL {
  const { figure, direction } = keyOf(sort);
  return sql.raw(`${figure} ${direction} NULLS LAST, lower(name), key`);
}

/**
 * A page's sizes: those with a figure in the period, and those the published reviews (all time) speak of, with the
 * reviews' fit by the size of the line each review is of. Gathered into one JSON array per product once for the whole
 * page: a subquery per product scanned the period's sizes again for each (20 × 12,909 rows, about 60 ms of a 230 ms
 * call on the 100,000-order shop: ADR 062, fourth pass).
 */
const PAGE_SIZES = sql.raw(`review_sizes AS (
      SELECT v.product_id, i.size_id, (count(*) FILTER (WHERE v.fit = 'runs_small'))::int AS runs_small,
        (count(*) FILTER (WHERE v.fit = 'true_to_size'))::int AS true_to_size,
        (count(*) FILTER (WHERE v.fit = 'runs_large'))::int AS runs_large
      FROM reviews v JOIN order_items i ON i.id = v.order_item_id
      WHERE v.hidden_at IS NULL AND v.product_id IN (SELECT key FROM page)
      GROUP BY 1, 2
    ), page_sizes AS (
      SELECT coalesce(b.product_id, r.product_id) AS product_id, coalesce(b.size_id, r.size_id) AS size_id,
        z.label AS size, z.sort_order, coalesce(b.delivered, 0) AS delivered, coalesce(b.returned, 0) AS returned,
        coalesce(b.exchanged, 0) AS exchanged, coalesce(b.too_small, 0) AS too_small,
        coalesce(b.too_big, 0) AS too_big, coalesce(b.advices, 0) AS advices,
        coalesce(b.advice_bought, 0) AS advice_bought, coalesce(b.advice_kept, 0) AS advice_kept,
        coalesce(r.runs_small, 0) AS runs_small, coalesce(r.true_to_size, 0) AS true_to_size,
        coalesce(r.runs_large, 0) AS runs_large
      FROM (SELECT * FROM by_size WHERE product_id IN (SELECT key FROM page)) b
      FULL JOIN review_sizes r ON r.product_id = b.product_id AND r.size_id = b.size_id
      JOIN sizes z ON z.id = coalesce(b.size_id, r.size_id)
    ), page_sized AS (
      SELECT s.product_id, json_agg(json_build_object('size_id', s.size_id, 'size', s.size, 'delivered', s.delivered,
          'returned', s.returned, 'exchanged', s.exchanged, 'too_small', s.too_small, 'too_big', s.too_big,
          'runs_small', s.runs_small, 'true_to_size', s.true_to_size, 'runs_large', s.runs_large,
          'advices', s.advices, 'advice_bought', s.advice_bought, 'advice_kept', s.advice_kept)
          ORDER BY s.sort_order, s.size) AS sizes
      FROM page_sizes s GROUP BY 1
    )`);

/** The search on the name (`%text%` for ILIKE, its own wildcards taken literally), or nothing to test without one. */
const contains = (text: string | undefined): SQL =>
  text ? sql`p.name ILIKE ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql`TRUE`;

/**
 * For a sort by a figure, largest first: the test of a product's period figures that puts it before every row without
 * them. A row with none of them (no piece delivered, no advice) has the figure 0 or none, as every product that has
 * only its reviews' fit.
 */
const LEADS: Partial<Record<FitReportSort, string>> = {
  size_return_rate: 'delivered > 0',
  delivered: 'delivered > 0',
  advices: 'advices > 0',
  advice_kept_share: 'advices > 0',
};

/** The page's rows as `fitFigures` answers them, with their sizes. */
const WITH_SIZES = (order: SQL): SQL => sql`${PAGE_SIZES}
      SELECT page.*, coalesce(ps.sizes, '[]'::json) AS sizes
      FROM page LEFT JOIN page_sized ps ON ps.product_id = page.key ORDER BY ${order}`;

/**
 * The page of a sort by a figure, largest first, read from the products with that figure (a piece delivered, or an
 * advice) when the page lies among them. Their names are read for the rows up to the page's end and those tied with
 * its last by the figure (FETCH FIRST … WITH TIES), not for every product on sale; `total` counts the products with
 * a figure or enough fit answers, every one of which is a product (foreign keys). Undefined when the page lies past
 * them, or with a search (ADR 062, fourth pass).
 */
async function leadPage(db: Queryable, period: Period, query: FitPage): Promise<FitProductCounts[] | undefined> {
  const above = LEADS[query.sort];
  if (!above || query.q) return undefined;
  const { figure, direction } = keyOf(query.sort);
  const order = orderOf(query.sort);
  const offset = (query.page - 1) * query.per_page;
  const rows = rowsOf<FitProductCounts & { lead: number }>(
    await db.execute(sql`WITH ${lineFigures(period)},
      lead AS (SELECT b.product_id AS key, b.* FROM by_product b WHERE ${sql.raw(above)}),
      near AS (
        SELECT * FROM lead ORDER BY ${sql.raw(`${figure} ${direction} NULLS LAST`)}
        FETCH FIRST (${offset + query.per_page}) ROWS WITH TIES
      ), counted AS (
        SELECT (SELECT count(*) FROM lead)::int AS lead, (SELECT count(*) FROM (SELECT product_id FROM by_product
          UNION SELECT product_id FROM review_stats
          WHERE runs_small + true_to_size + runs_large >= ${FIT_SUMMARY_MIN_ANSWERS}) k)::int AS total
      ), named AS (
        SELECT n.key, p.name, p.category_id, c.name AS category, n.delivered, n.returned, n.exchanged, n.too_small,
          n.too_big, n.advices, n.advice_bought, n.advice_kept, coalesce(rs.runs_small, 0) AS runs_small,
          coalesce(rs.true_to_size, 0) AS true_to_size, coalesce(rs.runs_large, 0) AS runs_large, counted.total,
          counted.lead
        FROM near n JOIN products p ON p.id = n.key CROSS JOIN counted
        LEFT JOIN review_stats rs ON rs.product_id = n.key LEFT JOIN categories c ON c.id = p.category_id
      ), page AS (SELECT * FROM named ORDER BY ${order} LIMIT ${query.per_page} OFFSET ${offset}),
      ${WITH_SIZES(order)}`),
  );
  const first = rows[0];
  if (!first || offset + query.per_page > first.lead) return undefined;
  return rows.map(({ lead: _lead, ...row }) => row);
}

type FitPage = { sort: FitReportSort; q?: string | undefined; page: number; per_page: number };

/**
 * One page of the fit report's products, sorted, each with its sizes, and the number of rows over every page: from
 * the products with the sorted figure when the page lies among them, else from every product.
 */
export async function fitFigures(db: Queryable, period: Period, query: FitPage): Promise<FitProductCounts[]> {
  return (await leadPage(db, period, query)) ?? (await fitFiguresWhole(db, period, query));
}

/** fitFigures from every product: past the lead, for the other sorts and with a search, and in the tests. */
export async function fitFiguresWhole(db: Queryable, period: Period, query: FitPage): Promise<FitProductCounts[]> {
  const order = orderOf(query.sort);
  return rowsOf<FitProductCounts>(
    await db.execute(sql`WITH ${lineFigures(period)}, ${productRows(contains(query.q))},
      page AS (
        SELECT *, (count(*) OVER ())::int AS total FROM rows
        ORDER BY ${order} LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}
      ), ${WITH_SIZES(order)}`),
  );
}
