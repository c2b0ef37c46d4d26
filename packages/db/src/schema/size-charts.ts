import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, primaryKey, serial, timestamp } from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { products } from './products';
import { sizes } from './sizes';

/**
 * A size chart (ADR 056): a category's, or a product's own that overrides its category's. Exactly one of the two is
 * set, and each category or product has at most one chart. The fit module owns it; the console edits it as a table.
 */
export const sizeCharts = pgTable(
  'size_charts',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .unique()
      .references(() => categories.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .unique()
      .references(() => products.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('size_charts_one_owner', sql`(${t.categoryId} IS NULL) <> (${t.productId} IS NULL)`)],
);

/**
 * One size's row of a chart. Ages in whole months, heights, chest and garment length in whole cm; weights in kg
 * with one decimal (numeric(4,1), read as a JS number: a tenth of a kilo is as fine as a chart is read). The bounds
 * are the console's (ages 0–144, heights 40–150, weights 2–40), held here too so no writer can store a chart the
 * advice cannot read.
 */
export const sizeChartRows = pgTable(
  'size_chart_rows',
  {
    chartId: integer('chart_id')
      .notNull()
      .references(() => sizeCharts.id, { onDelete: 'cascade' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id, { onDelete: 'restrict' }),
    ageMinMonths: integer('age_min_months').notNull(),
    ageMaxMonths: integer('age_max_months').notNull(),
    heightMinCm: integer('height_min_cm').notNull(),
    heightMaxCm: integer('height_max_cm').notNull(),
    weightMinKg: numeric('weight_min_kg', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    weightMaxKg: numeric('weight_max_kg', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    chestCm: integer('chest_cm').notNull(),
    lengthCm: integer('length_cm').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chartId, t.sizeId] }),
    check(
      'size_chart_rows_ages',
      sql`${t.ageMinMonths} >= 0 AND ${t.ageMinMonths} <= ${t.ageMaxMonths} AND ${t.ageMaxMonths} <= 144`,
    ),
    check(
      'size_chart_rows_heights',
      sql`${t.heightMinCm} >= 40 AND ${t.heightMinCm} <= ${t.heightMaxCm} AND ${t.heightMaxCm} <= 150`,
    ),
    check(
      'size_chart_rows_weights',
      sql`${t.weightMinKg} >= 2 AND ${t.weightMinKg} <= ${t.weightMaxKg} AND ${t.weightMaxKg} <= 40`,
    ),
    check('size_chart_rows_measures', sql`${t.chestCm} > 0 AND ${t.lengthCm} > 0`),
  ],
);
