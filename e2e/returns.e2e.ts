import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { deliverCodOrder, offerCashOnDelivery, placeCodOrderAsGuest, signInToConsole } from './support/cod-order';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';
import { expectNoOverflow } from './support/shop';

const JOURNEY = 'returns';
/** The demo shop's kurta set, sold from 2-3Y to 5-6Y. */
const KURTA = 'Block Print Kurta Pyjama Set – Madder Red';
/** Where the screens of this journey are kept at a phone's and a laptop's width, to look at. */
const SHOTS = '/tmp/shots-returns';

/** The page at 375 px and at 1366 px wide, whole, saved as `<name>-<width>.png`; then back to its own width. */
async function bothWidths(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const own = page.viewportSize();
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoOverflow(page);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (own) await page.setViewportSize(own);
}

/** A photo as a parent would take one: a small PNG made here. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 360, channels: 3, background: '#b5523b' } })
    .png()
    .toBuffer();
}

/** Whether an image has loaded and decoded: the browser fetched it, and it is a picture. */
function shown(image: Locator): Promise<boolean> {
  return image.evaluate(
    (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
  );
}

describe('a size exchange: a guest asks to swap a 2-3Y kurta set for 3-4Y, the owner approves, receives and ships it', () => {
  let owner: Shopper;
  let guest: Shopper;
  let orderId = '';
  let returnId = '';

  beforeAll(async () => {
    owner = await openShopper({ width: 1366, height: 900 });
    guest = await openShopper({ width: 375, height: 812 });
  });
  afterAll(async () => {
    await owner?.close();
    await guest?.close();
  });

  it('the owner offers cash on delivery', async () => {
    await signInToConsole(owner.page);
    await offerCashOnDelivery(owner.page);
  });

  it('a guest buys the kurta set in 2-3Y, cash on delivery', async () => {
    const { page, baseUrl } = guest;
    const search = await fetch(`${baseUrl}/api/search_key_word`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key_word: 'Madder Red' }),
    });
    const found = (await search.json()) as {
      search_key_word: { product: { product_id: number; product_name: string }[] };
    };
    const kurta = found.search_key_word.product.find((product) => product.product_name === KURTA);
    expect(kurta).toBeDefined();
    orderId = await placeCodOrderAsGuest(page, kurta?.product_id ?? 0, {
      firstName: 'Asha',
      lastName: 'Menon',
      address: '12 Hill Road, Bandra West',
      pinCode: '400050',
      state: 'Maharashtra',
      city: 'Mumbai',
      phone: '9876543210',
      email: 'asha@example.in',
    });
  });

  it('the owner confirms, packs, ships and delivers it, and records the cash', async () => {
    await deliverCodOrder(owner.page, orderId, { recordCash: true });
  });

  it('the shopper’s delivered order offers “Return or exchange” with the last day to ask', async () => {
    const { page } = guest;
    await page.goto(`/order-detail/${orderId}`);
    const returns = page.getByRole('region', { name: 'Returns and exchanges' });
    await returns.getByText(/^You can ask until \d{1,2} [A-Z][a-z]+\.$/).waitFor();
    await snap(page, JOURNEY, '1-order-delivered');
    await returns.getByRole('link', { name: 'Return or exchange' }).click();
    await page.waitForURL(new RegExp(`/order-detail/${orderId}/return$`));
  });

  it('asks to exchange the 2-3Y piece for 3-4Y: the bought size is not offered', async () => {
    const { page } = guest;
    const line = page.getByRole('group', { name: new RegExp(`^${KURTA}`) });
    await line.getByLabel('Pieces to send back').selectOption('1');
    await line.getByLabel('Exchange (another size)').check();
    const newSize = line.getByLabel('New size');
    await expect
      .poll(() => newSize.locator('option').allTextContents())
      .toEqual(['Choose a size', '3-4Y', '4-5Y', '5-6Y']);
    await newSize.selectOption({ label: '3-4Y' });
    await line.getByLabel('Reason').selectOption({ label: 'Too small' });
    await line.getByLabel('Note (optional)').fill('She grew faster than we thought.');
    // A photo of the tag: private to this shopper and the shop, shown here with the shopper's own session.
    await page
      .getByLabel('Add a photo')
      .setInputFiles({ name: 'tag.png', mimeType: 'image/png', buffer: await photo() });
    const attached = page.getByRole('img', { name: 'Attachment 1' });
    await expect.poll(() => attached.getAttribute('src')).toMatch(/^\/api\/return_photo\/[0-9a-f]{24}-\d+\.webp$/);
    await expect.poll(() => shown(attached)).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await bothWidths(page, 'form');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL(/\/returns\/\d+$/);
    returnId = page.url().replace(/^.*\/returns\//, '');
    await page.getByRole('heading', { name: `Return #${returnId}` }).waitFor();
    await page.getByText('Exchanged: 1 × 2-3Y → 3-4Y').waitFor();
    await expect.poll(() => shown(page.getByRole('img', { name: 'Attachment 1' }))).toBe(true);
    await page.getByText('Requested', { exact: true }).first().waitFor();
    await snap(page, JOURNEY, '2-return-requested');
  });

  it('the owner finds it under Returns and approves it with a message', async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Returns' }).click();
    await page.getByRole('link', { name: `#${returnId}`, exact: true }).click();
    await page.getByRole('heading', { name: `Return #${returnId}` }).waitFor();
    await page.getByText('Too small').waitFor();
    // The console fetches the private photo with its token and shows it from memory.
    const photoFromCustomer = page.getByRole('img', { name: "Customer's attachment 1" });
    await expect.poll(() => photoFromCustomer.getAttribute('src')).toMatch(/^blob:/);
    await expect.poll(() => shown(photoFromCustomer)).toBe(true);
    await page.getByLabel('Message for the customer').fill('Please send it back with its tag on.');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.getByText(new RegExp(`^Return #${returnId} is now approved`)).waitFor();
  });

  it('the shopper sees it approved, with the owner’s message', async () => {
    const { page } = guest;
    await page.reload();
    const timeline = page.getByRole('region', { name: 'Return Status' });
    await timeline.getByText('From the shop: “Please send it back with its tag on.”').waitFor();
    expect(await page.getByText('Approved', { exact: true }).count()).toBeGreaterThan(0);
    await snap(page, JOURNEY, '3-return-approved');
  });

  it('the owner marks the parcel received, then ships the 3-4Y with a tracking note', async () => {
    const { page } = owner;
    await page.getByRole('button', { name: 'Mark received' }).click();
    await page.getByText(new RegExp(`^Return #${returnId} is now received`)).waitFor();
    await page.getByRole('button', { name: 'Ship exchange' }).click();
    await page.getByText('Enter the courier and tracking number.').first().waitFor();
    await page.getByLabel('Tracking note').fill('DTDC D12345678, leaves today');
    await page.getByRole('button', { name: 'Ship exchange' }).click();
    await page.getByText(new RegExp(`^Return #${returnId} is now (exchange shipped|completed)`)).waitFor();
    await page.getByText('DTDC D12345678, leaves today').first().waitFor();
    await expectNoSeriousA11yViolations(page);
    await bothWidths(page, 'console-return');
  });

  it('the shopper sees each step and the tracking note on the return page', async () => {
    const { page } = guest;
    await page.reload();
    const timeline = page.getByRole('region', { name: 'Return Status' });
    await timeline.getByText('Received', { exact: true }).waitFor();
    // Every step is done: shipping the only exchange completed the return.
    for (const step of ['Requested', 'Approved', 'Received', 'Exchange shipped', 'Completed']) {
      const item = timeline.getByRole('listitem').filter({ hasText: step });
      expect(await item.first().textContent()).not.toContain('To come');
    }
    const exchange = page.getByRole('region', { name: 'Exchange' });
    await exchange.getByText('DTDC D12345678, leaves today').waitFor();
    await expectNoSeriousA11yViolations(page);
    await bothWidths(page, 'return-page');
    await snap(page, JOURNEY, '4-exchange-shipped');

    await page.goto('/returns');
    await page.getByRole('article', { name: `Return #${returnId}` }).waitFor();
    await snap(page, JOURNEY, '5-my-returns');
    expect(guest.problems).toEqual([]);
    expect(owner.problems).toEqual([]);
  });

  it('keeps the return pages out of search engines: noindex, and not in the sitemap', async () => {
    const { baseUrl } = guest;
    for (const path of [`/order-detail/${orderId}/return`, '/returns', `/returns/${returnId}`]) {
      const html = await (await fetch(`${baseUrl}${path}`)).text();
      expect(html, path).toContain('<meta name="robots" content="noindex"/>');
    }
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain('<urlset');
    expect(sitemap).not.toMatch(/\/returns|\/return</);
  });
});
