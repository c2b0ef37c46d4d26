import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';

describe('a shopper arriving at the shop', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper();
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('sees the banners, the categories and both product carousels on the home page', async () => {
    const { page } = shopper;
    await page.goto('/');
    const banners = page.getByRole('region', { name: 'Featured collections' });
    const firstBanner = banners.locator('picture img').first();
    await firstBanner.waitFor();
    expect(await banners.locator('picture').count()).toBe(3);
    await firstBanner.evaluate((img: HTMLImageElement) =>
      img.complete && img.naturalWidth > 0 ? undefined : new Promise((loaded) => img.addEventListener('load', loaded)),
    );
    expect(await firstBanner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await banners.getByRole('heading', { level: 3 }).first().waitFor();

    const bestSelling = page.getByRole('region', { name: 'Best Selling' });
    const newArrivals = page.getByRole('region', { name: 'New Arrivals' });
    await bestSelling
      .getByRole('link', { name: /shop now/i })
      .first()
      .waitFor();
    await newArrivals
      .getByRole('link', { name: /shop now/i })
      .first()
      .waitFor();
    expect(await bestSelling.getByRole('link', { name: /shop now/i }).count()).toBeGreaterThanOrEqual(4);
    expect(await newArrivals.getByRole('link', { name: /shop now/i }).count()).toBeGreaterThanOrEqual(4);
    expect(await page.title()).toContain('Kapaas');
  });

  it('opens a category from the header and sees its products', async () => {
    const { page } = shopper;
    const nav = page.getByRole('navigation', { name: 'Categories' }).first();
    const link = nav.getByRole('link', { name: 'Sleepwear', exact: true });
    await link.click();
    await page.waitForURL(/\/category-page\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Sleepwear' }).waitFor();
    await page.getByText(/^\d+ Products?$/).waitFor();
    const shopNow = page.getByRole('link', { name: /shop now/i });
    expect(await shopNow.count()).toBeGreaterThanOrEqual(2);
  });

  it('met no console errors and no failed requests on the way', () => {
    expect(shopper.problems).toEqual([]);
  });
});
