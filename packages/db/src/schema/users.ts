import { sql } from 'drizzle-orm';
import { check, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';

export const USER_STATUSES = ['active', 'disabled'] as const;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique regardless of case. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: USER_STATUSES }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_unique').on(t.phone),
    // An erased account's number is 'erased-<id>' (issue 35): unique, no one's, and the real number can register again.
    check('users_phone_format', sql`${t.phone} ~ '^[6-9][0-9]{9}$' OR ${t.phone} ~ '^erased-[0-9]+$'`),
    check('users_status_known', sql`${t.status} IN ('active', 'disabled')`),
  ],
);
