import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, timestamp, unique } from 'drizzle-orm/pg-core';
import { carts } from './carts';
import { products } from './products';
import { sizeAdvices } from './size-advices';
import { sizes } from './sizes';

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** The "find my size" answer that named this line's product and size, when the shopper added it after one (ADR 060). */
    sizeAdviceId: integer('size_advice_id').references(() => sizeAdvices.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('cart_items_line_unique').on(t.cartId, t.productId, t.sizeId),
    check('cart_items_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);
