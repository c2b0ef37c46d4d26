import { z } from 'zod';
import { AdminPaging, adminItem, adminList, Timestamp } from './common';

/** Where a message in the outbox stands: waiting or being handed to the mail server, sent, given up, or not sent on purpose. */
export const OUTBOX_STATUS_VALUES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export const AdminOutboxStatus = z.enum(OUTBOX_STATUS_VALUES);
export type AdminOutboxStatus = z.infer<typeof AdminOutboxStatus>;

/** How a message goes: by e-mail, or by WhatsApp (issue 36; a WhatsApp message that fails for good goes by e-mail). */
export const OUTBOX_CHANNEL_VALUES = ['email', 'whatsapp'] as const;
export const AdminOutboxChannel = z.enum(OUTBOX_CHANNEL_VALUES);

/** A message's WhatsApp side: the number, the template, Meta's id and the furthest status its webhooks reported. */
export const AdminOutboxWhatsApp = z.object({
  phone: z.string(),
  template: z.string(),
  language: z.string(),
  /** Meta's id (`wamid.…`) once Meta took it, else null. */
  message_id: z.string().nullable(),
  /** sent, delivered, read, or failed; null before Meta answered. */
  status: z.enum(['sent', 'delivered', 'read', 'failed']).nullable(),
  status_at: Timestamp.nullable(),
  /** Meta's error (`code: message`) of a refusal or a failed delivery. */
  error: z.string().nullable(),
});
export type AdminOutboxWhatsApp = z.infer<typeof AdminOutboxWhatsApp>;

/** A message the shop sent or is to send, as the "Messages sent" list shows it. */
export const AdminOutboxSummary = z.object({
  id: z.number().int(),
  /** The kind of message (`order_placed`, `welcome`…) and its name in the owner's words. */
  kind: z.string(),
  kind_label: z.string(),
  /** The shopper's address, or the team's addresses it was written for; null until known. */
  recipient: z.string().nullable(),
  /** Null until the message is written (the worker renders it within seconds of its event). */
  subject: z.string().nullable(),
  status: AdminOutboxStatus,
  /** The status in a sentence, e.g. "Waiting: no mail server is set (SMTP_URL)". */
  status_text: z.string(),
  attempts: z.number().int(),
  /** The mail server's last reply, or why the message was not sent. */
  last_reply: z.string().nullable(),
  created_at: Timestamp,
  sent_at: Timestamp.nullable(),
  next_attempt_at: Timestamp,
  /** The message this one is a copy of (the console's "Resend"), or null. */
  resent_from: z.number().int().nullable(),
  /** The channel it was queued for. */
  channel: AdminOutboxChannel,
  /** Its WhatsApp side, when it was meant for WhatsApp (also when it went by e-mail for want of consent). */
  whatsapp: AdminOutboxWhatsApp.nullable(),
  /** Why it went (or goes) by e-mail instead of WhatsApp: no consent, a refused template, an undeliverable number. */
  fallback_reason: z.string().nullable(),
});
export type AdminOutboxSummary = z.infer<typeof AdminOutboxSummary>;

/** One attempt to hand a message to the mail server, with the server's reply. */
export const AdminOutboxAttempt = z.object({
  attempt: z.number().int(),
  started_at: Timestamp,
  finished_at: Timestamp.nullable(),
  ok: z.boolean().nullable(),
  reply: z.string().nullable(),
});
export type AdminOutboxAttempt = z.infer<typeof AdminOutboxAttempt>;

/**
 * One message in full: the HTML and text as they go out (a link carrying a secret, such as a password
 * reset's, shows a mask: the secret exists in clear only in the e-mail), its headers and attempts.
 */
export const AdminOutboxMessage = AdminOutboxSummary.extend({
  audience: z.enum(['shopper', 'owner']),
  marketing: z.boolean(),
  /** The RFC 5322 Message-ID every attempt carries, `<uuid@domain of MAIL_FROM>`. */
  message_id: z.string(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  /** The message's headers: From, To, Subject, Message-ID, and List-Unsubscribe on marketing. */
  headers: z.record(z.string(), z.string()),
  attempt_history: z.array(AdminOutboxAttempt),
  /** The copies of this message made with "Resend", oldest first. */
  resent_as: z.array(z.number().int()),
  /** Whether a mail server is set (SMTP_URL); without one, messages wait. */
  mail_server: z.boolean(),
  /** Null when "Resend" may queue a copy, else why not, in a sentence. */
  resend_refusal: z.string().nullable(),
});
export type AdminOutboxMessage = z.infer<typeof AdminOutboxMessage>;

export const AdminOutboxListQuery = z.strictObject({
  ...AdminPaging,
  status: AdminOutboxStatus.optional(),
  kind: z.string().trim().max(50).optional(),
  channel: AdminOutboxChannel.optional(),
});

/** A kind of message with its name, for the list's filter. */
export const AdminOutboxKind = z.object({ value: z.string(), label: z.string() });

/** A page of messages, newest first, with every kind (for the filter) and whether a mail server is set. */
export const AdminOutboxListAnswer = adminList(AdminOutboxSummary).extend({
  kinds: z.array(AdminOutboxKind),
  mail_server: z.boolean(),
});
export type AdminOutboxListAnswer = z.infer<typeof AdminOutboxListAnswer>;

export const AdminOutboxAnswer = adminItem(AdminOutboxMessage);

/** The answer of "Resend": the new message's id, queued as a copy. */
export const AdminOutboxResendAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ id: z.number().int() }),
});
export type AdminOutboxResendAnswer = z.infer<typeof AdminOutboxResendAnswer>;
