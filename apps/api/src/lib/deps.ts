import type { Database } from '@kapaas/db';

/** Tells the catalogue read model that stock rows changed (ADR 006). */
export interface CatalogueNotifier {
  stockChanged(productIds: Iterable<number>): Promise<void>;
}

/**
 * What the shop's own code counts. plugins/metrics.ts implements it with Prometheus and measures the route timings
 * and the event loop itself; it is declared here, beside the services that call it, so that lib/ imports nothing from
 * plugins/ (ADR 041).
 */
export interface ShopMetrics {
  /** A new order was placed (a repeated first call that answers the same order is not counted). */
  orderPlaced(): void;
  /** An order became paid, by the checkout's second call, the webhook or the expiry check. */
  orderPaid(source: string): void;
  /** A payment failed: declined by the bank, or the provider order could not be opened. */
  paymentFailed(reason: 'declined' | 'provider_unavailable' | 'cod_refused'): void;
  /** A Razorpay webhook reached the shop; outcome is what the shop made of it (or why it refused it). */
  webhookReceived(event: string, outcome: string): void;
  /** Times one change applied to the in-memory catalogue. */
  catalogueRebuilt(kind: 'full' | 'structure' | 'products' | 'stock', seconds: number): void;
}

type LogFn = (details: object, message: string) => void;

/** The logging services use: structured details first, then the message (pino's shape, without Fastify). */
export interface Logger {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
  child(bindings: Record<string, unknown>): Logger;
}

/**
 * What the app gives its services (ADR 021), built once in app.ts. A service that needs more than
 * the database takes `deps: Pick<ServiceDeps, …>` as its first parameter; one that needs only the
 * database takes `db: Queryable`. Who is asking (the Owner) is an argument, never a dependency.
 *
 * This ground floor knows no module (ADR 039): a module that lends the services a dependency adds its
 * field to this interface itself, by declaration merging (`declare module '../../lib/deps'`), beside
 * the type it lends. Today: `catalogue` (catalogue/catalogue.deps.ts), `payments`
 * (razorpay/razorpay.plugin.ts) and `mail` (mail/settings.ts).
 */
export interface ServiceDeps {
  db: Database;
  log: Logger;
  /** The shop's counters; absent in tests that do not count. */
  metrics?: ShopMetrics | undefined;
}
