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

/** How a message goes: by e-mail, or by WhatsApp (a template, through the Cloud API; issue 36). */
export const OUTBOX_CHANNELS = ['email', 'whatsapp'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** What Meta's status webhooks said of a WhatsApp message, furthest first: never moved backwards. */
export const WHATSAPP_STATUSES = ['sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppStatus = (typeof WHATSAPP_STATUSES)[number];

/** The template a WhatsApp message is sent as, with this send's parameters (Meta's names). */
export interface OutboxWhatsAppTemplate {
  template: string;
  language: string;
  bodyParameters: string[];
  buttons?: ({ type: 'quick_reply'; index: number; payload: string } | { type: 'url'; index: number; text: string })[];
}

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
    /** The channel it was queued for; a WhatsApp message that failed for good goes by e-mail (`fallback_at`). */
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull().default('email'),
    /** WhatsApp: the number (E.164 digits, no +) and the template with its parameters. */
    waPhone: text('wa_phone'),
    waTemplate: jsonb('wa_template').$type<OutboxWhatsAppTemplate>(),
    /** Meta's id (`wamid.…`) of the sent message: stored with `sent`, so an answered send is never sent again. */
    waMessageId: text('wa_message_id'),
    /** The furthest status Meta's webhooks reported, when, and Meta's error of a failure (`code: message`). */
    waStatus: text('wa_status', { enum: WHATSAPP_STATUSES }),
    waStatusAt: timestamp('wa_status_at', { withTimezone: true }),
    waError: text('wa_error'),
    /** When and why a WhatsApp message went by e-mail instead (a refused template, an undeliverable number). */
    fallbackAt: timestamp('fallback_at', { withTimezone: true }),
    fallbackReason: text('fallback_reason'),
  },
  (t) => [
    uniqueIndex('outbox_messages_key_unique').on(t.key),
    uniqueIndex('outbox_messages_message_id_unique').on(t.messageId),
    index('outbox_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_messages_created_idx').on(t.createdAt),
    check('outbox_messages_status_known', sql`${t.status} IN ('queued', 'sending', 'sent', 'failed', 'skipped')`),
    check('outbox_messages_audience_known', sql`${t.audience} IN ('shopper', 'owner')`),
    uniqueIndex('outbox_messages_wa_message_id_unique').on(t.waMessageId),
    check('outbox_messages_channel_known', sql`${t.channel} IN ('email', 'whatsapp')`),
    check(
      'outbox_messages_wa_status_known',
      sql`${t.waStatus} IS NULL OR ${t.waStatus} IN ('sent', 'delivered', 'read', 'failed')`,
    ),
    check(
      'outbox_messages_whatsapp_has_template',
      sql`${t.channel} <> 'whatsapp' OR (${t.waPhone} IS NOT NULL AND ${t.waTemplate} IS NOT NULL)`,
    ),
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
