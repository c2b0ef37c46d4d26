import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';

export const ads = pgTable('ads', {
  id: serial('id').primaryKey(),
  mainTitle: text('main_title').notNull(),
  title: text('title').notNull(),
  image: text('image').notNull(),
  link: text('link'),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});
