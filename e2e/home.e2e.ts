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

  it('moves the carousels by their buttons, dots and keys, rows the browser scrolls and snaps', async () => {
    const { page } = shopper;
    const banners = page.getByRole('region', { name: 'Featured collections' });
    const bannerRow = banners.getByRole('group', { name: 'banners' });
    const scrolled = () => bannerRow.evaluate((row) => row.scrollLeft);
    // The slideshow would move on its own: paused, so that only the shopper's presses move it.
    await banners.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect.poll(scrolled).toBe(0);
    expect(await banners.getByRole('button', { name: 'Go to banner 1' }).getAttribute('aria-current')).toBe('true');

    await banners.getByRole('button', { name: 'Next banner' }).click();
    await expect
      .poll(() => banners.getByRole('button', { name: 'Go to banner 2' }).getAttribute('aria-current'))
      .toBe('true');
    const width = await bannerRow.evaluate((row) => row.clientWidth);
    await expect.poll(scrolled).toBe(width);

    await banners.getByRole('button', { name: 'Go to banner 3' }).click();
    await expect.poll(scrolled).toBe(2 * width);
    // The banners loop: after the last comes the first.
    await banners.getByRole('button', { name: 'Next banner' }).click();
    await expect.poll(scrolled).toBe(0);

    // The row takes the focus and the arrow keys scroll it, as any scrolling region.
    await bannerRow.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrolled).toBeGreaterThan(0);

    // A products row moves by a page and its Previous button is off at the start and on after a move.
    const bestSelling = page.getByRole('region', { name: 'Best Selling' });
    const previous = bestSelling.getByRole('button', { name: /^Previous/ });
    await expect.poll(() => previous.isDisabled()).toBe(true);
    await bestSelling.getByRole('button', { name: /^Next/ }).click();
    await expect.poll(() => previous.isDisabled()).toBe(false);
    const productRow = bestSelling.getByRole('group', { name: 'Best Selling products' });
    expect(await productRow.evaluate((row) => row.scrollLeft)).toBeGreaterThan(0);
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
