import { type Queryable, sql } from '@kapaas/db';
import type { FunnelRow } from './funnel';

/** A PostgreSQL array literal of whole numbers or YYYY-MM-DD days: values the funnel made, never a shopper's text. */
const arrayLiteral = (values: readonly (number | string)[]) => `{${values.join(',')}}`;

/**
 * Adds the rows to `funnel_counts` in one statement, however many (six array parameters, unnested): a product-day
 * already stored gets the rows' numbers added to its own (`ON CONFLICT … DO UPDATE SET views = funnel_counts.views +
 * excluded.views`), so the flushes of several processes add up and none overwrites another. A product deleted since it
 * was counted is left out rather than failing the whole flush on its foreign key.
 */
export async function addFunnelCounts(db: Queryable, rows: readonly FunnelRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = (pick: (row: FunnelRow) => number | string) => arrayLiteral(rows.map(pick));
  await db.execute(sql`
    INSERT INTO funnel_counts (product_id, day, views, add_to_carts, checkouts, orders)
    SELECT c.product_id, c.day, c.views, c.add_to_carts, c.checkouts, c.orders
    FROM unnest(${column((r) => r.productId)}::int[], ${column((r) => r.day)}::date[],
      ${column((r) => r.counts.views)}::int[], ${column((r) => r.counts.add_to_carts)}::int[],
      ${column((r) => r.counts.checkouts)}::int[], ${column((r) => r.counts.orders)}::int[])
      AS c(product_id, day, views, add_to_carts, checkouts, orders)
    WHERE EXISTS (SELECT 1 FROM products p WHERE p.id = c.product_id)
    ON CONFLICT (product_id, day) DO UPDATE SET
      views = funnel_counts.views + excluded.views,
      add_to_carts = funnel_counts.add_to_carts + excluded.add_to_carts,
      checkouts = funnel_counts.checkouts + excluded.checkouts,
      orders = funnel_counts.orders + excluded.orders`);
}
