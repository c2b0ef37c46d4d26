import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';

/**
 * A personal-data breach as the owner recorded it (DPDP Rules, rule 7): what happened, when it was recorded (the
 * Board's detailed report is due 72 hours later), and the notice sent to the affected people. Kept for the report.
 */
export const breaches = pgTable('breaches', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  whatHappened: text('what_happened').notNull(),
  recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  recordedBy: integer('recorded_by').references(() => adminUsers.id, { onDelete: 'set null' }),
  /** The admin's address as it was, so that the report names them after their account is gone. */
  recordedByEmail: text('recorded_by_email').notNull(),
  noticeSubject: text('notice_subject'),
  noticeBody: text('notice_body'),
  /** How the affected people were chosen (the window or the pasted list), in words. */
  audience: text('audience'),
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
});

/** One affected person a breach's notice was queued for: what was sent to whom and when, for the Board's report. */
export const breachNotices = pgTable(
  'breach_notices',
  {
    id: serial('id').primaryKey(),
    breachId: integer('breach_id')
      .notNull()
      .references(() => breaches.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('breach_notices_once').on(t.breachId, sql`lower(${t.email})`),
    index('breach_notices_breach_idx').on(t.breachId),
  ],
);
