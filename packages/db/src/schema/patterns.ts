import { pgTable, serial, text } from 'drizzle-orm/pg-core';

/** Print patterns; the storefront calls them "Print" and `filter` takes `print_id`. */
export const patterns = pgTable('patterns', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});
