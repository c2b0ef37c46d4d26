import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** What one webhook entry said: a status of a message the shop sent, or a shopper's reply (a tap or a text). */
export const WHATSAPP_EVENTS = ['sent', 'delivered', 'read', 'failed', 'reply'] as const;
export type WhatsAppEvent = (typeof WHATSAPP_EVENTS)[number];

/**
 * Every status and reply Meta's webhook delivered (POST /api/whatsapp_webhook), once: `(message_id, event)` is unique,
 * so a webhook delivered twice stores one row. For a status, `message_id` is the shop's sent message (`wamid`); for a
 * reply, the reply's own id, and `context_id` the shop's message it answers (null, or unknown to the shop: kept for
 * the owner all the same). A reply no handler of the shop took (`handled` false: a free text, a tap the shop refused, a
 * reply to an unknown message) is the owner's to read, in the console's WhatsApp inbox.
 */
export const whatsappEvents = pgTable(
  'whatsapp_events',
  {
    id: serial('id').primaryKey(),
    messageId: text('message_id').notNull(),
    event: text('event', { enum: WHATSAPP_EVENTS }).notNull(),
    /** The shopper's number (a status's recipient_id, a reply's from). */
    phone: text('phone').notNull(),
    /** A reply: the shop's message it answers (`context.id`). */
    contextId: text('context_id'),
    /** A reply: `button` (a quick-reply tap), `text`, or another of Meta's types. */
    replyType: text('reply_type'),
    buttonPayload: text('button_payload'),
    /** A reply's text, or a tapped button's text. */
    text: text('text'),
    /** A failed status: Meta's first error, as `code: message`. */
    error: text('error'),
    /**
     * A reply: whether a handler of the shop took it (a COD tap it acted on or answered, a STOP); false while nobody
     * was waiting for it. Null for a status.
     */
    handled: boolean('handled'),
    /** Meta's time of the event (its `timestamp`, seconds). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** The entry as Meta sent it. */
    raw: jsonb('raw').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_events_message_event_unique').on(t.messageId, t.event),
    index('whatsapp_events_context_idx').on(t.contextId),
    index('whatsapp_events_phone_idx').on(t.phone),
    // The owner's inbox: the newest replies nobody took, without reading every status.
    index('whatsapp_events_stray_idx').on(t.occurredAt, t.id).where(sql`${t.event} = 'reply' AND ${t.handled} = false`),
    check('whatsapp_events_event_known', sql`${t.event} IN ('sent', 'delivered', 'read', 'failed', 'reply')`),
  ],
);
