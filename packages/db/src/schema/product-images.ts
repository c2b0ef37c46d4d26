import { index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { products } from './products';

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** 0 is the main image shown on cards. */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('product_images_position_unique').on(t.productId, t.position),
    index('product_images_product_idx').on(t.productId),
  ],
);
