import { CONSENT_PURPOSE_VALUES, CONSENT_SOURCE_VALUES } from '@kapaas/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { users } from './users';

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * The privacy notice (`/privacy`, issue 35), one row per version: a save in the console adds a version and never
 * changes one, so the notice a person saw when they consented can always be shown again. The highest version is in
 * force. The first is the default notice, written by migration 0025.
 */
export const privacyNotices = pgTable(
  'privacy_notices',
  {
    id: serial('id').primaryKey(),
    version: integer('version').notNull(),
    /** Markdown, as the console's editor writes it. */
    body: text('body').notNull(),
    /** Who saved it: the owner's account and their e-mail as it was (null for the default notice). */
    authorAdminId: integer('author_admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    authorEmail: text('author_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('privacy_notices_version_unique').on(t.version)],
);

/**
 * The consent ledger (issue 35): each consent and each withdrawal, per person and per purpose, appended and never
 * changed. A person is an account (`user_id`) or, for a guest, an e-mail address and/or a phone number; an entry of a
 * signed-in shopper keeps their address too, so that a message to that address finds it. What stands for a purpose is
 * the person's latest entry. A trigger (migration 0025) refuses deletes and any update but erasing the identity.
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-cased. */
    email: text('email'),
    phone: text('phone'),
    purpose: text('purpose', { enum: CONSENT_PURPOSE_VALUES }).notNull(),
    /** true: consent given; false: withdrawn. */
    given: boolean('given').notNull(),
    /** The notice the person was shown; null for entries carried over from before the notice existed. */
    noticeVersion: integer('notice_version'),
    source: text('source', { enum: CONSENT_SOURCE_VALUES }).notNull(),
    /** The client's IP address as the shop saw it; null for entries the shop wrote itself (migration). */
    clientAddress: text('client_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consents_email_idx').on(sql`lower(${t.email})`, t.purpose),
    index('consents_user_idx').on(t.userId, t.purpose),
    index('consents_phone_idx').on(t.phone, t.purpose),
    check('consents_purpose_known', sql`${t.purpose} IN (${inList(CONSENT_PURPOSE_VALUES)})`),
    check('consents_source_known', sql`${t.source} IN (${inList(CONSENT_SOURCE_VALUES)})`),
  ],
);
