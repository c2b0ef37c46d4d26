import type { DatabaseHandle } from '@kapaas/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CatalogueView } from './catalogue.read-model';
import { loadCatalogueSnapshot } from './catalogue.repository';

/** The channel on which processes tell each other that the catalogue changed. */
export const CATALOGUE_CHANNEL = 'kapaas_catalogue';

/** A safety net under LISTEN/NOTIFY: a process that missed a notice is never stale for longer. */
const PERIODIC_REFRESH_MS = 5 * 60_000;

/**
 * Keeps the in-memory catalogue current: rebuilt at start, after every write this process makes
 * (`changed()`), and when another process announces a write on CATALOGUE_CHANNEL.
 */
export class CatalogueService {
  #view: CatalogueView | undefined;
  #rebuilding: Promise<void> | undefined;
  #rebuildAgain = false;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The current catalogue. */
  get view(): CatalogueView {
    if (!this.#view) throw new Error('The catalogue has not been loaded yet');
    return this.#view;
  }

  /** Rebuilds from the database; concurrent calls coalesce into at most one more rebuild. */
  async refresh(): Promise<void> {
    if (this.#rebuilding) {
      this.#rebuildAgain = true;
      return this.#rebuilding;
    }
    this.#rebuilding = (async () => {
      try {
        do {
          this.#rebuildAgain = false;
          this.#view = new CatalogueView(await loadCatalogueSnapshot(this.database.db));
        } while (this.#rebuildAgain);
      } finally {
        this.#rebuilding = undefined;
      }
    })();
    return this.#rebuilding;
  }

  /** Call after a committed write that the catalogue shows: rebuilds here and tells the other processes. */
  async changed(): Promise<void> {
    await this.refresh();
    await this.database.notify(CATALOGUE_CHANNEL, String(process.pid)).catch((err: unknown) => {
      this.log.warn({ err }, 'could not announce a catalogue change');
    });
  }

  /** Subscribes to other processes' changes; resolves to a function that stops listening. */
  async follow(): Promise<() => Promise<void>> {
    const unlisten = await this.database.listen(CATALOGUE_CHANNEL, (payload) => {
      if (payload === String(process.pid) && this.database.kind === 'pglite') return;
      this.refresh().catch((err: unknown) => this.log.error({ err }, 'catalogue refresh failed'));
    });
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
    const catalogue = new CatalogueService(app.database, app.log);
    await catalogue.refresh();
    const stopFollowing = await catalogue.follow();
    app.decorate('catalogue', catalogue);
    app.addHook('onClose', async () => stopFollowing());
  },
  { name: 'catalogue', dependencies: ['database'] },
);
