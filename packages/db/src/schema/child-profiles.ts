import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A child's profile (issue 38, ADR 059): an optional first name and the birth month, nothing else, kept for a
 * signed-in parent only while their `child_profile` consent stands (withdrawing it deletes the rows). The fit module
 * owns it; no console route reads it. Deleting the account deletes the children (cascade), as erasure does.
 */
export const childProfiles = pgTable(
  'child_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Trimmed, at most 40 characters; null when the parent gave none. */
    firstName: text('first_name'),
    /** The 1st of the birth month (the day of birth is not asked). */
    birthMonth: date('birth_month', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('child_profiles_user_idx').on(t.userId),
    check('child_profiles_first_of_month', sql`extract(day from ${t.birthMonth}) = 1`),
    check('child_profiles_first_name_length', sql`char_length(${t.firstName}) BETWEEN 1 AND 40`),
  ],
);
