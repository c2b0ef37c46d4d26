import { z } from 'zod';
import { AdminPaging, adminItem, adminList, Timestamp } from './common';
import { AdminOutboxSummary } from './outbox';

/*
 * What shoppers wrote back on WhatsApp (issue 36): the replies and button taps on an order's messages, shown on its
 * page, and the owner's inbox of replies no handler of the shop took (GET /whatsapp-inbox).
 */

/** The shop's message a reply answered, when the outbox knows it; `order_id` when it was about an order. */
export const AdminWhatsAppAnswered = z.object({
  outbox_id: z.number().int(),
  kind: z.string(),
  kind_label: z.string(),
  order_id: z.number().int().nullable(),
});
export type AdminWhatsAppAnswered = z.infer<typeof AdminWhatsAppAnswered>;

/** A shopper's reply: a text, a quick-reply tap (its button's text and payload), or another of Meta's types. */
export const AdminWhatsAppReply = z.object({
  id: z.number().int(),
  /** The shopper's number, as WhatsApp names it (digits, country code first). */
  from: z.string(),
  /** When the shopper sent it (Meta's time). */
  at: Timestamp,
  /** `text`, `button` (a tap), or another of Meta's types (an image, a location…). */
  type: z.string(),
  /** The text, or the tapped button's text. */
  text: z.string().nullable(),
  button_payload: z.string().nullable(),
  /** The shop's message it answered (Meta's id), if any. */
  context_id: z.string().nullable(),
  answered: AdminWhatsAppAnswered.nullable(),
  /** Whether a handler of the shop took it (a COD tap acted on, a STOP); false: nobody was waiting for it. */
  handled: z.boolean(),
});
export type AdminWhatsAppReply = z.infer<typeof AdminWhatsAppReply>;

export const AdminWhatsAppInboxQuery = z.strictObject({ ...AdminPaging });

/** The replies nobody was waiting for, newest first. */
export const AdminWhatsAppInboxAnswer = adminList(AdminWhatsAppReply);
export type AdminWhatsAppInboxAnswer = z.infer<typeof AdminWhatsAppInboxAnswer>;

/** GET /orders/:id/messages: the order's messages (e-mail and WhatsApp), oldest first, and the replies to them. */
export const AdminOrderMessages = z.object({
  messages: z.array(AdminOutboxSummary),
  replies: z.array(AdminWhatsAppReply),
});
export type AdminOrderMessages = z.infer<typeof AdminOrderMessages>;
export const AdminOrderMessagesAnswer = adminItem(AdminOrderMessages);
export type AdminOrderMessagesAnswer = z.infer<typeof AdminOrderMessagesAnswer>;
