import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';
import { categories } from './categories';

export const subcategories = pgTable(
  'subcategories',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('subcategories_category_idx').on(t.categoryId)],
);
