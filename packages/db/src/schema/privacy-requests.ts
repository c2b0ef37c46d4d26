import { PRIVACY_REQUEST_KIND_VALUES, PRIVACY_REQUEST_STATUS_VALUES } from '@kapaas/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { users } from './users';

/**
 * A rights request under the DPDP Act (issue 35): access, correction, erasure or a grievance. A logged-in shopper's
 * counts at once; a guest's only once the link sent to `email` was followed (`confirmed_at`), and is due 90 days
 * after that. The link's token is kept only as its SHA-256, cleared once used.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: PRIVACY_REQUEST_KIND_VALUES }).notNull(),
    status: text('status', { enum: PRIVACY_REQUEST_STATUS_VALUES }).notNull().default('open'),
    message: text('message').notNull(),
    /** Where the answer goes: the account's address, or the one the guest gave and confirmed. */
    email: text('email').notNull(),
    /** The account whose session made the request; null for a guest's. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: integer('answered_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('privacy_requests_token_unique').on(t.confirmTokenHash),
    index('privacy_requests_due_idx').on(t.dueAt),
    index('privacy_requests_user_idx').on(t.userId),
    check('privacy_requests_due_once_confirmed', sql`(${t.confirmedAt} IS NULL) = (${t.dueAt} IS NULL)`),
  ],
);
