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
    /** What search engines show as the product page's title; null takes the product's name (ADR 064). */
    seoTitle: text('seo_title'),
    /** The product page's meta description; null makes one of the name, price and subcategory. */
    seoDescription: text('seo_description'),
    /** The brand or maker, as Shopify's `Vendor`; null when none. */
    vendor: text('vendor'),
    /** The owner's own labels, in order, as Shopify's `Tags`; each trimmed, 1–40 characters, no comma. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
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
    // The contract's limits (AdminProduct, KapaasCsvRow) give the messages; these are the backstop.
    check('products_seo_title_length', sql`${t.seoTitle} IS NULL OR char_length(${t.seoTitle}) BETWEEN 1 AND 70`),
    check(
      'products_seo_description_length',
      sql`${t.seoDescription} IS NULL OR char_length(${t.seoDescription}) BETWEEN 1 AND 320`,
    ),
    check('products_vendor_length', sql`${t.vendor} IS NULL OR char_length(${t.vendor}) BETWEEN 1 AND 100`),
    check('products_tags_count', sql`cardinality(${t.tags}) <= 50`),
    check('products_status_known', sql`${t.status} IN ('active', 'archived')`),
    index('products_category_idx').on(t.categoryId),
    index('products_subcategory_idx').on(t.subcategoryId),
    // The stock, products and fit reports (ADR 062) read the names and categories of the products on sale without the
    // wide rows (an index-only scan, once the pages are vacuumed), and count the sizes on sale as every size less those
    // of the few products not on sale.
    index('products_active_name_idx').on(t.id, t.name, t.categoryId).where(sql`${t.status} = 'active'`),
    index('products_not_active_idx').on(t.id).where(sql`${t.status} <> 'active'`),
  ],
);
