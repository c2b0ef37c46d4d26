import type { Database } from '@kapaas/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { SANDBOX_WEBHOOK_TOKEN, WEBHOOK_PATH } from './sandbox.constants';
import * as repo from './sandbox.repository';

/** Pauses before the 2nd and 3rd delivery of a webhook the shop answered with a 5xx, a 404 or not at all. */
const RETRY_DELAYS_MS = [1_000, 5_000];

export interface WebhookDeliverer {
  /** Sends these outbox rows, in this order, after the current request is answered; never throws. */
  send(ids: number[]): void;
  /** Sends what an earlier process left owed; call once the shop can answer. Never throws. */
  resume(): Promise<void>;
  /** Resolves when every delivery started so far (not the delayed retries) has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const isDelivered = (status: number | null) => status !== null && status >= 200 && status < 300;
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
  const running = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function deliver(ids: number[], attempt: number): Promise<void> {
    if (closed) return;
    const rows = await repo.sendableWebhooks(db, ids);
    const retry: number[] = [];
    for (const row of rows) {
      if (closed) return;
      const status = await deliverOne(app, db, log, row, attempt);
      if (!isDelivered(status) && isRetried(status)) retry.push(row.id);
    }
    const delay = RETRY_DELAYS_MS[attempt - 1];
    if (retry.length > 0 && delay !== undefined && !closed) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        track(deliver(retry, attempt + 1));
      }, delay);
      timer.unref();
      timers.add(timer);
    }
  }

  function track(work: Promise<void>) {
    const guarded = work.catch((err) => {
      if (!closed) log.error({ err }, 'sandbox tracking webhook delivery crashed');
    });
    running.add(guarded);
    void guarded.finally(() => running.delete(guarded));
  }

  return {
    send(ids) {
      if (ids.length === 0 || closed) return;
      // After the answer: the reply to the request that moved the shipment goes out first.
      const started = new Promise<void>((resolve) => setImmediate(resolve)).then(() => deliver(ids, 1));
      track(started);
    },
    async resume() {
      try {
        const owed = await repo.pendingWebhooks(db, RETRY_DELAYS_MS.length + 1);
        if (owed.length === 0) return;
        log.info({ count: owed.length }, 'sandbox tracking webhooks left undelivered by an earlier run: sending them');
        this.send(owed.map((row) => row.id));
      } catch (err) {
        log.error({ err }, 'could not read the sandbox tracking webhooks left undelivered');
      }
    },
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
      closed = true;
    },
  };
}
