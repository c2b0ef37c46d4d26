import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './products';
import { sizes } from './sizes';

/** "Notify me" on a sold-out size: one waiting address per product and size, told once when it is restocked. */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the restock message was queued; a later "Notify me" for the same size starts a new wait. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_waiting_unique')
      .on(t.productId, t.sizeId, sql`lower(${t.email})`)
      .where(sql`${t.notifiedAt} IS NULL`),
    index('stock_alerts_size_idx').on(t.productId, t.sizeId),
  ],
);
