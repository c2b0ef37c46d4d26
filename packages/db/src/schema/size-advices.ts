import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './products';
import { sizes } from './sizes';

/**
 * One "find my size" answer that named a size (ADR 060): which product, which size, how sure and from which measure.
 * No person and no measurement is kept: the row is what the owner's fit insight counts (advised, then bought and
 * kept, through `cart_items.size_advice_id` and `order_items.size_advice_id`). The fit module owns it. `size_id` and
 * `confidence` are nullable as agreed for an answer without a size, though only answers naming one are written today.
 */
export const sizeAdvices = pgTable(
  'size_advices',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id').references(() => sizes.id, { onDelete: 'cascade' }),
    confidence: text('confidence', { enum: ['high', 'medium', 'low'] }),
    basis: text('basis', { enum: ['height', 'weight', 'age'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('size_advices_product_idx').on(t.productId, t.sizeId),
    // The owner's fit report counts a period's advice (ADR 061): one row per answer, so the table grows with visits.
    index('size_advices_created_idx').on(t.createdAt),
    check('size_advices_confidence', sql`${t.confidence} IN ('high', 'medium', 'low')`),
    check('size_advices_basis', sql`${t.basis} IN ('height', 'weight', 'age')`),
  ],
);
