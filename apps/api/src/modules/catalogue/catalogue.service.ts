import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DatabaseHandle } from '@kapaas/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/errors';
import { type CatalogueProduct, CatalogueView, LISTING_ORDERS } from './catalogue.read-model';
import {
  loadProductChunk,
  loadProducts,
  loadRatingsOf,
  loadStockOf,
  loadStructure,
  type StockRow,
} from './catalogue.repository';

/** The channel on which processes tell each other that the catalogue changed. */
export const CATALOGUE_CHANNEL = 'kapaas_catalogue';

/**
 * Products read per query in a whole load: fewer, bigger chunks win (50,000 products in 3.8 s
 * against 6.5 s in chunks of 500, measured with PGlite still in the server's thread). The event
 * loop holds only the staging of one chunk at a time.
 */
const LOAD_CHUNK = 2_000;
/**
 * During the first load, a full collection every this many chunks. Each chunk leaves its text and
 * parsed rows behind (1.6 MB of JSON for 2,000 products); left to itself V8 lets the heap grow by
 * more than 100 MB before collecting, and never gives those pages back to the system.
 */
const COLLECT_EVERY_CHUNKS = 4;
/**
 * Products re-read per step when some changed: a step holds the event loop while it stages them (about 0.1 s for 2,000
 * on this machine). In a 50,000-row import 200 held it for 60–70 ms, and 50 for up to 76 ms when the sorted lists'
 * inserts met a collection and the database's thread on this 2-core machine; so an import's 10,000 products are
 * applied 25 at a time, a turn of the loop between steps.
 */
const APPLY_CHUNK = 25;

/** A full collection when node runs with --expose-gc, as the compiled shop does (scripts/lib/server-args.mjs). */
function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc === 'function') gc();
}
/** Past this many product ids a notice says "reload everything" instead (a notice holds at most 8,000 bytes). */
const MAX_NOTICE_IDS = 500;

/**
 * A catalogue as its notices name it: its process's pid and a random tag, since processes in separate containers
 * often have the same pid (and a test may hold two catalogues in one process). A catalogue skips the notices it sent
 * itself, having applied the change before sending: on PostgreSQL it heard them too, and a change of over
 * MAX_NOTICE_IDS products made it read its whole catalogue again (255 ms of stalls after a 10,000-product import).
 */
const noticeSender = () => `${process.pid}-${randomBytes(4).toString('hex')}`;

/** What a committed write changed: some products (added, edited, archived, deleted), or the small tables and settings. */
export type CatalogueChange = { products: readonly number[] } | { structure: true };

/**
 * Told when the catalogue changes, to keep something derived from it (the search index) current
 * as the catalogue does: incrementally.
 */
export interface CatalogueListener {
  /** A whole catalogue was loaded (at start, or after missed notices): derive everything from it, in chunks. */
  loaded(view: CatalogueView): Promise<void>;
  /**
   * These products were just read into `view` while a whole load is in progress (before `loaded`
   * with the same view): what is derived from each product alone can be built now, while the
   * database reads the next chunk.
   */
  staged?(view: CatalogueView, products: readonly CatalogueProduct[]): void;
  /** These products were added, changed or removed (not their stock). */
  productsChanged(view: CatalogueView, productIds: readonly number[]): void;
  /** The small tables changed (a category's name, say). */
  structureChanged(view: CatalogueView): void;
  /**
   * These products' published reviews changed (written, edited, voted on, hidden or shown): re-derive what shows
   * them, and say whether anything changed (the version then moves, so that cached pages are rendered again).
   */
  reviewsChanged?(productIds: readonly number[]): Promise<boolean>;
}

/**
 * A notice on CATALOGUE_CHANNEL: `<pid>` (reload everything), `<pid> stock <ids>`,
 * `<pid> products <ids>`, `<pid> reviews <ids>` or `<pid> structure`.
 */
type Notice = { pid: string } & (
  | { kind: 'all' }
  | { kind: 'structure' }
  | { kind: 'stock' | 'products' | 'reviews'; ids: number[] }
);

export function parseNotice(payload: string): Notice {
  const [pid = '', kind, ids] = payload.split(' ');
  const list = (ids ?? '')
    .split(',')
    .filter((id) => /^[1-9][0-9]*$/.test(id))
    .map(Number);
  if ((kind === 'stock' || kind === 'products' || kind === 'reviews') && list.length > 0) {
    return { pid, kind, ids: list };
  }
  if (kind === 'structure') return { pid, kind };
  return { pid, kind: 'all' };
}

