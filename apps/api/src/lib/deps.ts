import type { Database } from '@kapaas/db';
import type { CatalogueChange, CatalogueView } from '../modules/catalogue';
import type { MailSettings } from '../modules/mail';
import type { Payments } from '../modules/razorpay';
import type { ShopMetrics } from '../plugins/metrics';

/** Tells the catalogue read model that stock rows changed (ADR 006). */
export interface CatalogueNotifier {
  stockChanged(productIds: Iterable<number>): Promise<void>;
}

/**
 * The catalogue read model as services reach it (`deps.catalogue`): a component that lives as long
 * as the app (it listens for changes and rebuilds, ADR 006), not a service. Its current view, and
 * the calls that tell it what a committed write changed.
 */
export interface Catalogue extends CatalogueNotifier {
  /** The catalogue as it is now (the admin can change its settings, such as the per-order cap). */
  readonly view: CatalogueView;
  /** Applies a committed write the catalogue shows (some products, or the small tables), and tells the other processes. */
  changed(change?: CatalogueChange): Promise<void>;
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
 */
export interface ServiceDeps {
  db: Database;
  /** The payment provider: Razorpay or the built-in sandbox. */
  payments: Payments;
  catalogue: Catalogue;
  log: Logger;
  /** Where messages go and how links in them are made (mail module). */
  mail: MailSettings;
  /** The shop's counters; absent in tests that do not count. */
  metrics?: ShopMetrics | undefined;
}
