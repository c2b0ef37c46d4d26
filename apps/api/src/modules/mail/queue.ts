import { randomUUID } from 'node:crypto';
import { type OutboxWhatsAppTemplate, outboxMessages, type Queryable } from '@kapaas/db';
import { eq, sql } from 'drizzle-orm';
import { consentStands } from '../consent';
import { MAIL_KINDS, type MailKind, purposeOf } from './kinds';

/** A message to queue: what happened, to whom, and what the template needs that the database does not keep. */
export interface QueuedMail {
  kind: MailKind;
  /**
   * Names the event: queueing the same key twice queues one message (a webhook delivered twice, a
   * retried transaction). E.g. `order-paid:123`.
   */
  key: string;
  /** The shopper's address; absent for the owners' messages. */
  to?: string;
  payload?: Record<string, unknown>;
  /** A secret sealed with `seal` (mail/seal.ts), put into the message only when it is sent. */
  sealed?: string;
  /**
   * The same message as a WhatsApp template to this number (E.164 digits): it goes by WhatsApp instead of e-mail
   * when the number's WhatsApp consent stands (whatsapp_updates; whatsapp_marketing for a marketing kind), else by
   * e-mail, the reason kept for the console.
   */
  whatsapp?: OutboxWhatsAppTemplate & { phone: string };
}

/**
 * Writes a message into the outbox, in the caller's transaction: it is sent if and only if the
 * event commits. A marketing message is queued only while the recipient's consent for its purpose stands (the
 * consent ledger). Answers whether a message was queued (false: the key was queued before, or no consent).
 */
export async function queueMail(tx: Queryable, mail: QueuedMail): Promise<boolean> {
  const { marketing } = MAIL_KINDS[mail.kind];
  const audience = mail.kind.startsWith('owner_') ? 'owner' : 'shopper';
  if (audience === 'shopper' && !mail.to) throw new Error(`a ${mail.kind} message needs a recipient`);
  if (marketing && mail.to && !(await mayMarket(tx, mail.kind, mail.to))) return false;
  const channel = await whatsAppChannel(tx, mail, marketing);
  const inserted = await tx
    .insert(outboxMessages)
    .values({
      key: mail.key,
      messageId: randomUUID(),
      kind: mail.kind,
      audience,
      recipient: mail.to?.trim().toLowerCase() ?? null,
      payload: mail.payload ?? {},
      sealed: mail.sealed ?? null,
      marketing,
      ...channel,
    })
    .onConflictDoNothing({ target: outboxMessages.key })
    .returning({ id: outboxMessages.id });
  return inserted.length > 0;
}

/** The channel columns of a queued message: WhatsApp when asked for and consented, else e-mail with the reason. */
async function whatsAppChannel(tx: Queryable, mail: QueuedMail, marketing: boolean) {
  if (!mail.whatsapp) return { channel: 'email' as const };
  const { phone, ...template } = mail.whatsapp;
  const purpose = marketing ? 'whatsapp_marketing' : 'whatsapp_updates';
  if (await consentStands(tx, { phone }, purpose))
    return { channel: 'whatsapp' as const, waPhone: phone, waTemplate: template };
  return {
    channel: 'email' as const,
    waPhone: phone,
    waTemplate: template,
    fallbackReason: `No ${purpose} consent for this number: sent by e-mail`,
  };
}

/**
 * Whether a marketing message of `kind` may go to `email`: its purpose's consent stands in the ledger. The one check
 * both the queue and the sender make; a marketing kind without a purpose never goes.
 */
export async function mayMarket(db: Queryable, kind: MailKind, email: string): Promise<boolean> {
  const purpose = purposeOf(kind);
  return purpose !== null && consentStands(db, { email }, purpose);
}

/**
 * Whether a message was queued under this key. The outbox keeps every message, so a job that names its message by
 * the day or the event asks here before it does the work of building one (ADR 043: the outbox is read through mail).
 */
export async function isQueued(db: Queryable, key: string): Promise<boolean> {
  const rows = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(eq(outboxMessages.key, key))
    .limit(1);
  return rows.length > 0;
}

/**
 * The messages queued so far under keys that start with `prefix` (`newsletter-confirm:<id>:`): how many, and when the
 * last was queued. LIKE's wildcards in the prefix are taken literally.
 */
export async function queuedSoFar(db: Queryable, prefix: string): Promise<{ count: number; last: Date | null }> {
  const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, last: sql<string | null>`max(${outboxMessages.createdAt})` })
    .from(outboxMessages)
    .where(sql`${outboxMessages.key} LIKE ${pattern}`);
  return { count: Number(row?.n ?? 0), last: row?.last ? new Date(row.last) : null };
}
