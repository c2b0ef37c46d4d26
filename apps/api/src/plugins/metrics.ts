import { createHash, timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { count, isNull, OUTBOX_STATUSES, outboxMessages, sandboxRazorpayWebhooks } from '@kapaas/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ShopMetrics } from '../lib/deps';
import { unknownEndpoint } from './errors';
import { RouteTimings } from './route-timings';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's counters, one set per app instance. */
    metrics: ShopMetrics;
  }
}

/** What the shop's code calls when /metrics is off: nothing is counted, nothing costs. */
const NOT_COUNTED: ShopMetrics = {
  orderPlaced: () => undefined,
  orderPaid: () => undefined,
  paymentFailed: () => undefined,
  webhookReceived: () => undefined,
  catalogueRebuilt: () => undefined,
};

/** How /metrics appears in the OpenAPI document, on or off. */
const METRICS_ROUTE = { tags: ['health'], summary: 'Prometheus metrics of this process (Bearer METRICS_TOKEN)' };

/** Route label for requests no route matched: one series, not one per scanned URL. */
const UNMATCHED = '(unmatched)';

/** The counts the shop's own code makes (ShopMetrics), as Prometheus counters and a histogram in `registry`. */
function shopCounters(registry: Registry): ShopMetrics {
  const registers = [registry];
  const placed = new Counter({ name: 'kapaas_orders_placed_total', help: 'Orders placed.', registers });
  const paid = new Counter({
    name: 'kapaas_orders_paid_total',
    help: 'Orders that became paid, by who settled them.',
    labelNames: ['source'],
    registers,
  });
  const failures = new Counter({
    name: 'kapaas_payment_failures_total',
    help: 'Payments that failed: declined, or the provider could not open the payment.',
    labelNames: ['reason'],
    registers,
  });
  const webhooks = new Counter({
    name: 'kapaas_webhooks_received_total',
    help: 'Razorpay webhook deliveries received, by event and what the shop made of them.',
    labelNames: ['event', 'outcome'],
    registers,
  });
  const rebuilds = new Histogram({
    name: 'kapaas_catalogue_rebuild_duration_seconds',
    help: 'Time to apply a change to the in-memory catalogue: a whole load, the small tables, some products, or some products’ stock.',
    labelNames: ['kind'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  return {
    orderPlaced: () => placed.inc(),
    orderPaid: (source) => paid.inc({ source }),
    paymentFailed: (reason) => failures.inc({ reason }),
    webhookReceived: (event, outcome) => webhooks.inc({ event, outcome }),
    catalogueRebuilt: (kind, seconds) => rebuilds.observe({ kind }, seconds),
  };
}

/** How often the event loop's monitor samples (ms): the longest delay it reports is at most this much over a stall. */
const LOOP_RESOLUTION_MS = 5;

/** The process's own gauges: the event loop's delay since the previous scrape, and resident memory. */
function processGauges(app: FastifyInstance, registry: Registry): void {
  const registers = [registry];
  // The event loop's delay since the previous scrape, sampled every 5 ms by Node itself. Node records the time
  // between two samples, which holds a stall and up to one period besides: sampled every 20 ms, a 30 ms stall read as
  // 30–50 ms (ADR 064, 2026-11-28). Every 5 ms, a quantile is the stall's length and at most 5 ms more, and a
  // quiet loop reads 5 ms.
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  app.addHook('onClose', async () => loop.disable());
  new Gauge({
    name: 'kapaas_event_loop_delay_seconds',
    help: 'Event-loop delay since the previous scrape, by quantile.',
    labelNames: ['quantile'],
    registers,
    collect() {
      for (const quantile of [0.5, 0.9, 0.99, 1]) {
        const nanoseconds = loop.count === 0 ? 0 : loop.percentile(quantile * 100);
        this.set({ quantile: String(quantile) }, nanoseconds / 1e9);
      }
      loop.reset();
    },
  });
  new Gauge({
    name: 'kapaas_process_resident_memory_bytes',
    help: 'Resident memory of this process.',
    registers,
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
}

/** What waits to be sent, counted at each scrape: the sandbox's webhooks and the mail outbox by status. */
function outboxGauges(app: FastifyInstance, registry: Registry): void {
  const registers = [registry];
  new Gauge({
    name: 'kapaas_sandbox_webhook_outbox_pending',
    help: 'Webhooks of the built-in Razorpay sandbox not yet delivered to the shop (0 with real Razorpay).',
    registers,
    async collect() {
      if (!app.payments?.sandbox) return this.set(0);
      try {
        const [row] = await app.database.db
          .select({ n: count() })
          .from(sandboxRazorpayWebhooks)
          .where(isNull(sandboxRazorpayWebhooks.deliveredAt));
        this.set(row?.n ?? 0);
      } catch (err) {
        // A scrape must not fail with the database: the series keeps its last value.
        app.log.warn({ err }, 'metrics: could not count the sandbox webhook outbox');
      }
    },
  });
  new Gauge({
    name: 'kapaas_mail_outbox_messages',
    help: 'Messages in the outbox by status: queued and sending wait for the mail server; failed ones were given up.',
    labelNames: ['status'],
    registers,
    async collect() {
      try {
        const rows = await app.database.db
          .select({ status: outboxMessages.status, n: count() })
          .from(outboxMessages)
          .groupBy(outboxMessages.status);
        for (const status of OUTBOX_STATUSES) this.set({ status }, rows.find((row) => row.status === status)?.n ?? 0);
      } catch (err) {
        app.log.warn({ err }, 'metrics: could not count the mail outbox');
      }
    },
  });
}

/** `GET /metrics`: the registry's series, to a caller that sends `Authorization: Bearer <token>`. */
function metricsRoute(app: FastifyInstance, token: string, registry: Registry): void {
  const expected = digest(token);
  app.get('/metrics', { schema: METRICS_ROUTE }, async (request: FastifyRequest, reply: FastifyReply) => {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    if (scheme !== 'Bearer' || !given || !timingSafeEqual(digest(given), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ success: false, message: 'A valid metrics token is required.', code: 'UNAUTHORIZED' });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
}

/**
 * Prometheus metrics for this process (ADR 018), in a Registry of this app's own: tests build many
 * shops in one process, and each must count only its own. `GET /metrics` serves them to a caller
 * that sends `Authorization: Bearer <METRICS_TOKEN>`; without the setting the route answers 404,
 * as an unknown path would, and nothing is measured (no per-request timing, no event-loop monitor). Scrape every process directly (its own port): behind the load
 * balancer each scrape would reach a different process.
 */
export const metricsPlugin = fp<{ token: string | undefined }>(
  async (app: FastifyInstance, { token }) => {
    if (token === undefined) {
      app.decorate('metrics', NOT_COUNTED);
      app.get('/metrics', { schema: METRICS_ROUTE }, async (request, reply) =>
        reply.code(404).send(unknownEndpoint(request.method, request.url)),
      );
      return;
    }
    const registry = new Registry();
    const requests = new RouteTimings(
      'http_request_duration_seconds',
      'Time to answer a request, by route pattern, method and status.',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    );
    registry.registerMetric(requests.asMetric());
    app.decorate('metrics', shopCounters(registry));
    processGauges(app, registry);
    outboxGauges(app, registry);

    // No hook of its own (ADR 027): the request log (RequestLog), which runs once per answer, calls it.
    app.decorate('answerObserver', (request: FastifyRequest, reply: FastifyReply, ms: number) => {
      const route = request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED);
      requests.observe(request.method, route, reply.statusCode, ms / 1000);
    });
    metricsRoute(app, token, registry);
  },
  { name: 'metrics', dependencies: ['database'] },
);

/** Hashing both sides gives equal lengths for timingSafeEqual, whatever was sent. */
function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
