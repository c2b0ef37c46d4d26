import type { ProductReportRow, ProductsReport, ProductsReportQuery } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { paiseToRupees } from '../../lib/money';
import { periodOf, rate } from './period';
import { type ProductFigures, productFigures } from './products.repository';

function rowOf(figures: ProductFigures, by: 'product' | 'category'): ProductReportRow {
  const units = figures.units;
  return {
    product_id: by === 'product' ? figures.key : null,
    name: figures.name,
    category: figures.category,
    views: figures.views,
    add_to_carts: figures.add_to_carts,
    checkouts: figures.checkouts,
    orders: figures.orders,
    units,
    revenue: paiseToRupees(Number(figures.revenue)),
    conversion: rate(figures.orders, figures.views),
    returns: figures.returns,
    exchanges: figures.exchanges,
    return_rate: rate(figures.returns + figures.exchanges, units),
    rating: figures.rating_count === 0 ? null : Math.round((figures.rating_sum / figures.rating_count) * 100) / 100,
    fit: { runs_small: figures.runs_small, true_to_size: figures.true_to_size, runs_large: figures.runs_large },
  };
}

/** GET /admin/api/reports/products: per product (or category), the funnel, sales, returns, rating and fit. */
export async function productsReport(db: Queryable, query: ProductsReportQuery): Promise<ProductsReport> {
  const period = periodOf(query.from, query.to);
  const rows = await productFigures(db, period, query);
  return {
    from: period.from,
    to: period.to,
    previous_from: period.previous.from,
    previous_to: period.previous.to,
    by: query.by,
    rows: rows.map((row) => rowOf(row, query.by)),
    page: query.page,
    per_page: query.per_page,
    total: rows[0]?.total ?? 0,
  };
}
