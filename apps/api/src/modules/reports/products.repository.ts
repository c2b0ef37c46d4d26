import type { ProductReportSort } from '@kapaas/contract';
import { type Queryable, type SQL, sql } from '@kapaas/db';
import { rowsOf } from '../../lib/person';
import { onDaysOf, type Period } from './period';
import { askedIn } from './returns.repository';

/** A row of the products report as the query answers it, before rates are worked out. */
export interface ProductFigures {
  key: number;
  name: string;
  category: string | null;
  views: number;
  add_to_carts: number;
  checkouts: number;
  orders: number;
  units: number;
  revenue: string;
  returns: number;
  exchanges: number;
  rating_sum: number;
  rating_count: number;
  runs_small: number;
  true_to_size: number;
  runs_large: number;
  total: number;
}

/**
 * The figures of the period keyed by product or category, each aggregated in SQL once: the sales, then the funnel and
 * the returns.
 */
function activity(period: Period, by: 'product' | 'category'): SQL {
  return sql`${salesOf(period, by)}, ${engagementOf(period, by)}`;
}

/**
 * The period's sales per product or category (`sold_lines`), from the daily aggregates per product or per category
 * (ADR 062), which count an order once per product and once per category, and a line's revenue after the order's
 * coupon and prepaid discount, shared over its lines by value (as the GST invoice shares a discount); a key whose
 * orders were all taken back out (a COD order cancelled) has none. Per product, `only` narrows them to some products.
 */
function salesOf(period: Period, by: 'product' | 'category', only: (productId: SQL) => SQL = () => sql`TRUE`): SQL {
  const sold =
    by === 'product'
      ? sql`SELECT d.product_id AS key, d.orders, d.units, d.revenue_paise FROM report_daily_products d
          WHERE ${onDaysOf(sql`d.day`, period.span)} AND ${only(sql`d.product_id`)}`
      : sql`SELECT d.category_id AS key, d.orders, d.units, d.revenue_paise FROM report_daily_categories d
          WHERE ${onDaysOf(sql`d.day`, period.span)}`;
  return sql`
    sold_lines AS (
      SELECT d.key, sum(d.orders)::int AS orders, sum(d.units)::int AS units,
        coalesce(sum(d.revenue_paise), 0)::bigint AS revenue
      FROM (${sold}) d
      GROUP BY 1 HAVING sum(d.orders) > 0
    )`;
}

/** Whether the funnel's row `f` counts a day of the period (India's days, as the funnel keeps them). */
const funnelDays = (period: Period): SQL => sql`f.day >= ${period.from}::date AND f.day <= ${period.to}::date`;

/**
 * The period's funnel (`funnel`) and pieces asked back (`came_back`) per product or category. `only` narrows both to
 * some products (a test of the row's product id) where the page's keys are already known.
 */
function engagementOf(
  period: Period,
  by: 'product' | 'category',
  only: (productId: SQL) => SQL = () => sql`TRUE`,
): SQL {
  const { span } = period;
  const key = by === 'product' ? sql`p.id` : sql`p.category_id`;
  // Per product the funnel's and the returns' own product ids are the key; only per category is the product read (a
  // join that read the whole catalogue again for nothing, ADR 062 third pass).
  const toProducts = (productId: SQL) => (by === 'product' ? sql`` : sql`JOIN products p ON p.id = ${productId}`);
  return sql`
    funnel AS (
      SELECT ${by === 'product' ? sql`f.product_id` : key} AS key, sum(f.views)::int AS views,
        sum(f.add_to_carts)::int AS add_to_carts, sum(f.checkouts)::int AS checkouts
      FROM funnel_counts f ${toProducts(sql`f.product_id`)}
      WHERE ${funnelDays(period)} AND ${only(sql`f.product_id`)}
      GROUP BY 1
    ), came_back AS (
      SELECT ${by === 'product' ? sql`l.product_id` : key} AS key,
        (coalesce(sum(l.quantity) FILTER (WHERE l.kind = 'return'), 0))::int AS returns,
        (coalesce(sum(l.quantity) FILTER (WHERE l.kind = 'exchange'), 0))::int AS exchanges
      FROM return_lines l JOIN return_requests r ON r.id = l.return_id ${toProducts(sql`l.product_id`)}
      WHERE ${askedIn(span)} AND ${only(sql`l.product_id`)}
      GROUP BY 1
    )`;
}

