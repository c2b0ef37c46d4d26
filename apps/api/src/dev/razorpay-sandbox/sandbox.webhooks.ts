import type { Database } from '@kapaas/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createWebhookDeliverer as createDeliverer, isDelivered, type WebhookDeliverer } from '../webhook-deliverer';
import { WEBHOOK_PATH } from './sandbox.constants';
import * as repo from './sandbox.repository';

export type { WebhookDeliverer } from '../webhook-deliverer';

/** Posts one stored webhook to the shop, records the answer on its row and answers the status. */
async function deliverOne(
  app: FastifyInstance,
  db: Database,
  log: FastifyBaseLogger,
  row: repo.SandboxWebhookRow,
  attempt: number,
): Promise<number | null> {
  let status: number | null = null;
  try {
    const response = await app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      payload: row.body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': row.signature,
        'x-razorpay-event-id': row.eventId,
        'user-agent': 'Razorpay-Webhook/v1 (Kapaas sandbox)',
      },
    });
    status = response.statusCode;
  } catch (err) {
    log.warn({ err, event: row.event, eventId: row.eventId }, 'sandbox webhook delivery failed');
  }
  const delivered = isDelivered(status);
  await repo.recordDelivery(db, row.id, status, delivered);
  const level = delivered ? 'info' : status === 404 ? 'warn' : 'error';
  log[level](
    { event: row.event, eventId: row.eventId, status, attempt },
    status === 404
      ? `sandbox webhook ${row.event}: the shop has no ${WEBHOOK_PATH} route yet`
      : `sandbox webhook ${row.event} answered ${status ?? 'nothing'}`,
  );
  return status;
}

/**
 * Delivers the sandbox's webhooks to the shop's POST /api/razorpay_webhook in-process, through
 * `app.inject` (no network), with the raw body and `X-Razorpay-Signature` stored at the event, and
 * `x-razorpay-event-id`. A 2xx marks the row delivered; a 5xx or a failure is retried twice; any
 * other answer (404 while the receiver does not exist yet, 400 for a refused signature) is logged
 * and kept on the row (`last_status`).
 */
export function createWebhookDeliverer(app: FastifyInstance, db: Database, log: FastifyBaseLogger): WebhookDeliverer {
  return createDeliverer(
    {
      name: 'sandbox webhooks',
      sendable: (ids) => repo.undeliveredWebhooks(db, ids),
      deliverOne: (row, attempt) => deliverOne(app, db, log, row, attempt),
      retried: (status) => status === null || status >= 500,
      owed: (attempts) => repo.pendingWebhooks(db, attempts),
    },
    log,
  );
}
