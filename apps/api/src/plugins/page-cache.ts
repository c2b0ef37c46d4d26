/** A rendered storefront page (or a navigation's data), as it is sent. */
export interface RenderedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The CSP hashes of the page's inline scripts, which its Content-Security-Policy must allow. */
  scriptHashes: string[];
  /** The Content-Security-Policy last sent with the page, and the policy it was made from. */
  policy?: { from: string; value: string };
}

/** How many pages, and how many bytes of them, the cache keeps at most before it forgets the least recently used. */
const MAX_PAGES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * Rendered pages by request (method and URL), each good for one catalogue version: a change to the catalogue makes
 * every older page stale at once. The least recently used are forgotten beyond MAX_PAGES pages or MAX_BYTES bytes, so
 * a crawler walking 50,000 product pages cannot fill the memory.
 */
export class PageCache {
  readonly #pages = new Map<string, { version: number; page: RenderedPage }>();
  #bytes = 0;

  get(key: string, version: number): RenderedPage | undefined {
    const entry = this.#pages.get(key);
    if (!entry) return undefined;
    this.#pages.delete(key);
    if (entry.version !== version) {
      this.#bytes -= entry.page.body.length;
      return undefined;
    }
    this.#pages.set(key, entry);
    return entry.page;
  }

  set(key: string, version: number, page: RenderedPage): void {
    const old = this.#pages.get(key);
    if (old) {
      this.#bytes -= old.page.body.length;
      this.#pages.delete(key);
    }
    this.#pages.set(key, { version, page });
    this.#bytes += page.body.length;
    for (const [oldest, entry] of this.#pages) {
      if (this.#pages.size <= MAX_PAGES && this.#bytes <= MAX_BYTES) break;
      this.#pages.delete(oldest);
      this.#bytes -= entry.page.body.length;
    }
  }

  /** How many pages, and bytes, are kept. */
  get size(): { pages: number; bytes: number } {
    return { pages: this.#pages.size, bytes: this.#bytes };
  }
}
