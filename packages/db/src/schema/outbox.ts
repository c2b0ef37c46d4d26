import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** skipped: not sent on purpose (the address unsubscribed, or a link expired before it could go). */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Who a message is for: one shopper's address, or the shop's owners (resolved when it is prepared). */
export const OUTBOX_AUDIENCES = ['shopper', 'owner'] as const;

/**
 * The transactional outbox: one row per e-mail, written in the same transaction as the event that
 * causes it. `key` makes queueing idempotent (the same event queues one message); `message_id` is
 * the RFC 5322 Message-ID every attempt carries, so a resend after a crash is the same message.
 * The subject and bodies are rendered by the sender before its first attempt (`prepared_at`).
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    messageId: text('message_id').notNull(),
    kind: text('kind').notNull(),
    audience: text('audience', { enum: OUTBOX_AUDIENCES }).notNull().default('shopper'),
    /** The shopper's address; for the owners, the addresses it was prepared for. */
    recipient: text('recipient'),
    /** What the template needs that the database does not keep (a tracking note, an amount). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** A secret sealed with the shop's key (a reset link's token): only the e-mail carries it in clear. */
    sealed: text('sealed'),
    /** Marketing and reminders: carries the one-click unsubscribe and is skipped for an unsubscribed address. */
    marketing: boolean('marketing').notNull().default(false),
    subject: text('subject'),
    html: text('html'),
    text: text('text'),
    preparedAt: timestamp('prepared_at', { withTimezone: true }),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: the claim's end; a sender that died leaves it to lapse, and another takes the message. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastReply: text('last_reply'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    resentFrom: integer('resent_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbox_messages_key_unique').on(t.key),
    uniqueIndex('outbox_messages_message_id_unique').on(t.messageId),
    index('outbox_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_messages_created_idx').on(t.createdAt),
    check('outbox_messages_status_known', sql`${t.status} IN ('queued', 'sending', 'sent', 'failed', 'skipped')`),
    check('outbox_messages_audience_known', sql`${t.audience} IN ('shopper', 'owner')`),
  ],
);

/** Each attempt to hand a message to the mail server, with the server's reply. */
export const outboxAttempts = pgTable(
  'outbox_attempts',
  {
    id: serial('id').primaryKey(),
    outboxId: integer('outbox_id')
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ok: boolean('ok'),
    reply: text('reply'),
  },
  (t) => [index('outbox_attempts_message_idx').on(t.outboxId)],
);
