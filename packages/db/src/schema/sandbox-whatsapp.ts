import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/*
 * The built-in WhatsApp Cloud API sandbox (apps/api/src/dev/whatsapp-sandbox): the emulated Meta side, used only when
 * no WHATSAPP_TOKEN is configured. Nothing in the shop reads these tables; the shop's record of a message is its
 * outbox's and its whatsapp module's.
 */

export interface SandboxWhatsAppButton {
  type: 'QUICK_REPLY' | 'URL';
  text: string;
  url?: string;
}

/** A template submitted to the sandbox's WhatsApp Business Account, with its review state. */
export const sandboxWhatsappTemplates = pgTable(
  'sandbox_whatsapp_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    category: text('category').notNull(),
    body: text('body').notNull(),
    bodyExample: jsonb('body_example').$type<string[]>(),
    buttons: jsonb('buttons').$type<SandboxWhatsAppButton[]>().notNull().default([]),
    status: text('status').notNull().default('PENDING'),
    rejectedReason: text('rejected_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('sandbox_whatsapp_templates_name_language_unique').on(t.name, t.language)],
);

/** A message on a sandbox phone's chat: one the shop sent (`out`), or the shopper's reply or tap (`in`). */
export const sandboxWhatsappMessages = pgTable(
  'sandbox_whatsapp_messages',
  {
    id: serial('id').primaryKey(),
    wamid: text('wamid').notNull().unique('sandbox_whatsapp_messages_wamid_unique'),
    direction: text('direction').notNull(),
    /** The shopper's number (digits). */
    phone: text('phone').notNull(),
    template: text('template'),
    language: text('language'),
    parameters: jsonb('parameters').$type<string[]>().notNull().default([]),
    /** The buttons as the phone shows them, with what a tap sends back. */
    buttons: jsonb('buttons')
      .$type<{ type: 'QUICK_REPLY' | 'URL'; text: string; payload?: string; url?: string }[]>()
      .notNull()
      .default([]),
    /** The rendered text (a template with its parameters filled), or the text sent or replied. */
    text: text('text').notNull(),
    /** The message this one answers (a reply's `context.id`, a text's context). */
    contextId: text('context_id'),
    buttonPayload: text('button_payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_whatsapp_messages_phone_idx').on(t.phone),
    check('sandbox_whatsapp_messages_direction_known', sql`${t.direction} IN ('in', 'out')`),
  ],
);

/** A webhook the sandbox owes the shop (a status, a reply), its raw body kept byte for byte as signed. */
export const sandboxWhatsappWebhooks = pgTable(
  'sandbox_whatsapp_webhooks',
  {
    id: serial('id').primaryKey(),
    wamid: text('wamid').notNull(),
    /** What it says: sent, delivered, read, failed, or reply. */
    event: text('event').notNull(),
    body: text('body').notNull(),
    /** Kept back by a test until it asks, to deliver statuses out of order. */
    held: boolean('held').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_whatsapp_webhooks_wamid_idx').on(t.wamid)],
);
