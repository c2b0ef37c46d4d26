import type { StockReport, StockReportQuery } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { shopToday } from '../../lib/shop-day';
import { addDays, daysBetween, rate, spanOf } from './period';
import { stockCounts, stockPage } from './stock.repository';

/** The pace is taken over the last 30 days (today included) unless the query gives a period. */
export const STOCK_PACE_DAYS = 30;

/** GET /admin/api/reports/stock: units left per size, sell-through, days of cover, sold out and selling out. */
export async function stockReport(db: Queryable, query: StockReportQuery, now = new Date()): Promise<StockReport> {
  const to = query.to ?? shopToday(now);
  const from = query.from ?? addDays(to, -(STOCK_PACE_DAYS - 1));
  const days = daysBetween(from, to);
  const span = spanOf(from, to);
  const rows = await stockPage(db, span, days, query);
  const first = rows[0];
  const counts = first
    ? { soldOut: first.sold_out_sizes, sellingOut: first.selling_out_sizes }
    : await stockCounts(db, span, days);
  return {
    from,
    to,
    rows: rows.map((row) => ({
      product_id: row.product_id,
      name: row.name,
      size: row.size,
      stock: row.stock,
      sold: row.sold,
      sell_through: rate(row.sold, row.sold + row.stock),
      days_of_cover: row.days_of_cover === null ? null : Math.round(row.days_of_cover * 10) / 10,
      sold_out: row.sold_out,
      selling_out: row.selling_out,
    })),
    page: query.page,
    per_page: query.per_page,
    total: rows[0]?.total ?? 0,
    sold_out_sizes: counts.soldOut,
    selling_out_sizes: counts.sellingOut,
  };
}