/** The figures' columns, from the three aggregates joined on `x.key`. */
const FIGURES = sql.raw(`coalesce(f.views, 0) AS views, coalesce(f.add_to_carts, 0) AS add_to_carts,
  coalesce(f.checkouts, 0) AS checkouts, coalesce(sl.orders, 0) AS orders, coalesce(sl.units, 0) AS units,
  coalesce(sl.revenue, 0) AS revenue, coalesce(b.returns, 0) AS returns, coalesce(b.exchanges, 0) AS exchanges`);
const JOINS = sql.raw(`LEFT JOIN sold_lines sl ON sl.key = x.key LEFT JOIN funnel f ON f.key = x.key
  LEFT JOIN came_back b ON b.key = x.key`);
/** A product's row from `x` (key, name, category_id): its category, the figures, and its rating and fit (all time). */
const PRODUCT_ROW = sql`x.key, x.name, c.name AS category, ${FIGURES},
  coalesce(rs.rating_sum, 0) AS rating_sum, coalesce(rs.count, 0) AS rating_count,
  coalesce(rs.runs_small, 0) AS runs_small, coalesce(rs.true_to_size, 0) AS true_to_size,
  coalesce(rs.runs_large, 0) AS runs_large`;
/** What PRODUCT_ROW reads beside `x`. */
const PRODUCT_JOINS = sql`LEFT JOIN categories c ON c.id = x.category_id
  LEFT JOIN review_stats rs ON rs.product_id = x.key ${JOINS}`;
/** A row with any figure in the period (kept even when its product is archived). */
const ACTIVE = sql.raw('(sl.key IS NOT NULL OR f.key IS NOT NULL OR b.key IS NOT NULL)');

/**
 * Every product on sale or with figures in the period, with its category, rating and fit (all time). Those on sale
 * are read from products_active_name_idx alone (id, name, category: an index-only scan once vacuumed, a tenth of the
 * table's pages), the few not on sale through products_not_active_idx (ADR 062, third pass).
 */
function perProduct(period: Period, search: SQL | undefined): SQL {
  // With a search, the matching products are found first and every figure is read for them alone.
  const matched = search ? sql`matched AS MATERIALIZED (SELECT * FROM ${NAMED} x WHERE ${search}), ` : sql``;
  const only = search ? (productId: SQL) => sql`${productId} IN (SELECT key FROM matched)` : undefined;
  return sql`WITH ${matched}${salesOf(period, 'product', only)}, ${engagementOf(period, 'product', only)}, rows AS (
      SELECT ${PRODUCT_ROW}
      FROM ${search ? sql`matched` : NAMED} x
      ${PRODUCT_JOINS}
      WHERE (x.on_sale OR ${ACTIVE})
    )`;
}

/** Every category, its products' figures summed (an order holding two of its products counts once). */
function perCategory(period: Period, search: SQL): SQL {
  return sql`WITH ${activity(period, 'category')}, ratings AS (
      SELECT p.category_id AS key, sum(rs.rating_sum)::int AS rating_sum, sum(rs.count)::int AS rating_count,
        sum(rs.runs_small)::int AS runs_small, sum(rs.true_to_size)::int AS true_to_size,
        sum(rs.runs_large)::int AS runs_large
      FROM review_stats rs JOIN products p ON p.id = rs.product_id GROUP BY 1
    ), rows AS (
      SELECT x.key, c.name, NULL::text AS category, ${FIGURES},
        coalesce(r.rating_sum, 0) AS rating_sum, coalesce(r.rating_count, 0) AS rating_count,
        coalesce(r.runs_small, 0) AS runs_small, coalesce(r.true_to_size, 0) AS true_to_size,
        coalesce(r.runs_large, 0) AS runs_large
      FROM (SELECT c.id AS key FROM categories c) x JOIN categories c ON c.id = x.key
      LEFT JOIN ratings r ON r.key = x.key ${JOINS}
      WHERE ${search}
    )`;
}

/** The ORDER BY of a sort: largest first, `-` smallest first; names A–Z, `-name` Z–A; ties by name. */
function orderOf(sort: ProductReportSort): SQL {
  const descending = !sort.startsWith('-');
  const column = sort.replace(/^-/, '');
  const expression: Record<string, string> = {
    conversion: 'CASE WHEN views = 0 THEN NULL ELSE orders::float8 / views END',
    return_rate: 'CASE WHEN units = 0 THEN NULL ELSE (returns + exchanges)::float8 / units END',
    name: 'lower(name)',
  };
  const by = expression[column] ?? column;
  const direction = column === 'name' ? (descending ? 'ASC' : 'DESC') : descending ? 'DESC' : 'ASC';
  return sql.raw(`${by} ${direction} NULLS LAST, lower(name), key`);
}

