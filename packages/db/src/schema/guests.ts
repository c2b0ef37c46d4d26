import { pgTable, serial, timestamp } from 'drizzle-orm/pg-core';

/** A shopper who continued as a guest: an identity without an account. */
export const guests = pgTable('guests', {
  id: serial('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});
