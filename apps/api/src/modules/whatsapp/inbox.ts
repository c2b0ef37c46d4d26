import type { AdminWhatsAppReply } from '@kapaas/contract';
import { type Queryable, whatsappEvents } from '@kapaas/db';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import { whatsAppMessagesOf } from '../mail';

// What shoppers wrote back (issue 36), for the console: the replies to an order's messages, and the owner's inbox of
// replies no handler took (`handled` false: a free text, a tap the shop refused, a reply to a message it does not
// know). Each names the shop's message it answered when the outbox knows it, and that message's order.

type EventRow = typeof whatsappEvents.$inferSelect;

async function repliesOf(db: Queryable, rows: EventRow[]): Promise<AdminWhatsAppReply[]> {
  const contexts = rows.flatMap((row) => (row.contextId ? [row.contextId] : []));
  const answered = await whatsAppMessagesOf(db, [...new Set(contexts)]);
  return rows.map((row) => ({
    id: row.id,
    from: row.phone,
    at: row.occurredAt.toISOString(),
    type: row.replyType ?? 'unknown',
    text: row.text,
    button_payload: row.buttonPayload,
    context_id: row.contextId,
    answered: (row.contextId && answered.get(row.contextId)) || null,
    handled: row.handled === true,
  }));
}

/** The replies to these messages of the shop (Meta's ids), oldest first. */
export async function repliesTo(db: Queryable, wamids: readonly string[]): Promise<AdminWhatsAppReply[]> {
  if (wamids.length === 0) return [];
  const rows = await db
    .select()
    .from(whatsappEvents)
    .where(and(eq(whatsappEvents.event, 'reply'), inArray(whatsappEvents.contextId, [...wamids])))
    .orderBy(asc(whatsappEvents.occurredAt), asc(whatsappEvents.id));
  return repliesOf(db, rows);
}

export interface InboxQuery {
  page: number;
  per_page: number;
  /** Text in the number or the reply. */
  q?: string | undefined;
}

/** A case-insensitive "contains", LIKE's wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the replies nobody was waiting for, newest first, with their total. */
export async function strayReplies(db: Queryable, query: InboxQuery) {
  const q = query.q?.trim();
  const where: SQL | undefined = and(
    eq(whatsappEvents.event, 'reply'),
    eq(whatsappEvents.handled, false),
    q ? or(ilike(whatsappEvents.phone, containing(q)), ilike(whatsappEvents.text, containing(q))) : undefined,
  );
  const rows = await db
    .select()
    .from(whatsappEvents)
    .where(where)
    .orderBy(desc(whatsappEvents.occurredAt), desc(whatsappEvents.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await db.select({ n: count() }).from(whatsappEvents).where(where);
  return { items: await repliesOf(db, rows), total: total?.n ?? 0 };
}
