import { createHmac } from 'node:crypto';
import { type Database, sandboxWhatsappWebhooks } from '@kapaas/db';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createWebhookDeliverer as createDeliverer, isDelivered, type WebhookDeliverer } from '../webhook-deliverer';
import { SANDBOX_APP_SECRET, WEBHOOK_PATH } from './sandbox.constants';

export type { WebhookDeliverer } from '../webhook-deliverer';

type Row = typeof sandboxWhatsappWebhooks.$inferSelect;

/** Meta's signature of a webhook: `sha256=` + hex(HMAC-SHA256(raw body, app secret)). */
export const signatureOf = (body: string, secret = SANDBOX_APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const isRetried = (status: number | null) => status === null || status >= 500 || status === 404;

async function deliverOne(app: FastifyInstance, db: Database, log: FastifyBaseLogger, row: Row, attempt: number) {
  let status: number | null = null;
  try {
    const response = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      payload: row.body,
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signatureOf(row.body),
        'user-agent': 'facebookexternalua (Kapaas WhatsApp sandbox)',
      },
    });
    status = response.statusCode;
  } catch (err) {
    log.warn({ err, webhook: row.id }, 'sandbox WhatsApp webhook delivery failed');
  }
  const delivered = isDelivered(status);
  await db
    .update(sandboxWhatsappWebhooks)
    .set({
      attempts: sql`${sandboxWhatsappWebhooks.attempts} + 1`,
      lastStatus: status,
      ...(delivered ? { deliveredAt: new Date() } : {}),
    })
    .where(eq(sandboxWhatsappWebhooks.id, row.id));
  log[delivered ? 'info' : 'warn'](
    { wamid: row.wamid, event: row.event, webhook: row.id, status, attempt },
    `sandbox WhatsApp webhook answered ${status ?? 'nothing'}`,
  );
  return status;
}

/**
 * Delivers the sandbox's webhooks to the shop's POST /api/whatsapp_webhook in-process, through `app.inject`, with
 * the stored raw body signed as Meta signs it (X-Hub-Signature-256 under the sandbox's app secret). A 2xx marks the
 * row delivered; a 5xx, a 404 or no answer is tried again (src/dev/webhook-deliverer.ts).
 */
export function createWebhookDeliverer(app: FastifyInstance, db: Database, log: FastifyBaseLogger): WebhookDeliverer {
  return createDeliverer<Row>(
    {
      name: 'sandbox WhatsApp webhooks',
      async sendable(ids) {
        if (ids.length === 0) return [];
        const rows = await db
          .select()
          .from(sandboxWhatsappWebhooks)
          .where(and(inArray(sandboxWhatsappWebhooks.id, ids), isNull(sandboxWhatsappWebhooks.deliveredAt)));
        // In the order asked for: a test asking for statuses out of order gets them so.
        return ids.flatMap((id) => rows.filter((row) => row.id === id));
      },
      deliverOne: (row, attempt) => deliverOne(app, db, log, row, attempt),
      retried: isRetried,
      owed: (attempts) =>
        db
          .select({ id: sandboxWhatsappWebhooks.id })
          .from(sandboxWhatsappWebhooks)
          .where(
            and(
              isNull(sandboxWhatsappWebhooks.deliveredAt),
              eq(sandboxWhatsappWebhooks.held, false),
              lt(sandboxWhatsappWebhooks.attempts, attempts),
            ),
          )
          .orderBy(asc(sandboxWhatsappWebhooks.id)),
    },
    log,
  );
}
