import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';

const JOURNEY = 'listing';
const CATEGORY = 'Sleepwear';
const SIZE = '6-12M';

/** The rupees a shopper pays on each card, in grid order: the discount price when there is one. */
async function paidPrices(page: Page): Promise<number[]> {
  const grid = page.getByRole('list', { name: CATEGORY });
  await grid.and(page.locator('[aria-busy="false"]')).waitFor();
  const texts = await grid.locator('.product-card .price__current').allTextContents();
  return texts.map((text) => Number(text.replace(/[^0-9.]/g, '')));
}

/** The bodies the page POSTs to one API endpoint, as they are sent. */
function recordBodies(page: Page, endpoint: string): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/${endpoint}`) {
      bodies.push(request.postDataJSON());
    }
  });
  return bodies;
}

describe('a shopper narrowing a category to a size and sorting it by price', () => {
  let shopper: Shopper;
  let filterBodies: unknown[];
  beforeAll(async () => {
    shopper = await openShopper();
    filterBodies = recordBodies(shopper.page, 'filter');
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('opens a category from the header of the home page', async () => {
    const { page } = shopper;
    await page.goto('/');
    await page.getByRole('region', { name: 'Best Selling' }).waitFor();
    await snap(page, JOURNEY, '1-home');

    const nav = page.getByRole('navigation', { name: 'Categories' }).first();
    await nav.getByRole('link', { name: CATEGORY, exact: true }).click();
    await page.waitForURL(/\/category-page\/\d+$/);
    await page.getByRole('heading', { level: 1, name: CATEGORY }).waitFor();
    await page.getByText(/^\d+ Products?$/).waitFor();
    // The controls follow the URL, so they settle a render after it changes.
    await expect.poll(() => page.getByRole('checkbox', { name: CATEGORY }).isChecked()).toBe(true);
    expect((await paidPrices(page)).length).toBeGreaterThanOrEqual(2);
    await snap(page, JOURNEY, '2-category');
    await expectNoSeriousA11yViolations(page);
  });

  it('filters by a size, which calls filter and lands in the URL', async () => {
    const { page } = shopper;
    const before = await page.getByText(/^\d+ Products?$/).textContent();
    // click, not check: the radio follows the URL, which changes a moment after the click.
    await page.getByRole('radio', { name: SIZE }).click();
    await page.waitForURL(/[?&]size=\d+/);
    // The controls follow the URL, so they settle a render after it changes.
    await expect.poll(() => page.getByRole('radio', { name: SIZE }).isChecked()).toBe(true);
    await paidPrices(page);
    await page.getByText(/^\d+ Products?$/).waitFor();
    expect(filterBodies.at(-1)).toMatchObject({ category_id: [expect.any(Number)], size_id: expect.any(Number) });
    const after = await page.getByText(/^\d+ Products?$/).textContent();
    expect(Number.parseInt(after ?? '', 10)).toBeGreaterThanOrEqual(2);
    expect(Number.parseInt(after ?? '', 10)).toBeLessThanOrEqual(Number.parseInt(before ?? '', 10));
    await snap(page, JOURNEY, '3-filtered-by-size');
  });

  it('sorts Price High to Low: the prices the shopper pays really are descending', async () => {
    const { page } = shopper;
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price High to Low' });
    await page.waitForURL(/[?&]sort=2/);
    await expect.poll(() => filterBodies.at(-1)).toMatchObject({ size_id: expect.any(Number), sort_id: 2 });
    const prices = await paidPrices(page);
    expect(prices.length).toBeGreaterThanOrEqual(2);
    expect(prices).toEqual(prices.toSorted((a, b) => b - a));
    await snap(page, JOURNEY, '4-sorted-high-to-low');
  });

  it('keeps the filter and the sort over a reload', async () => {
    const { page } = shopper;
    const url = page.url();
    const prices = await paidPrices(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: CATEGORY }).waitFor();
    expect(page.url()).toBe(url);
    // The controls follow the URL, so they settle a render after it changes.
    await expect.poll(() => page.getByRole('radio', { name: SIZE }).isChecked()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('2');
    expect(await paidPrices(page)).toEqual(prices);
    await snap(page, JOURNEY, '5-after-reload');
  });

  it('opens a product from the sorted listing', async () => {
    const { page } = shopper;
    const firstCard = page.getByRole('list', { name: CATEGORY }).locator('.product-card').first();
    const name = (await firstCard.getByRole('heading').textContent())?.trim() ?? '';
    expect(name).not.toBe('');
    await firstCard.getByRole('link', { name: /shop now/i }).click();
    await page.waitForURL(/\/product-detail\/\d+-[a-z0-9-]+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await snap(page, JOURNEY, '6-product');
  });

  it('chooses a size and a quantity on the product page', async () => {
    const { page } = shopper;
    const sizes = page.locator('.size-picker__option:not([disabled])');
    const size = sizes.nth((await sizes.count()) > 1 ? 1 : 0);
    await size.click();
    await expect.poll(() => size.getAttribute('aria-pressed')).toBe('true');
    const quantity = page.getByRole('spinbutton', { name: /quantity/i });
    const before = Number(await quantity.inputValue());
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(async () => Number(await quantity.inputValue())).toBe(before + 1);
    await snap(page, JOURNEY, '7-size-and-quantity');
  });

  it('met no console errors and no failed requests on the way', () => {
    expect(shopper.problems).toEqual([]);
  });
});

/** The names on the grid's cards, in order, once it has settled. */
async function cardNames(page: Page): Promise<string[]> {
  const grid = page.getByRole('list', { name: CATEGORY });
  await grid.and(page.locator('[aria-busy="false"]')).waitFor();
  return (await grid.locator('.product-card').getByRole('heading').allTextContents()).map((name) => name.trim());
}

describe('a shopper paging through a listing of more than one page', () => {
  let shopper: Shopper;
  let filterBodies: unknown[];
  let firstPage: string[];
  let lastPage: number;
  beforeAll(async () => {
    shopper = await openShopper();
    filterBodies = recordBodies(shopper.page, 'filter');
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('widens a category to every category, which fills more than one page of 24', async () => {
    const { page } = shopper;
    // The demo shop's categories hold fewer than 24 products each; all of them together hold more.
    const answer = await page.request.post('/api/filter', { data: { category_id: [] } });
    const { total, pages } = (await answer.json()) as { total: number; pages: number };
    expect(pages).toBeGreaterThan(1);
    lastPage = pages;

    const { category } = (await (await page.request.post('/api/category_list', { data: {} })).json()) as {
      category: { category_id: number; category_name: string }[];
    };
    const id = category.find((c) => c.category_name === CATEGORY)?.category_id;
    await page.goto(`/category-page/${id}`);
    await expect.poll(() => page.getByRole('checkbox', { name: CATEGORY }).isChecked()).toBe(true);
    await page.getByRole('checkbox', { name: CATEGORY }).click();
    await page.waitForURL(/[?&]category=(&|$)/);
    await page.getByText(`Showing 1–24 of ${total} products`).waitFor();
    firstPage = await cardNames(page);
    expect(firstPage).toHaveLength(24);
    expect(filterBodies.at(-1)).toMatchObject({ category_id: [], page: 1 });
    const pagesNav = page.getByRole('navigation', { name: 'Pages' });
    expect(await pagesNav.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(await pagesNav.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toMatch(/\?category=&page=2$/);
    await snap(page, `${JOURNEY}-paging`, '1-first-page');
    await expectNoSeriousA11yViolations(page);
  });

  it('goes to page 2 with the control: the address says ?page=2 and the cards are the next 24', async () => {
    const { page } = shopper;
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/[?&]page=2(&|$)/);
    await page.getByText(/^Showing 25–48 of \d+ products$/).waitFor();
    const secondPage = await cardNames(page);
    expect(secondPage).toHaveLength(24);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    expect(filterBodies.at(-1)).toMatchObject({ category_id: [], page: 2 });
    expect(
      await page
        .getByRole('navigation', { name: 'Pages' })
        .getByRole('link', { name: 'Page 2' })
        .getAttribute('aria-current'),
    ).toBe('page');
    // The grid's top is in view again, below the header.
    await expect
      .poll(() => page.evaluate(() => document.querySelector('.listing-results')?.getBoundingClientRect().top ?? -1))
      .toBeGreaterThanOrEqual(0);
    await snap(page, `${JOURNEY}-paging`, '2-second-page');
  });

  it('comes back to the first page with the back button', async () => {
    const { page } = shopper;
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await page.getByText(/^Showing 1–24 of \d+ products$/).waitFor();
    expect(await cardNames(page)).toEqual(firstPage);
  });

  it('takes an address past the last page to the last page', async () => {
    const { page } = shopper;
    await page.goto(`${new URL(page.url()).pathname}?category=&page=999`);
    // The address is replaced, so it names the page shown.
    await page.waitForURL((url) => url.searchParams.get('page') === String(lastPage));
    await page.getByText(/^Showing [0-9,]+–[0-9,]+ of [0-9,]+ products$/).waitFor();
    expect((await cardNames(page)).length).toBeGreaterThan(0);
    await snap(page, `${JOURNEY}-paging`, '3-past-the-last-page');
  });

  it('met no console errors and no failed requests on the way', () => {
    expect(shopper.problems).toEqual([]);
  });
});

describe('a shopper filtering on a 375 px phone', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper({ width: 375, height: 812 });
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('opens the filters behind a button, chooses a size and sees the grid without scrolling sideways', async () => {
    const { page } = shopper;
    const answer = await page.request.post('/api/category_list', { data: {} });
    const { category } = (await answer.json()) as { category: { category_id: number; category_name: string }[] };
    const sleepwear = category.find((c) => c.category_name === CATEGORY);
    expect(sleepwear).toBeDefined();
    await page.goto(`/category-page/${sleepwear?.category_id}`);
    await page.getByText(/^\d+ Products?$/).waitFor();
    expect(await page.getByRole('radio', { name: SIZE }).isVisible()).toBe(false);
    await snap(page, `${JOURNEY}-mobile`, '1-category');

    await page.getByRole('button', { name: /^Filters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Filters' });
    await dialog.getByRole('radio', { name: SIZE }).click();
    await page.waitForURL(/[?&]size=\d+/);
    await snap(page, `${JOURNEY}-mobile`, '2-filters-open');
    await dialog.getByRole('button', { name: /^Show \d+ Products?$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Filters 1 chosen' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, `${JOURNEY}-mobile`, '3-filtered');
  });

  it('pages every category on the phone with a row of links that fits', async () => {
    const { page } = shopper;
    await page.goto(`${new URL(page.url()).pathname}?category=&page=2`);
    const pagesNav = page.getByRole('navigation', { name: 'Pages' });
    await pagesNav.waitFor();
    await pagesNav.scrollIntoViewIfNeeded();
    const box = await pagesNav.locator('.pagination').boundingBox();
    expect(box?.height ?? 99).toBeLessThan(50); // one row of links, not wrapped
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await pagesNav.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL(/[?&]page=3(&|$)/);
    await snap(page, `${JOURNEY}-mobile`, '4-paged');
  });
});
