import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';

export const testimonials = pgTable('testimonials', {
  id: serial('id').primaryKey(),
  customerName: text('customer_name').notNull(),
  location: text('location').notNull().default(''),
  /** Sanitized HTML. */
  descriptionHtml: text('description_html').notNull(),
  image: text('image').notNull(),
  backgroundColor: text('background_color').notNull(),
  borderColor: text('border_color').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  ...timestamps,
});
