import type { FastifyBaseLogger } from 'fastify';

/** A sandbox's sender of its stored webhooks to the shop (the Razorpay and the Shiprocket sandboxes, ADR 022). */
export interface WebhookDeliverer {
  /** Sends these outbox rows, in this order, after the current request is answered; never throws. */
  send(ids: number[]): void;
  /** Sends what an earlier process left owed; call once the shop can answer. Never throws. */
  resume(): Promise<void>;
  /** Resolves when every delivery started so far (not the delayed retries) has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** What a sandbox's outbox gives the deliverer. */
export interface WebhookOutbox<Row extends { id: number }> {
  /** Which of these rows are still to be sent, in order. */
  sendable(ids: number[]): Promise<Row[]>;
  /** Posts one row to the shop, records the answer on it, and answers the HTTP status (null: no answer). */
  deliverOne(row: Row, attempt: number): Promise<number | null>;
  /** Whether an answer that did not deliver the row is tried again (a 5xx, no answer, …). */
  retried(status: number | null): boolean;
  /** The rows an earlier run left owed, tried fewer than `attempts` times. */
  owed(attempts: number): Promise<{ id: number }[]>;
  /** How the log names these webhooks ("sandbox webhooks", "sandbox tracking webhooks"). */
  name: string;
}

/** Pauses before the 2nd and 3rd delivery of a webhook the shop did not take. */
const RETRY_DELAYS_MS = [1_000, 5_000];

export const isDelivered = (status: number | null) => status !== null && status >= 200 && status < 300;

/**
 * Delivers a sandbox's stored webhooks in-process after the answer that made them, as the provider would: a 2xx
 * marks a row delivered (the outbox's deliverOne records it), an answer the outbox retries is tried twice more (1 s,
 * then 5 s later), and a start of the shop sends what is still owed.
 */
export function createWebhookDeliverer<Row extends { id: number }>(
  outbox: WebhookOutbox<Row>,
  log: FastifyBaseLogger,
): WebhookDeliverer {
  const running = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function deliver(ids: number[], attempt: number): Promise<void> {
    if (closed) return;
    const retry: number[] = [];
    for (const row of await outbox.sendable(ids)) {
      if (closed) return;
      const status = await outbox.deliverOne(row, attempt);
      if (!isDelivered(status) && outbox.retried(status)) retry.push(row.id);
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
      if (!closed) log.error({ err }, `${outbox.name}: delivery crashed`);
    });
    running.add(guarded);
    void guarded.finally(() => running.delete(guarded));
  }

  return {
    send(ids) {
      if (ids.length === 0 || closed) return;
      // After the answer: the reply to the request that made the webhooks goes out first, as with the provider.
      track(new Promise<void>((resolve) => setImmediate(resolve)).then(() => deliver(ids, 1)));
    },
    async resume() {
      try {
        const owed = await outbox.owed(RETRY_DELAYS_MS.length + 1);
        if (owed.length === 0) return;
        log.info({ count: owed.length }, `${outbox.name} left undelivered by an earlier run: sending them`);
        this.send(owed.map((row) => row.id));
      } catch (err) {
        log.error({ err }, `could not read the ${outbox.name} left undelivered`);
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
