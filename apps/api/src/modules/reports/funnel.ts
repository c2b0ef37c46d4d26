import { parseProductSegment } from '@kapaas/contract';
import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { shopToday } from '../../lib/shop-day';

/**
 * The funnel without tracking anyone (ADR 053): per product and India's day, how many times its page was viewed, it was
 * added to a cart, a checkout holding it started, and an order holding it was paid (a cash-on-delivery order: placed
 * and confirmed). Counted in memory on the request path (no await, no query), written in batches by `flush`.
 */
export const FUNNEL_STEPS = ['views', 'add_to_carts', 'checkouts', 'orders'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** One product's counts on one day, as a flush adds them to `funnel_counts`. */
export interface FunnelRow {
  productId: number;
  /** India's day, YYYY-MM-DD. */
  day: string;
  counts: Record<FunnelStep, number>;
}

/** Adds rows to the stored counts in one statement (funnel.repository.ts); throws when it could not. */
export type WriteFunnelRows = (rows: readonly FunnelRow[]) => Promise<void>;

export interface FunnelOptions {
  write: WriteFunnelRows;
  /** The clock the counts are dated by; tests set it to put an event on either side of India's midnight. */
  now?: () => Date;
  /** At most this many product-days are held between flushes (see `count`). */
  maxKeys?: number;
}

/** 50,000 product-days of four numbers: a few MB at most, far more than a flush interval of real visits makes. */
export const DEFAULT_FUNNEL_MAX_KEYS = 50_000;

const noCounts = (): Record<FunnelStep, number> => ({ views: 0, add_to_carts: 0, checkouts: 0, orders: 0 });

/** The counts of one process, held until written. One per app (`app.funnel`), never a module-level one. */
export class Funnel {
  /** The clock; settable so that a test can count at 23:30 and at 00:30 IST. */
  now: () => Date;
  /** Counts refused since the last flush because `maxKeys` product-days were already held. */
  dropped = 0;
  private held = new Map<string, FunnelRow>();
  private readonly write: WriteFunnelRows;
  private readonly maxKeys: number;
  private last: Promise<number> = Promise.resolve(0);
  private flushAsked = false;

  constructor(options: FunnelOptions) {
    this.write = options.write;
    this.now = options.now ?? (() => new Date());
    this.maxKeys = options.maxKeys ?? DEFAULT_FUNNEL_MAX_KEYS;
  }

  /**
   * Counts one step for each product once (a product twice in the list, as two sizes of one cart, counts once), on
   * India's day of `at`. Synchronous: nothing waits for the database. With `maxKeys` product-days held (the database
   * down through several flushes, say), a new product-day is not counted (`dropped`) and a flush is asked for at once;
   * the product-days already held keep counting.
   */
  count(step: FunnelStep, productIds: Iterable<number>, at: Date = this.now()): void {
    const day = shopToday(at);
    for (const productId of new Set(productIds)) {
      const key = `${productId}:${day}`;
      let row = this.held.get(key);
      if (!row) {
        if (this.held.size >= this.maxKeys) {
          this.dropped += 1;
          this.askFlush();
          continue;
        }
        row = { productId, day, counts: noCounts() };
        this.held.set(key, row);
      }
      row.counts[step] += 1;
    }
  }

  /** How many product-days wait for the next flush. */
  get pending(): number {
    return this.held.size;
  }

  /**
   * Writes what is held in one statement and answers how many product-days it wrote. Flushes run one after the other;
   * a failed one puts its counts back, added to those counted meanwhile, for the next flush, and throws.
   */
  flush(): Promise<number> {
    const next = this.last.catch(() => 0).then(() => this.writeHeld());
    this.last = next;
    return next;
  }

  private async writeHeld(): Promise<number> {
    if (this.held.size === 0) return 0;
    const taken = this.held;
    this.held = new Map();
    try {
      await this.write([...taken.values()]);
    } catch (error) {
      this.putBack(taken);
      throw error;
    }
    return taken.size;
  }

  private putBack(taken: Map<string, FunnelRow>): void {
    for (const [key, row] of taken) {
      const now = this.held.get(key);
      if (!now) this.held.set(key, row);
      else for (const step of FUNNEL_STEPS) now.counts[step] += row.counts[step];
    }
  }

  /** A flush as soon as the event loop is free, once however many counts ask; its failure waits for the timer's. */
  private askFlush(): void {
    if (this.flushAsked) return;
    this.flushAsked = true;
    setImmediate(() => {
      this.flushAsked = false;
      this.flush().catch(() => undefined);
    });
  }
}

// The funnel's part of what the app gives its services: lib/deps.ts knows no module, so the module adds it.
declare module '../../lib/deps' {
  interface ServiceDeps {
    /** The funnel's counter; absent when counting is off (FUNNEL_COUNTING=off) and in tests that build deps by hand. */
    funnel?: Funnel | undefined;
  }
}

/** A product page, rendered (`/product-detail/12-mulmul-jhabla`) or as a client navigation's data (`….data`). */
const PRODUCT_PAGE = /^\/product-detail\/([^/?#]+?)(?:\.data)?(?:\?|$)/;

/** The headers a browser sends with a prefetch or a prerender, which nobody may ever look at. */
const PREFETCH_HEADERS = ['purpose', 'sec-purpose', 'x-purpose', 'x-moz'];

/** How many user agents' verdicts `robotTest` remembers before it starts again. */
const REMEMBERED_AGENTS = 1_000;

/**
 * isbot, remembering its verdict per user agent: its pattern costs about 10 µs a call, and a shop's visitors send a few
 * hundred distinct user agents, so the product page pays a map lookup instead. The verdicts live in memory only, with
 * nothing else kept beside them, and are forgotten when REMEMBERED_AGENTS are held.
 */
export function robotTest(): (agent: string) => boolean {
  const verdicts = new Map<string, boolean>();
  return (agent) => {
    let verdict = verdicts.get(agent);
    if (verdict === undefined) {
      if (verdicts.size >= REMEMBERED_AGENTS) verdicts.clear();
      verdict = isbot(agent);
      verdicts.set(agent, verdict);
    }
    return verdict;
  };
}

/**
 * Whether a request is a person's own visit: a GET (not a HEAD), not a prefetch, from a browser that names itself and
 * is not a known robot (isbot's list). A request with no user agent at all is a script, not a browser.
 */
export function isPersonVisit(
  request: Pick<FastifyRequest, 'method' | 'headers'>,
  isRobot: (agent: string) => boolean = isbot,
): boolean {
  if (request.method !== 'GET') return false;
  for (const name of PREFETCH_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string' && /prefetch|prerender|preview/i.test(value)) return false;
  }
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' && agent !== '' && !isRobot(agent);
}

/**
 * What the storefront's page server calls for each page it answers (plugins/storefront-pages.ts, given by app.ts):
 * a product page answered 200 is one view of its product, whether rendered (a visit) or its data (a client
 * navigation), and whether or not it came from the page cache. Hydration asks the server nothing, so a visit counts
 * once. A redirect (the bare id, an old name) is not counted: the page it leads to is.
 */
export function productViews(funnel: Funnel | undefined) {
  if (!funnel) return undefined;
  const isRobot = robotTest();
  return (request: FastifyRequest, status: number): void => {
    if (status !== 200) return;
    const match = PRODUCT_PAGE.exec(request.url);
    if (!match?.[1]) return;
    const productId = parseProductSegment(match[1]);
    if (productId === null || !isPersonVisit(request, isRobot)) return;
    funnel.count('views', [productId]);
  };
}
