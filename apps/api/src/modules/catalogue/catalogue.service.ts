import type { DatabaseHandle } from '@kapaas/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CatalogueView } from './catalogue.read-model';
import { type CatalogueSnapshot, loadCatalogueSnapshot, loadStockOf, withStock } from './catalogue.repository';

/** The channel on which processes tell each other that the catalogue changed. */
export const CATALOGUE_CHANNEL = 'kapaas_catalogue';

/** A safety net under LISTEN/NOTIFY: a process that missed a notice is never stale for longer. */
const PERIODIC_REFRESH_MS = 5 * 60_000;

/** A notice on CATALOGUE_CHANNEL: `<pid>` for any change, `<pid> stock <id>,<id>…` for stock alone. */
const STOCK_NOTICE = ' stock ';

/**
 * Keeps the in-memory catalogue current: rebuilt at start, after every write this process makes
 * (`changed()`), and when another process announces a write on CATALOGUE_CHANNEL. A change of
 * stock alone (an order reserving, releasing or selling pieces) re-reads only those products'
 * stock rows (`stockChanged()`): a whole reload costs tens of milliseconds of PGlite's time on the
 * event loop, which checkouts would otherwise take from every shopper browsing (`npm run bench`).
 */
export class CatalogueService {
  #view: CatalogueView | undefined;
  #snapshot: CatalogueSnapshot | undefined;
  #running: Promise<void> | undefined;
  #wantFull = false;
  readonly #wantStock = new Set<number>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    /** Told how long each rebuild took (the /metrics histogram). */
    private readonly timed: (kind: 'full' | 'stock', seconds: number) => void = () => {},
  ) {}

  /** False until the first rebuild has succeeded: the process is not ready to serve (/readyz). */
  get loaded(): boolean {
    return this.#view !== undefined;
  }

  /** The current catalogue. */
  get view(): CatalogueView {
    if (!this.#view) throw new Error('The catalogue has not been loaded yet');
    return this.#view;
  }

  /** Rebuilds from the database; calls made meanwhile coalesce into at most one more rebuild. */
  refresh(): Promise<void> {
    this.#wantFull = true;
    return this.#drain();
  }

  /** Re-reads these products' stock and rebuilds the view from the last snapshot with it. */
  refreshStock(productIds: Iterable<number>): Promise<void> {
    for (const id of productIds) this.#wantStock.add(id);
    return this.#drain();
  }

  /** One rebuild at a time; whatever was asked for while it ran is done next, in one more pass. */
  #drain(): Promise<void> {
    if (!this.#running) {
      if (!this.#wantFull && this.#wantStock.size === 0) return Promise.resolve();
      this.#running = this.#rebuild().finally(() => {
        this.#running = undefined;
      });
    }
    return this.#running;
  }

  async #rebuild(): Promise<void> {
    try {
      while (this.#wantFull || this.#wantStock.size > 0) {
        const started = performance.now();
        const kind = this.#wantFull || !this.#snapshot ? 'full' : 'stock';
        if (kind === 'full' || !this.#snapshot) {
          this.#wantFull = false;
          this.#wantStock.clear();
          this.#snapshot = await loadCatalogueSnapshot(this.database.db);
        } else {
          const ids = [...this.#wantStock];
          this.#wantStock.clear();
          this.#snapshot = withStock(this.#snapshot, ids, await loadStockOf(this.database.db, ids));
        }
        this.#view = new CatalogueView(this.#snapshot);
        this.timed(kind, (performance.now() - started) / 1000);
      }
    } catch (error) {
      // What was asked for is lost with the failed read: the next rebuild of any kind reads it all.
      this.#wantFull = true;
      throw error;
    }
  }

  /** Call after a committed write that the catalogue shows: rebuilds here and tells the other processes. */
  async changed(): Promise<void> {
    await this.refresh();
    await this.#announce(String(process.pid));
  }

  /** Call after a committed change of these products' stock or reservations, and nothing else. */
  async stockChanged(productIds: Iterable<number>): Promise<void> {
    const ids = [...new Set(productIds)];
    if (ids.length === 0) return;
    await this.refreshStock(ids);
    await this.#announce(`${process.pid}${STOCK_NOTICE}${ids.join(',')}`);
  }

  async #announce(payload: string): Promise<void> {
    await this.database.notify(CATALOGUE_CHANNEL, payload).catch((err: unknown) => {
      this.log.warn({ err }, 'could not announce a catalogue change');
    });
  }

  /** Subscribes to other processes' changes; resolves to a function that stops listening. */
  async follow(): Promise<() => Promise<void>> {
    const unlisten = await this.database.listen(
      CATALOGUE_CHANNEL,
      (payload) => {
        const [pid, stock] = payload.split(STOCK_NOTICE);
        if (pid === String(process.pid) && this.database.kind === 'pglite') return;
        const ids = stock?.split(',').map(Number).filter(Number.isSafeInteger);
        const done = ids && ids.length > 0 ? this.refreshStock(ids) : this.refresh();
        done.catch((err: unknown) => this.log.error({ err }, 'catalogue refresh failed'));
      },
      {
        lost: (err) => this.log.warn({ err }, 'lost the connection that hears catalogue changes: reconnecting'),
        resumed: () => {
          // Whatever was announced while nobody listened was missed: read it all once.
          this.log.info('listening again for notices of catalogue changes: rebuilding the catalogue once');
          this.refresh().catch((err: unknown) => this.log.error({ err }, 'catalogue rebuild after a gap failed'));
        },
      },
    );
    const timer = setInterval(() => {
      this.refresh().catch((err: unknown) => this.log.error({ err }, 'periodic catalogue refresh failed'));
    }, PERIODIC_REFRESH_MS);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await unlisten();
    };
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueService;
  }
}

/** Loads the catalogue before the server answers, and follows changes until it closes. */
export const cataloguePlugin = fp(
  async (app: FastifyInstance) => {
    const catalogue = new CatalogueService(app.database, app.log, (kind, seconds) =>
      app.metrics.catalogueRebuilt(kind, seconds),
    );
    await catalogue.refresh();
    const stopFollowing = await catalogue.follow();
    app.decorate('catalogue', catalogue);
    app.addHook('onClose', async () => stopFollowing());
  },
  { name: 'catalogue', dependencies: ['database', 'metrics'] },
);
