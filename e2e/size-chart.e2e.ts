import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, openShopper, type Shopper } from './support/browser';
import { lookAtWidths, SCREENSHOT_DIR } from './support/evidence';
import { romperPath } from './support/romper';
import { shopUrl } from './support/shop-url';

const JOURNEY = 'size-chart';

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
