import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { guests } from './guests';
import { users } from './users';

/** One cart per user or guest. */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    guestId: integer('guest_id')
      .unique()
      .references(() => guests.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the one reminder about this cart was queued; never twice for one cart. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
  },
  (t) => [check('carts_one_owner', sql`(${t.userId} IS NULL) <> (${t.guestId} IS NULL)`)],
);
