import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';
import { categories } from './categories';
import { genders } from './genders';
import { patterns } from './patterns';
import { subcategories } from './subcategories';

/** `archived` products have left the storefront but old orders still point at them. */
export const PRODUCT_STATUSES = ['active', 'archived'] as const;

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => subcategories.id, { onDelete: 'restrict' }),
    description: text('description').notNull().default(''),
    productDetails: text('product_details').notNull().default(''),
    washCare: text('wash_care').notNull().default(''),
    /** The list price in paise. */
    pricePaise: integer('price_paise').notNull(),
    /** The price the shopper pays in paise when discounted, else null. */
    discountPricePaise: integer('discount_price_paise'),
    patternId: integer('pattern_id').references(() => patterns.id, { onDelete: 'set null' }),
    genderId: integer('gender_id').references(() => genders.id, { onDelete: 'set null' }),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    /** The product's own HSN code; null takes its category's (ADR 032). */
    hsnCode: text('hsn_code'),
    /** One piece's packed weight in grams; null takes the shop's default per piece (shop_settings). */
    weightGrams: integer('weight_grams'),
    ...timestamps,
  },
  (t) => [
    check('products_price_positive', sql`${t.pricePaise} > 0`),
    check(
      'products_discount_below_price',
      sql`${t.discountPricePaise} IS NULL OR (${t.discountPricePaise} > 0 AND ${t.discountPricePaise} < ${t.pricePaise})`,
    ),
    check('products_hsn_digits', sql`${t.hsnCode} IS NULL OR ${t.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    check(
      'products_weight_grams',
      sql`${t.weightGrams} IS NULL OR (${t.weightGrams} >= 1 AND ${t.weightGrams} <= 30000)`,
    ),
    check('products_status_known', sql`${t.status} IN ('active', 'archived')`),
    index('products_category_idx').on(t.categoryId),
    index('products_subcategory_idx').on(t.subcategoryId),
    // The stock report (ADR 062) reads the names of the products on sale without the wide rows (an index-only scan),
    // and counts the sizes on sale as every size less those of the few products not on sale.
    index('products_active_name_idx').on(t.id, t.name).where(sql`${t.status} = 'active'`),
    index('products_not_active_idx').on(t.id).where(sql`${t.status} <> 'active'`),
  ],
);
