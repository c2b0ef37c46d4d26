import { pgTable, serial, text } from 'drizzle-orm/pg-core';

export const genders = pgTable('genders', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});
