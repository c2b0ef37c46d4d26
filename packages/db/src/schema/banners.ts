import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** Sanitized HTML. */
  descriptionHtml: text('description_html').notNull().default(''),
  image: text('image').notNull(),
  mobileImage: text('mobile_image').notNull(),
  link: text('link'),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});
