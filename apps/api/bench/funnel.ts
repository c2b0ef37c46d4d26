import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { productPathSegment } from '@kapaas/contract';
import autocannon from 'autocannon';
import { workingCopy } from './catalogue-data';
import { HttpClient } from './http';
import { figuresOf, type LoadFigures, type LoadSettings } from './load';
import type { BenchOptions } from './options';
import { BENCH_DIR } from './paths';
import { type ServerProcess, startShop, waitForStatus } from './processes';

/** The product page served with the funnel counting and without it, in alternating rounds (ADR 053). */
export interface FunnelResult {
  products: number;
  /** Distinct product pages the load cycles through. */
  pages: number;
  rounds: number;
  connections: number;
  seconds: number;
  /** Each side's round with the most answers a second. */
  on: LoadFigures;
  off: LoadFigures;
  /** on req/s ÷ off req/s: 0.95 or more is "counting does not slow the page". */
  ratio: number;
  failure?: string;
}

/** A phone's browser: a request without a user agent is not counted, so the load must name one to cost anything. */
const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** How many product pages the load visits in turn: all held by the page cache, as the busy pages of a shop are. */
const PAGES = 200;

/**
 * Starts two shops on copies of one catalogue, one counting (the default) and one with FUNNEL_COUNTING=false, and loads
 * each one's product pages in turn, round after round (at least 5), so that whatever else the machine does falls on
 * both alike; each side keeps its best round.
 */
export async function measureFunnel(products: number, options: BenchOptions): Promise<FunnelResult> {
  const rounds = Math.max(options.rounds, 5);
  const settings: LoadSettings = { seconds: options.seconds, connections: options.connections };
  const warm: LoadSettings = { seconds: options.warmupSeconds, connections: options.connections };
  const shops: ServerProcess[] = [];
  const dirs: string[] = [];
  try {
    for (const counting of ['true', 'false']) {
      const dataDir = await workingCopy(products, options.seed);
      dirs.push(dataDir);
      const logFile = join(BENCH_DIR, `funnel-${counting}-${products}.log`);
      await writeFile(logFile, '');
      const shop = await startShop(dataDir, logFile, { FUNNEL_COUNTING: counting });
      shops.push(shop);
      await waitForStatus(`${shop.origin}/readyz`, shop);
    }
    const [on, off] = shops as [ServerProcess, ServerProcess];
    const pages = await productPages(on.origin);
    let best: { on?: LoadFigures; off?: LoadFigures } = {};
    for (let round = 0; round < rounds; round++) {
      // Each round swaps who goes first, so that a drift in the machine's load falls on both sides alike.
      const sides = [['on', on] as const, ['off', off] as const];
      for (const [side, shop] of round % 2 === 0 ? sides : sides.reverse()) {
        await loadPages(shop.origin, pages, warm);
        const figures = await loadPages(shop.origin, pages, settings);
        const kept = best[side];
        if (!kept || figures.rps > kept.rps) best = { ...best, [side]: figures };
      }
    }
    return resultOf(products, pages.length, rounds, settings, best);
  } finally {
    for (const shop of shops) await shop.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

function resultOf(
  products: number,
  pages: number,
  rounds: number,
  settings: LoadSettings,
  best: { on?: LoadFigures; off?: LoadFigures },
): FunnelResult {
  if (!best.on || !best.off) throw new Error('the funnel rounds measured nothing');
  const bad = [best.on, best.off].find((figures) => figures.non2xx > 0 || figures.errors > 0);
  return {
    products,
    pages,
    rounds,
    ...settings,
    on: best.on,
    off: best.off,
    ratio: best.on.rps / best.off.rps,
    ...(bad ? { failure: `${bad.non2xx} non-2xx answers, ${bad.errors} errors under load` } : {}),
  };
}

/** The canonical addresses of the first PAGES products the listings show (their names give the slugs). */
async function productPages(origin: string): Promise<string[]> {
  const client = new HttpClient(origin);
  try {
    const { category } = await client.post<{ category: { category_id: number }[] }>('/api/category_list');
    const pages: string[] = [];
    for (const { category_id } of category) {
      const listing = await client.post<{ product: { product_id: number; name: string }[] }>(
        '/api/category_product_list',
        { category_id, per_page: 96 },
      );
      for (const card of listing.product)
        pages.push(`/product-detail/${productPathSegment(card.product_id, card.name)}`);
      if (pages.length >= PAGES) break;
    }
    if (pages.length === 0) throw new Error('the shop lists no product');
    return pages.slice(0, PAGES);
  } finally {
    client.close();
  }
}

/** GETs the pages in turn for `seconds` through keep-alive connections, as a phone's browser. */
async function loadPages(origin: string, pages: string[], settings: LoadSettings): Promise<LoadFigures> {
  let next = 0;
  const result = await autocannon({
    url: origin,
    connections: settings.connections,
    duration: settings.seconds,
    headers: { 'user-agent': BROWSER, accept: 'text/html' },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const path = pages[next % pages.length] as string;
          next += 1;
          return { ...request, path };
        },
      },
    ],
  });
  return figuresOf(result);
}

/** The line the benchmark prints. */
export function funnelLine(result: FunnelResult): string {
  const verdict = result.ratio >= 0.95 ? 'does not drop' : 'DROPS';
  return (
    `funnel (${result.products.toLocaleString('en')} products, ${result.pages} product pages, best of ${result.rounds} ` +
    `alternating rounds): counting ${result.on.rps.toFixed(0)} req/s p99 ${result.on.p99} ms, ` +
    `off ${result.off.rps.toFixed(0)} req/s p99 ${result.off.p99} ms; ratio ${result.ratio.toFixed(3)} (${verdict})` +
    (result.failure ? `; FAILED: ${result.failure}` : '')
  );
}
