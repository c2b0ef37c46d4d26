import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { products } from './products';
import { sizes } from './sizes';

/**
 * Stock per product and size. `stock` is what is on the shelf; `reserved` is held by orders
 * awaiting payment. What a shopper can still buy is stock − reserved, which can never go negative.
 */
export const productSizes = pgTable(
  'product_sizes',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id, { onDelete: 'restrict' }),
    stock: integer('stock').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    /**
     * The owner's stock-keeping unit for this product in this size, or null. Unique across the shop when set, compared
     * as stored (ADR 063): the orders CSV, packing slips, invoices and the courier's shipments carry it.
     */
    sku: text('sku'),
  },
  (t) => [
    unique('product_sizes_product_size_unique').on(t.productId, t.sizeId),
    check('product_sizes_stock_non_negative', sql`${t.stock} >= 0`),
    check('product_sizes_reserved_non_negative', sql`${t.reserved} >= 0`),
    check('product_sizes_reserved_within_stock', sql`${t.reserved} <= ${t.stock}`),
    unique('product_sizes_sku_unique').on(t.sku),
    check('product_sizes_sku_format', sql`${t.sku} IS NULL OR ${t.sku} ~ '^[A-Za-z0-9._/-]{1,64}$'`),
  ],
);
