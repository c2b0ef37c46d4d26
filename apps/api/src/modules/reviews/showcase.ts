import { REVIEWS_PER_PAGE, type ReviewListAnswer } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { firstPagesOf, reviewedProductsAfter, type StatsRow, statsOfMany } from './reviews.repository';
import { reviewPage, summaryOf } from './reviews.service';

/** Products read per query when the whole showcase is read. */
const CHUNK = 2_000;
/**
 * At most this many bytes of answers are kept (about 10,000 reviewed products at five long reviews each). A product
 * past it has its reviews read in the browser, as when its page is not rendered on the server.
 */
export const SHOWCASE_MAX_BYTES = 32 * 1024 * 1024;

/** review_list's answer to anyone for a product's first page, newest first: the summary and the page, nothing personal. */
function anonymousAnswer(stats: StatsRow | undefined, rows: Parameters<typeof reviewPage>[2]): Buffer {
  const answer: ReviewListAnswer = {
    ...reviewPage(summaryOf(stats), 1, rows, null),
    can_review: false,
    my_review: null,
  };
  return Buffer.from(JSON.stringify(answer));
}

/**
 * The first page of every reviewed product's reviews, as anyone reads it, kept in memory as review_list's answer, so
 * that the server renders a product page's reviews and their JSON-LD without a query (ADR 030), as it renders the
 * product. Kept current with the catalogue: read whole when the catalogue is, and a product again when its reviews
 * change (here or, through the catalogue's notices, in another process).
 */
export class ReviewShowcase {
  #pages = new Map<number, Buffer>();
  /** Reviewed products whose answer is not kept (past the byte budget). */
  #left = new Set<number>();
  #bytes = 0;
  readonly #none = anonymousAnswer(undefined, []);

  constructor(
    private readonly db: Queryable,
    private readonly maxBytes = SHOWCASE_MAX_BYTES,
  ) {}

  /**
   * review_list's answer to anyone for page 1, newest first: kept, or the answer of a product without reviews;
   * undefined for a reviewed product whose answer is not kept (read it from the database).
   */
  firstPage(productId: number): Buffer | undefined {
    if (this.#left.has(productId)) return undefined;
    return this.#pages.get(productId) ?? this.#none;
  }

  /** How many products' answers are kept, and their bytes: for the tests and the logs. */
  get size(): { products: number; bytes: number; left: number } {
    return { products: this.#pages.size, bytes: this.#bytes, left: this.#left.size };
  }

  /** Reads every reviewed product's first page again, a chunk at a time, into a new set that then replaces the old. */
  async loaded(): Promise<void> {
    const pages = new Map<number, Buffer>();
    const left = new Set<number>();
    let bytes = 0;
    for (let after = 0; ; ) {
      const ids = await reviewedProductsAfter(this.db, after, CHUNK);
      if (ids.length === 0) break;
      for (const [id, answer] of await this.#read(ids)) {
        if (answer === undefined) continue;
        if (bytes + answer.length > this.maxBytes) left.add(id);
        else {
          pages.set(id, answer);
          bytes += answer.length;
        }
      }
      after = ids.at(-1) as number;
    }
    this.#pages = pages;
    this.#left = left;
    this.#bytes = bytes;
  }

  /** These products' reviews changed: reads their first pages again; says whether any answer changed. */
  async reviewsChanged(productIds: readonly number[]): Promise<boolean> {
    let changed = false;
    for (const [id, answer] of await this.#read(productIds)) {
      const before = this.#pages.get(id);
      if (answer === undefined) {
        changed = this.#drop(id) || changed;
        continue;
      }
      if (before?.equals(answer)) continue;
      changed = true;
      this.#drop(id);
      if (this.#bytes + answer.length > this.maxBytes) this.#left.add(id);
      else {
        this.#pages.set(id, answer);
        this.#bytes += answer.length;
      }
    }
    return changed;
  }

  /** Products removed from the catalogue take their reviews with them. */
  productsRemoved(productIds: readonly number[]): void {
    for (const id of productIds) this.#drop(id);
  }

  /** Forgets a product's answer; says whether one was kept or left out. */
  #drop(id: number): boolean {
    const before = this.#pages.get(id);
    if (before) this.#bytes -= before.length;
    return this.#pages.delete(id) || this.#left.delete(id);
  }

  /** Each product's answer, or undefined when it has no published review. */
  async #read(productIds: readonly number[]): Promise<Map<number, Buffer | undefined>> {
    const [stats, pages] = await Promise.all([
      statsOfMany(this.db, productIds),
      firstPagesOf(this.db, productIds, REVIEWS_PER_PAGE),
    ]);
    const byProduct = new Map(stats.map((row) => [row.productId, row]));
    const answers = new Map<number, Buffer | undefined>();
    for (const id of productIds) {
      const row = byProduct.get(id);
      const page = pages.get(id) ?? [];
      answers.set(id, row && row.count > 0 ? anonymousAnswer(row, page) : undefined);
    }
    return answers;
  }
}
