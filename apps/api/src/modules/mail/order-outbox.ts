import type { AdminOutboxSummary, AdminWhatsAppAnswered } from '@kapaas/contract';
import { outboxMessages, type Queryable } from '@kapaas/db';
import { and, asc, inArray, sql } from 'drizzle-orm';
import { kindLabel, type OutboxViewer, shownTo, summaryOf } from './outbox-admin';
import type { MailSettings } from './settings';

// An order's messages for the console's order page (issue 36): every message about the order, by e-mail or WhatsApp,
// and the order a WhatsApp message was about, for a shopper's reply to it. Messages name their order in the payload
// (`order_id`: the order's own, its parcel's and its refunds'), a return's messages name the return (`return_id`).

/** The order a message is about: its payload's order, or the order of its payload's return. */
const orderIdOf = sql<number | null>`coalesce(
  CASE WHEN ${outboxMessages.payload}->>'order_id' ~ '^[0-9]{1,9}$' THEN (${outboxMessages.payload}->>'order_id')::int END,
  (SELECT r.order_id FROM return_requests r
    WHERE ${outboxMessages.payload}->>'return_id' ~ '^[0-9]{1,9}$' AND r.id = (${outboxMessages.payload}->>'return_id')::int)
)`;

/** Every message about an order the viewer may see (staff: not the owners' copies), oldest first. */
export async function orderMessages(
  db: Queryable,
  settings: MailSettings,
  orderId: number,
  viewer: OutboxViewer,
): Promise<AdminOutboxSummary[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(and(sql`${orderIdOf} = ${orderId}`, shownTo(viewer)))
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id));
  const mailServer = settings.smtpUrl !== null;
  return rows.map((row) => summaryOf(row, mailServer));
}

/** The WhatsApp messages the shop sent under these ids (Meta's `wamid`s), each with its kind and order. */
export async function whatsAppMessagesOf(
  db: Queryable,
  wamids: readonly string[],
): Promise<Map<string, AdminWhatsAppAnswered>> {
  if (wamids.length === 0) return new Map();
  const rows = await db
    .select({ id: outboxMessages.id, kind: outboxMessages.kind, wamid: outboxMessages.waMessageId, orderId: orderIdOf })
    .from(outboxMessages)
    .where(inArray(outboxMessages.waMessageId, [...wamids]));
  return new Map(
    rows.flatMap((row) =>
      row.wamid === null
        ? []
        : [
            [
              row.wamid,
              { outbox_id: row.id, kind: row.kind, kind_label: kindLabel(row.kind), order_id: row.orderId ?? null },
            ] as const,
          ],
    ),
  );
}
