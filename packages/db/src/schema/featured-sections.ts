import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';

/** A titled home-page carousel ('Best Selling', 'New Arrivals'). */
export const featuredSections = pgTable('featured_sections', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});