/**
 * The search on `column` (`%text%` for ILIKE, the text's own wildcards taken literally), or nothing to test without
 * one: matching '%%' against 50,000 names cost a pass of its own.
 */
const contains = (column: SQL, text: string | undefined): SQL =>
  text ? sql`${column} ILIKE ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql`TRUE`;

/**
 * For a sort by a figure, largest first: the aggregate whose keys hold every row where that figure is above nothing,
 * and the test of that. Those rows come first, in the same order as over every product; the rest tie at zero (or
 * nothing) and follow by name.
 */
const LEADS: Partial<Record<ProductReportSort, { keys: string; above: string }>> = {
  revenue: { keys: 'sold_lines', above: 'revenue > 0' },
  orders: { keys: 'sold_lines', above: 'orders > 0' },
  units: { keys: 'sold_lines', above: 'units > 0' },
  conversion: { keys: 'sold_lines', above: 'views > 0 AND orders > 0' },
  views: { keys: 'funnel', above: 'views > 0' },
  add_to_carts: { keys: 'funnel', above: 'add_to_carts > 0' },
  returns: { keys: 'came_back', above: 'returns > 0' },
  return_rate: { keys: 'came_back', above: 'units > 0 AND returns + exchanges > 0' },
};

/** The products on sale from products_active_name_idx alone, and the few others (ADR 062, third pass). */
const NAMED = sql.raw(`(SELECT p.id AS key, p.name, p.category_id, TRUE AS on_sale FROM products p
  WHERE p.status = 'active'
  UNION ALL SELECT p.id, p.name, p.category_id, FALSE FROM products p WHERE p.status <> 'active')`);

/**
 * The page of a sort by a figure, largest first, read from the products with that figure alone (revenue over 30 days:
 * 14,154 of 50,093 products) when the page lies among them, as the stock report pages its lead sizes (ADR 062, third
 * pass); `total` still counts every row the whole report has. Undefined when the page lies past them.
 */
async function leadPage(db: Queryable, period: Period, query: Page): Promise<ProductFigures[] | undefined> {
  const lead = LEADS[query.sort];
  // With a search the whole report is already narrowed by name, and counting its total twice cost more than it saved.
  if (!lead || query.by !== 'product' || query.q) return undefined;
  if (SOLD_SORTS.has(query.sort)) return soldLeadPage(db, period, query, lead.above);
  const offset = (query.page - 1) * query.per_page;
  const rows = rowsOf<ProductFigures & { lead: number }>(
    await db.execute(sql`WITH ${activity(period, 'product')}, rows AS (
        SELECT ${PRODUCT_ROW}
        FROM ${sql.raw(lead.keys)} k JOIN ${NAMED} x ON x.key = k.key
        ${PRODUCT_JOINS}
      ), lead AS (SELECT * FROM rows WHERE ${sql.raw(lead.above)}),
      counted AS (
        SELECT (SELECT count(*) FROM lead)::int AS lead,
          ((SELECT count(*) FROM products p WHERE p.status = 'active')
            + (SELECT count(*) FROM products p WHERE p.status <> 'active' AND (p.id IN (SELECT key FROM sold_lines)
              OR p.id IN (SELECT key FROM funnel) OR p.id IN (SELECT key FROM came_back))))::int AS total
      )
      SELECT lead.*, counted.total, counted.lead FROM counted LEFT JOIN LATERAL (SELECT * FROM lead
        ORDER BY ${orderOf(query.sort)} LIMIT ${query.per_page} OFFSET ${offset}) lead ON TRUE`),
  );
  return withinLead(rows, offset, query.per_page);
}

/**
 * The sorts by a figure of the daily sales (and conversion, which also needs the views of the products that sold):
 * their page is found before any other figure is read.
 */
const SOLD_SORTS: ReadonlySet<ProductReportSort> = new Set(['revenue', 'orders', 'units', 'conversion']);

/**
 * The rows over every page: every product on sale, and those not on sale with a figure in the period (sold, viewed or
 * asked back), found for those few products alone.
 */
function totalOf(period: Period): SQL {
  return sql`((SELECT count(*) FROM products p WHERE p.status = 'active')
    + (SELECT count(*) FROM products p WHERE p.status <> 'active' AND (p.id IN (SELECT key FROM sold_lines)
      OR EXISTS (SELECT 1 FROM funnel_counts f WHERE f.product_id = p.id AND ${funnelDays(period)})
      OR EXISTS (SELECT 1 FROM return_lines l JOIN return_requests r ON r.id = l.return_id WHERE l.product_id = p.id
        AND ${askedIn(period.span)}))))::int`;
}

/**
 * The page of a sort by revenue, orders, units or conversion, largest first. Those figures are in the daily sales (and
 * for conversion the views of the products that sold), so the page's products are found from the sales and the names
 * alone, and the funnel, returns, ratings and categories are read for those products only. The whole period's funnel
 * was about 29,000 products' views over 30 days: a third of the call (ADR 062, fourth pass).
 */
async function soldLeadPage(
  db: Queryable,
  period: Period,
  query: Page,
  above: string,
): Promise<ProductFigures[] | undefined> {
  const offset = (query.page - 1) * query.per_page;
  const order = orderOf(query.sort);
  // Conversion also needs the views, of the products that sold alone.
  const viewed = query.sort === 'conversion';
  const seen = viewed
    ? sql`, seen AS (
        SELECT f.product_id AS key, sum(f.views)::int AS views FROM funnel_counts f
        WHERE ${funnelDays(period)} AND f.product_id IN (SELECT key FROM sold_lines)
        GROUP BY 1
      )`
    : sql``;
  const rows = rowsOf<ProductFigures & { lead: number }>(
    await db.execute(sql`WITH ${salesOf(period, 'product')}${seen}, lead AS (
        SELECT k.key, x.name, x.category_id, k.orders, k.units, k.revenue${viewed ? sql`, s.views` : sql``}
        FROM sold_lines k JOIN ${NAMED} x ON x.key = k.key ${viewed ? sql`JOIN seen s ON s.key = k.key` : sql``}
        WHERE ${sql.raw(above)}
      ), page AS (SELECT * FROM lead ORDER BY ${order} LIMIT ${query.per_page} OFFSET ${offset}),
      ${engagementOf(period, 'product', (productId) => sql`${productId} IN (SELECT key FROM page)`)}, rows AS (
        SELECT ${PRODUCT_ROW}
        FROM page x
        ${PRODUCT_JOINS}
      ), counted AS (SELECT (SELECT count(*) FROM lead)::int AS lead, ${totalOf(period)} AS total)
      SELECT rows.*, counted.total, counted.lead FROM counted LEFT JOIN LATERAL (SELECT * FROM rows
        ORDER BY ${order}) rows ON TRUE`),
  );
  return withinLead(rows, offset, query.per_page);
}

/** A lead page's rows without their `lead` count, or undefined when the page does not lie wholly among the lead. */
function withinLead<T extends { lead: number }>(rows: T[], offset: number, perPage: number) {
  const first = rows[0];
  if (!first || offset + perPage > first.lead) return undefined;
  return rows.map(({ lead: _lead, ...row }) => row);
}

type Page = {
  by: 'product' | 'category';
  sort: ProductReportSort;
  q?: string | undefined;
  page: number;
  per_page: number;
};

/**
 * One page of the products report, sorted, with the number of rows over every page: from the products with the
 * sorted figure when the page lies among them, else from every product.
 */
export async function productFigures(db: Queryable, period: Period, query: Page): Promise<ProductFigures[]> {
  return (await leadPage(db, period, query)) ?? (await productFiguresWhole(db, period, query));
}

/** productFigures from every product: past the lead, for the other sorts and per category, and in the tests. */
export async function productFiguresWhole(db: Queryable, period: Period, query: Page): Promise<ProductFigures[]> {
  const rows =
    query.by === 'product'
      ? perProduct(period, query.q ? contains(sql`x.name`, query.q) : undefined)
      : perCategory(period, contains(sql`c.name`, query.q));
  // The rows over every page in one count beside the page, rather than a window over every row.
  return rowsOf<ProductFigures>(
    await db.execute(sql`${rows}
      SELECT rows.*, counted.total FROM rows CROSS JOIN (SELECT count(*)::int AS total FROM rows) counted
      ORDER BY ${orderOf(query.sort)}
      LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`),
  );
}
