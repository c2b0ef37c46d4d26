import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const sizes = pgTable('sizes', {
  id: serial('id').primaryKey(),
  label: text('label').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});
