import type { Database } from '@kapaas/db';
import type { ShopMetrics } from '../plugins/metrics';

/** Tells the catalogue read model that stock rows changed (ADR 006). */
export interface CatalogueNotifier {
  stockChanged(productIds: Iterable<number>): Promise<void>;
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
