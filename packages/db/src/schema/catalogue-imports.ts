import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';

/**
 * Each catalogue import the console or `npm run import` answered (ADR 064): the file by its SHA-256 and the options by
 * theirs, so that a commit is only accepted for a file and options whose dry run was answered before; the report's
 * totals and rows, and the rejected rows as CSV (the file's own header plus `error`) to download and fix.
 */
export const catalogueImports = pgTable(
  'catalogue_imports',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** The CSV file's bytes, hashed (64 hex digits). */
    sha256: text('sha256').notNull(),
    /** The options and the pictures ZIP, hashed: a commit must match its dry run's. */
    optionsHash: text('options_hash').notNull(),
    dryRun: boolean('dry_run').notNull(),
    /** The answer given (totals and per-row outcomes). */
    summary: jsonb('summary').notNull(),
    /** The rows refused, as CSV; null when none was. */
    rejectedCsv: text('rejected_csv'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('catalogue_imports_file_idx').on(t.sha256, t.optionsHash)],
);