/**
 * Keeps the in-memory catalogue current (ADR 025). Loaded whole once, in chunks, at start; then
 * changed in place from what each committed write says it changed: a stock change re-reads those
 * products' stock rows, an edited product re-reads that product, an edited category or setting
 * re-reads the small tables. Other processes hear the same through notices on CATALOGUE_CHANNEL.
 * The catalogue is read whole again only when notices may have been missed (the listening
 * connection was lost), and then in chunks into a new view that replaces the old one when done.
 */
export class CatalogueService {
  #view: CatalogueView | undefined;
  #loaded: Promise<void> | undefined;
  #running: Promise<void> | undefined;
  #wantAll = false;
  #wantStructure = false;
  readonly #wantProducts = new Set<number>();
  readonly #wantStock = new Set<number>();
  readonly #wantRatings = new Set<number>();
  readonly #listeners: CatalogueListener[] = [];
  readonly #sender = noticeSender();
  #version = 0;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    /** Told how long each change took to apply (the /metrics histogram). */
    private readonly timed: (kind: 'full' | 'stock' | 'products' | 'structure', seconds: number) => void = () => {},
  ) {}

  /** False until the first whole load has finished: the process is not ready to serve (/readyz). */
  get loaded(): boolean {
    return this.#view !== undefined;
  }

  /**
   * Goes up with every change applied to what the storefront shows: a whole load, the small
   * tables, products added, edited or removed, and stock (which changes what a product page
   * offers). Never goes down, across whole loads too; what is derived from the catalogue (the
   * sitemap, server-rendered pages) is valid for one version. 0 until the first load.
   */
  get version(): number {
    return this.#version;
  }

  /** The current catalogue; a clear 503 while it is still loading. */
  get view(): CatalogueView {
    if (!this.#view) throw new AppError('UNAVAILABLE', 'The shop is starting. Please try again in a moment.');
    return this.#view;
  }

  /** Derives something from the catalogue and keeps it current; call before the first load. */
  listen(listener: CatalogueListener): void {
    if (this.#loaded) throw new Error('A catalogue listener must be added before the catalogue loads');
    this.#listeners.push(listener);
  }

  /** Starts the first whole load (once); resolves when the catalogue and everything derived from it are ready. */
  whenLoaded(): Promise<void> {
    this.#loaded ??= this.refresh();
    return this.#loaded;
  }

  /** Resolves when no change is being applied (successfully or not): before the database closes. */
  async settled(): Promise<void> {
    while (this.#running) await this.#running.catch(() => {});
  }

  /** Reads the whole catalogue again (in chunks); calls made meanwhile are applied after it. */
  refresh(): Promise<void> {
    this.#wantAll = true;
    return this.#drain();
  }

  /** Applies a change another process (or this one) made. */
  apply(change: CatalogueChange): Promise<void> {
    if ('structure' in change) this.#wantStructure = true;
    else for (const id of change.products) this.#wantProducts.add(id);
    return this.#drain();
  }

  /** Re-reads these products' stock. */
  refreshStock(productIds: Iterable<number>): Promise<void> {
    for (const id of productIds) this.#wantStock.add(id);
    return this.#drain();
  }

  /** Re-reads these products' review numbers (review_stats), and has the listeners re-read their reviews. */
  refreshReviews(productIds: Iterable<number>): Promise<void> {
    for (const id of productIds) this.#wantRatings.add(id);
    return this.#drain();
  }

  /** One change at a time, in order; whatever was asked for meanwhile is done next. */
  #drain(): Promise<void> {
    if (!this.#running) {
      this.#running = this.#work().finally(() => {
        this.#running = undefined;
      });
    }
    return this.#running;
  }

  async #work(): Promise<void> {
    try {
      while (this.#pending()) {
        const started = performance.now();
        const { kind, changed } = await this.#step();
        if (changed) this.#version += 1;
        this.timed(kind, (performance.now() - started) / 1000);
      }
    } catch (error) {
      // What was asked for is lost with the failed read: the next change of any kind reads it all.
      this.#wantAll = true;
      throw error;
    }
  }

  #pending(): boolean {
    return (
      this.#wantAll ||
      this.#wantStructure ||
      this.#wantProducts.size > 0 ||
      this.#wantStock.size > 0 ||
      this.#wantRatings.size > 0
    );
  }

  /**
   * Does the biggest outstanding change: all, else the small tables, else products, else stock;
   * and says whether the view changed.
   */
  async #step(): Promise<{ kind: 'full' | 'structure' | 'products' | 'stock'; changed: boolean }> {
    if (this.#wantAll || !this.#view) {
      this.#wantAll = false;
      this.#wantStructure = false;
      this.#wantProducts.clear();
      this.#wantStock.clear();
      this.#wantRatings.clear();
      await this.#loadAll();
      return { kind: 'full', changed: true };
    }
    const view = this.#view;
    if (this.#wantStructure) {
      this.#wantStructure = false;
      view.applyStructure(await loadStructure(this.database.db));
      for (const listener of this.#listeners) listener.structureChanged(view);
      return { kind: 'structure', changed: true };
    }
    if (this.#wantProducts.size > 0) {
      const ids = [...this.#wantProducts].slice(0, APPLY_CHUNK);
      for (const id of ids) this.#wantProducts.delete(id);
      const rows = await loadProducts(this.database.db, ids);
      const found = new Set(rows.map((row) => row.id));
      const before = view.version;
      for (const row of rows) view.upsert(row);
      for (const id of ids) if (!found.has(id)) view.remove(id);
      for (const listener of this.#listeners) listener.productsChanged(view, ids);
      return { kind: 'products', changed: view.version !== before };
    }
    // Review numbers change cards only, as stock does: the metrics count them with stock.
    if (this.#wantStock.size === 0) return { kind: 'stock', changed: await this.#applyRatings(view) };
    const ids = [...this.#wantStock].slice(0, LOAD_CHUNK);
    for (const id of ids) this.#wantStock.delete(id);
    const byProduct = new Map<number, StockRow[]>(ids.map((id) => [id, []]));
    for (const row of await loadStockOf(this.database.db, ids)) byProduct.get(row.productId)?.push(row);
    let changed = false;
    for (const [id, stock] of byProduct) changed = view.setStock(id, stock) || changed;
    return { kind: 'stock', changed };
  }

  /**
   * Re-reads the review numbers asked for (a chunk), and the listeners their reviews; says whether any card, or
   * anything a listener derives from the reviews, changed.
   */
  async #applyRatings(view: CatalogueView): Promise<boolean> {
    const ids = [...this.#wantRatings].slice(0, LOAD_CHUNK);
    for (const id of ids) this.#wantRatings.delete(id);
    const numbers = new Map<number, { count: number; sum: number }>(ids.map((id) => [id, { count: 0, sum: 0 }]));
    for (const row of await loadRatingsOf(this.database.db, ids)) numbers.set(row.productId, row);
    let changed = false;
    for (const [id, { count, sum }] of numbers) changed = view.setRating(id, count, sum) || changed;
    for (const listener of this.#listeners) {
      if (listener.reviewsChanged) changed = (await listener.reviewsChanged(ids)) || changed;
    }
    return changed;
  }

  /** Reads everything into a new view, a chunk at a time, yielding between chunks; then it replaces the old one. */
  async #loadAll(): Promise<void> {
    const db = this.database.db;
    const began = performance.now();
    const view = new CatalogueView(await loadStructure(db));
    // The next chunk is asked for before this one is staged: the database reads it (in its own
    // thread on PGlite, or its own process) while this thread turns the last one into products.
    type Chunk = Awaited<ReturnType<typeof loadProductChunk>>;
    let next: Promise<Chunk> | undefined = loadProductChunk(db, 0, LOAD_CHUNK);
    // The first load runs before anything is served: no shopper waits on a full collection then.
    const first = this.#view === undefined;
    for (let chunks = 1; next; chunks++) {
      const chunk: Chunk = await next;
      next = chunk.last === undefined ? undefined : loadProductChunk(db, chunk.last, LOAD_CHUNK);
      // Drizzle sends a query only from a microtask (its query is a lazy thenable): without this
      // turn the request would wait for the staging below, and the two threads would take turns.
      await nextTurn();
      const staged = view.stage(chunk.rows);
      for (const listener of this.#listeners) listener.staged?.(view, staged);
      if (first && chunks % COLLECT_EVERY_CHUNKS === 0) collectGarbage();
      await nextTurn();
    }
    if (first) collectGarbage();
    const read = performance.now();
    for (const order of LISTING_ORDERS) {
      view.sortAll(order);
      await nextTurn();
    }
    const sorted = performance.now();
    for (const listener of this.#listeners) await listener.loaded(view);
    this.#view = view;
    const seconds = (from: number, to: number) => Number(((to - from) / 1000).toFixed(2));
    this.log.info(
      {
        products: view.visibleProducts().length,
        readSeconds: seconds(began, read),
        sortSeconds: seconds(read, sorted),
        indexSeconds: seconds(sorted, performance.now()),
      },
      'catalogue loaded',
    );
  }

  /**
   * Call after a committed write the catalogue shows: applies it here and tells the other
   * processes. Without saying what changed, everything is read again (in chunks).
   */
  async changed(change?: CatalogueChange): Promise<void> {
    if (change === undefined) {
      await this.refresh();
      return this.#announce(this.#sender);
    }
    const ids = 'products' in change ? [...new Set(change.products)] : [];
    if ('products' in change && ids.length === 0) return;
    await this.apply('products' in change ? { products: ids } : change);
    if ('structure' in change) await this.#announce(`${this.#sender} structure`);
    else await this.#announce(ids.length > MAX_NOTICE_IDS ? this.#sender : `${this.#sender} products ${ids}`);
  }

  /** Call after a committed change of these products' stock or reservations, and nothing else. */
  async stockChanged(productIds: Iterable<number>): Promise<void> {
    const ids = [...new Set(productIds)];
    if (ids.length === 0) return;
    await this.refreshStock(ids);
    await this.#announce(ids.length > MAX_NOTICE_IDS ? this.#sender : `${this.#sender} stock ${ids}`);
  }

  /**
   * Call after a committed change of these products' published reviews (written, edited, voted on, hidden, shown):
   * their cards show the new average, and their pages the new reviews, here at once and in the other processes when
   * they hear.
   */
  async reviewsChanged(productIds: Iterable<number>): Promise<void> {
    const ids = [...new Set(productIds)];
    if (ids.length === 0) return;
    await this.refreshReviews(ids);
    await this.#announce(ids.length > MAX_NOTICE_IDS ? this.#sender : `${this.#sender} reviews ${ids}`);
  }

  async #announce(payload: string): Promise<void> {
    await this.database.notify(CATALOGUE_CHANNEL, payload).catch((err: unknown) => {
      this.log.warn({ err }, 'could not announce a catalogue change');
    });
  }

  /** What another process's notice asks for. */
  #heard(payload: string): Promise<void> {
    const notice = parseNotice(payload);
    if (notice.kind === 'all') return this.refresh();
    if (notice.kind === 'structure') return this.apply({ structure: true });
    if (notice.kind === 'products') return this.apply({ products: notice.ids });
    if (notice.kind === 'reviews') return this.refreshReviews(notice.ids);
    return this.refreshStock(notice.ids);
  }

  /** Subscribes to other processes' changes; resolves to a function that stops listening. */
  follow(): Promise<() => Promise<void>> {
    return this.database.listen(
      CATALOGUE_CHANNEL,
      (payload) => {
        // Its own notices (PostgreSQL and PGlite both deliver them) name changes this process has already applied.
        if (parseNotice(payload).pid === this.#sender) return;
        this.#heard(payload).catch((err: unknown) => this.log.error({ err }, 'catalogue change failed'));
      },
      {
        lost: (err) => this.log.warn({ err }, 'lost the connection that hears catalogue changes: reconnecting'),
        resumed: () => {
          // Whatever was announced while nobody listened was missed: read it all once, in the background.
          this.log.info('listening again for notices of catalogue changes: reading the catalogue again');
          this.refresh().catch((err: unknown) => this.log.error({ err }, 'catalogue reload after a gap failed'));
        },
      },
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueService;
  }
}

/**
 * Makes the catalogue and starts loading it: listening first, so that no change made during the
 * load is missed. The load is awaited by `buildApp` after the plugins are ready (so that no
 * start-up time limit applies to it, at any size), and by anything else through `whenLoaded()`.
 */
export const cataloguePlugin = fp(
  async (app: FastifyInstance) => {
    const catalogue = new CatalogueService(app.database, app.log, (kind, seconds) =>
      app.metrics.catalogueRebuilt(kind, seconds),
    );
    const stopFollowing = await catalogue.follow();
    app.decorate('catalogue', catalogue);
    app.addHook('onClose', async () => {
      await stopFollowing();
      await catalogue.settled();
    });
  },
  { name: 'catalogue', dependencies: ['database', 'metrics'] },
);
