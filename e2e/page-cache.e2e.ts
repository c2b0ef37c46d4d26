import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';

/**
 * The shop serves a rendered page from its page cache while the catalogue stays the same, with the answers its server
 * read for it then. A visitor's browser must not take those answers for stale and ask the API for every one of them
 * again as the page hydrates (ADR 031, fifth pass): on a category page that was five calls a view, and the re-renders
 * that followed fell in the hydration's own task.
 */
describe('a page from the page cache, long after it was rendered', () => {
  let shopper: Shopper;
  const apiCalls: string[] = [];
  beforeAll(async () => {
    shopper = await openShopper();
    shopper.page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) apiCalls.push(path);
    });
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('asks the API nothing as it hydrates, on home, category and product pages', async () => {
    const { page } = shopper;
    const pages = ['/', '/category-page/1', '/product-detail/1'];
    // Each page rendered once, so that the next visit is answered from the cache.
    for (const path of pages) await page.goto(path);
    // The browser's clock two minutes on, as for a visitor who comes two minutes after the page was cached: its
    // answers are then older than the catalogue's minute of freshness.
    await page.clock.setSystemTime(Date.now() + 2 * 60_000);
    for (const path of pages) {
      apiCalls.length = 0;
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(apiCalls, `${path} as it hydrated`).toEqual([]);
    }
  });
});
