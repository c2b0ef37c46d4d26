import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** The HSN code of the category's products, unless a product has its own (ADR 032). */
    hsnCode: text('hsn_code').notNull().default('6111'),
    ...timestamps,
  },
  (t) => [check('categories_hsn_digits', sql`${t.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`)],
);
