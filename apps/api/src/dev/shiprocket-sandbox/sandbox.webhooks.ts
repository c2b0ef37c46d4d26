import type { Database } from '@kapaas/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createWebhookDeliverer as createDeliverer, isDelivered, type WebhookDeliverer } from '../webhook-deliverer';
import { SANDBOX_WEBHOOK_TOKEN, WEBHOOK_PATH } from './sandbox.constants';
import * as repo from './sandbox.repository';

export type { WebhookDeliverer } from '../webhook-deliverer';

/** A 5xx, no answer, or a 404 (the shop's receiver not there yet) is tried again; any other refusal is not. */
const isRetried = (status: number | null) => status === null || status >= 500 || status === 404;

/** Posts one stored webhook to the shop, records the answer on its row and answers the status. */
async function deliverOne(
  app: FastifyInstance,
  db: Database,
  log: FastifyBaseLogger,
  row: repo.WebhookRow,
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
        'x-api-key': SANDBOX_WEBHOOK_TOKEN,
        'user-agent': 'Shiprocket-Webhook (Kapaas sandbox)',
      },
    });
    status = response.statusCode;
  } catch (err) {
    log.warn({ err, awb: row.awb, webhook: row.id }, 'sandbox tracking webhook delivery failed');
  }
  const delivered = isDelivered(status);
  await repo.recordDelivery(db, row.id, status, delivered);
  const level = delivered ? 'info' : status === 404 ? 'warn' : 'error';
  log[level](
    { awb: row.awb, statusId: row.statusId, webhook: row.id, status, attempt },
    status === 404
      ? `sandbox tracking webhook: the shop has no ${WEBHOOK_PATH} route yet`
      : `sandbox tracking webhook answered ${status ?? 'nothing'}`,
  );
  return status;
}

/**
 * Delivers the sandbox's tracking webhooks to the shop's POST /api/shiprocket_webhook in-process, through
 * `app.inject` (no network), with the stored raw body and `x-api-key: <the sandbox's token>`, as Shiprocket sends
 * them. A 2xx marks the row delivered; a 5xx, a 404 or a failure is retried twice (1 s, then 5 s later), and a start
 * of the shop retries what is still owed; any other answer (401 for a refused token) is logged and kept on the row.
 */
export function createWebhookDeliverer(app: FastifyInstance, db: Database, log: FastifyBaseLogger): WebhookDeliverer {
  return createDeliverer(
    {
      name: 'sandbox tracking webhooks',
      sendable: (ids) => repo.sendableWebhooks(db, ids),
      deliverOne: (row, attempt) => deliverOne(app, db, log, row, attempt),
      retried: isRetried,
      owed: (attempts) => repo.pendingWebhooks(db, attempts),
    },
    log,
  );
}
