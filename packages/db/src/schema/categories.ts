import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  image: text('image').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});
