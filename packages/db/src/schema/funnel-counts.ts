import { date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { products } from './products';

/**
 * The funnel without tracking anyone (ADR 053): how many times, on one of India's days, a product's page was viewed,
 * it was added to a cart, a checkout holding it started, and an order holding it was paid. Counts only: no cookie,
 * shopper, session, address or user agent is stored, so nothing here can be tied back to a person. The API adds to
 * these counts in batches (`INSERT … ON CONFLICT DO UPDATE SET views = funnel_counts.views + excluded.views`), so
 * several processes add up.
 */
export const funnelCounts = pgTable(
  'funnel_counts',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** India's calendar day (IST, `lib/shop-day.ts`), never UTC's. */
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    addToCarts: integer('add_to_carts').notNull().default(0),
    checkouts: integer('checkouts').notNull().default(0),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] }), index('funnel_counts_day_idx').on(t.day)],
);
