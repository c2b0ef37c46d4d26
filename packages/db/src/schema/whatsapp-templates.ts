import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/*
 * The shop's WhatsApp message templates (issue 36): what it submits to Meta for review and sends once approved. Meta
 * sends a business-initiated message only from an approved template, one per name and language; the shop keeps each
 * with the message kind it serves, so the outbox can ask "the approved template for this kind in Hindi?".
 */

/** The messages a template can serve: the outbox's kinds worth a WhatsApp (every return/exchange update is one). */
export const WHATSAPP_TEMPLATE_KINDS = [
  'order_placed',
  'order_paid',
  'order_cod_confirm',
  'order_cod_unconfirmed',
  'order_shipped',
  'shipment_out_for_delivery',
  'order_delivered',
  'shipment_undelivered',
  'return_update',
  'back_in_stock',
  'cart_reminder',
] as const;
export type WhatsAppTemplateKind = (typeof WHATSAPP_TEMPLATE_KINDS)[number];

export const WHATSAPP_TEMPLATE_LANGUAGES = ['en', 'hi'] as const;
export const WHATSAPP_TEMPLATE_CATEGORIES = ['utility', 'marketing', 'authentication'] as const;
/** `draft` is the shop's own (never submitted); the rest are Meta's review states, lower-cased. */
export const WHATSAPP_TEMPLATE_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'paused', 'disabled'] as const;

/**
 * A template's button: a quick reply whose tap comes back with its `payload` (what the shop does with it), or the
 * one URL button, whose `url` ends in {{1}} that each send fills (`example` is Meta's example of the whole URL).
 */
export type WhatsAppTemplateButton =
  | { type: 'quick_reply'; text: string; payload: string }
  | { type: 'url'; text: string; url: string; example: string };

export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: serial('id').primaryKey(),
    /** Meta's rules: lowercase letters, digits and underscores. */
    name: text('name').notNull(),
    language: text('language', { enum: WHATSAPP_TEMPLATE_LANGUAGES }).notNull(),
    category: text('category', { enum: WHATSAPP_TEMPLATE_CATEGORIES }).notNull(),
    kind: text('kind', { enum: WHATSAPP_TEMPLATE_KINDS }).notNull(),
    /** With numbered parameters {{1}} … {{n}}, in order. */
    body: text('body').notNull(),
    /** One example per parameter, which Meta requires for review. */
    examples: jsonb('examples').$type<string[]>().notNull().default([]),
    buttons: jsonb('buttons').$type<WhatsAppTemplateButton[]>().notNull().default([]),
    status: text('status', { enum: WHATSAPP_TEMPLATE_STATUSES }).notNull().default('draft'),
    /** Meta's reason for a rejection. */
    rejectedReason: text('rejected_reason'),
    /** Meta's id of the submitted template. */
    metaId: text('meta_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** When the state was last copied from Meta. */
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('whatsapp_templates_name_language_unique').on(t.name, t.language),
    // PostgreSQL's regular expressions allow no bound above 255 ({1,512} is an error on every insert): the length apart.
    check('whatsapp_templates_name_format', sql`${t.name} ~ '^[a-z0-9_]+$' AND char_length(${t.name}) <= 512`),
    check('whatsapp_templates_language_known', sql`${t.language} IN ('en', 'hi')`),
    check('whatsapp_templates_category_known', sql`${t.category} IN ('utility', 'marketing', 'authentication')`),
    check(
      'whatsapp_templates_status_known',
      sql`${t.status} IN ('draft', 'pending', 'approved', 'rejected', 'paused', 'disabled')`,
    ),
  ],
);
