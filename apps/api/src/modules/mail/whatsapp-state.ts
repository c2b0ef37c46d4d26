import { type OutboxWhatsAppTemplate, outboxMessages, type Queryable } from '@kapaas/db';
import { eq } from 'drizzle-orm';

/** Where a message queued for WhatsApp stands: Meta's furthest status, `queued` before any, `failed` once it fell back. */
export type WhatsAppSendStatus = 'queued' | 'sent' | 'delivered' | 'read' | 'failed';

/** A message queued for WhatsApp (issue 36): to which number, as which template, and how far it got. */
export interface WhatsAppSend {
  /** E.164 digits, no `+`. */
  phone: string;
  template: OutboxWhatsAppTemplate;
  status: WhatsAppSendStatus;
  /** It went (or goes) by e-mail instead: refused, undeliverable, or the number's consent withdrawn. */
  fellBack: boolean;
}

/**
 * The WhatsApp send of the message queued under `key`, or null when it was queued for e-mail (no consent, or no
 * WhatsApp form): what a module that queued a message tells its reader of it (ADR 043: the outbox is read through mail).
 */
export async function whatsAppSendOf(db: Queryable, key: string): Promise<WhatsAppSend | null> {
  const [row] = await db
    .select({
      channel: outboxMessages.channel,
      phone: outboxMessages.waPhone,
      template: outboxMessages.waTemplate,
      waStatus: outboxMessages.waStatus,
      fallbackAt: outboxMessages.fallbackAt,
    })
    .from(outboxMessages)
    .where(eq(outboxMessages.key, key));
  if (row?.channel !== 'whatsapp' || row.phone === null || row.template === null) return null;
  const fellBack = row.fallbackAt !== null;
  return {
    phone: row.phone,
    template: row.template,
    status: row.waStatus ?? (fellBack ? 'failed' : 'queued'),
    fellBack,
  };
}
