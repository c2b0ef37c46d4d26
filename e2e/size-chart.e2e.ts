import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, openShopper, type Shopper } from './support/browser';
import { lookAtWidths, SCREENSHOT_DIR } from './support/evidence';
import { shopUrl } from './support/shop-url';

const JOURNEY = 'size-chart';

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(new URL(path, shopUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** A romper's product page: its category has the demo's WHO-based chart (docs/size-charts.md). */
async function romperPath(): Promise<string> {
  const categories = await postJson<{ category: { category_id: number; category_name: string }[] }>(
    '/api/category_list',
    {},
  );
  const rompers = categories.category.find((c) => c.category_name === 'Rompers & Onesies');
  if (!rompers) throw new Error('no Rompers & Onesies category');
  const list = await postJson<{ product: { product_id: number }[] }>('/api/category_product_list', {
    category_id: rompers.category_id,
  });
  const first = list.product[0];
  if (!first) throw new Error('no romper');
  return `/product-detail/${first.product_id}`;
}

async function openChart(page: Page): Promise<void> {
  const summary = page.locator('details.size-chart > summary');
  await summary.click();
  const panel = page.getByRole('region', { name: 'Size chart' });
  await panel.getByRole('heading', { name: 'Size chart' }).waitFor();
  expect(await page.locator('details.size-chart').getAttribute('open')).not.toBeNull();
  const tables = panel.getByRole('table');
  expect(await tables.count()).toBe(2);
  expect(await tables.first().getByRole('columnheader', { name: 'Height' }).isVisible()).toBe(true);
  expect(await tables.first().getByRole('rowheader').count()).toBeGreaterThan(0);
  await panel.scrollIntoViewIfNeeded();
}

describe('the product page’s size chart', () => {
  it('opens without JavaScript on a phone and a laptop, its tables there', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
    try {
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        baseURL: shopUrl(),
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      await page.goto(await romperPath());
      await page.getByRole('heading', { level: 1 }).waitFor();
      await openChart(page);
      // Axe and the overflow check run scripts in the page, which this context refuses: they run below, with scripts.
      for (const width of [375, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await page
          .locator('details.size-chart')
          .screenshot({ path: `${SCREENSHOT_DIR}/size-chart--open-without-javascript-${width}.png` });
      }
    } finally {
      await browser.close();
    }
  });

  describe('with JavaScript', () => {
    let shopper: Shopper;
    beforeAll(async () => {
      shopper = await openShopper({ width: 375, height: 812 });
    });
    afterAll(async () => {
      await shopper?.close();
    });

    it('opens the same after the page has hydrated: accessible, no sideways scroll on a phone', async () => {
      const { page } = shopper;
      await page.goto(await romperPath());
      await page.getByRole('button', { name: 'Add To Cart' }).waitFor();
      await openChart(page);
      await lookAtWidths(page, JOURNEY, 'open', [375, 1366]);
    });
  });
});
