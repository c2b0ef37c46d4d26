import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';
import { addAsGuest, expectNoOverflow } from './support/shop';

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

async function signInToConsole(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill('admin@kapaas.local');
  await page.getByLabel('Password').fill('kapaas-admin');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
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
    const { page } = owner;
    await signInToConsole(page);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    const offer = page.getByLabel('Offer cash on delivery');
    await offer.waitFor();
    if (!(await offer.isChecked())) await offer.check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByRole('status').getByText('Settings saved.').waitFor();
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
    await addAsGuest(page, kurta?.product_id ?? 0);
    await page.getByRole('link', { name: 'Shopping cart, 1 item' }).click();
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.waitForURL(/\/Billing-Address$/);
    await page.getByRole('link', { name: 'Add New Address' }).click();
    const form = page.locator('form.address-form');
    await form.getByLabel('First name').fill('Asha');
    await form.getByLabel('Last name').fill('Menon');
    await form.getByLabel('Address', { exact: true }).fill('12 Hill Road, Bandra West');
    await form.getByLabel('Pin code').fill('400050');
    await expect.poll(() => form.getByLabel('State').locator('option:checked').textContent()).toBe('Maharashtra');
    await form.getByLabel('City').fill('Mumbai');
    await form.getByLabel('Phone number').fill('9876543210');
    await form.getByLabel('E-mail').fill('asha@example.in');
    await form.getByRole('button', { name: 'Save Address' }).click();
    await page.waitForURL(/\/Billing-Address$/, { timeout: 10_000 });
    const cod = page.getByLabel(/^Cash on delivery/);
    await expect.poll(() => cod.isEnabled()).toBe(true);
    await cod.check();
    const place = page.getByRole('button', { name: 'Place order (Cash on delivery)' });
    await expect.poll(() => place.isEnabled()).toBe(true);
    await place.click();
    await page.getByRole('heading', { level: 1, name: 'Order Placed Successfully !' }).waitFor();
    orderId = ((await page.getByText('Order ID:').textContent()) ?? '').replace(/\D/g, '');
    expect(orderId).not.toBe('');
  });

  it('the owner confirms, packs, ships and delivers it, and records the cash', async () => {
    const { page } = owner;
    await page.goto(`/admin/orders/${orderId}`);
    await page.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
    // Whether the shop calls first depends on its settings: confirm the order when it asks.
    await page.getByRole('button', { name: /^(Confirm order|Mark packed)$/ }).waitFor();
    if ((await page.getByRole('button', { name: 'Confirm order' }).count()) > 0) {
      await page.getByRole('button', { name: 'Confirm order' }).click();
      await page.getByText(new RegExp(`^Order #${orderId} is confirmed and ready to pack\\.`)).waitFor();
    }
    for (const [button, done] of [
      ['Mark packed', 'is now packed'],
      ['Mark shipped', 'is now shipped'],
      ['Mark delivered', 'is now delivered'],
    ]) {
      await page.getByRole('button', { name: button }).click();
      await page.getByText(new RegExp(`^Order #${orderId} ${done}\\.`)).waitFor();
    }
    await page.getByRole('button', { name: 'Record cash collected' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, the cash is here' }).click();
    await page.getByText(new RegExp(`^Cash of ₹[\\d,]+ recorded: order #${orderId} is paid\\.`)).waitFor();
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
    await expectNoSeriousA11yViolations(page);
    await bothWidths(page, 'form');
    await page.getByRole('button', { name: 'Send request' }).click();
    await page.waitForURL(/\/returns\/\d+$/);
    returnId = page.url().replace(/^.*\/returns\//, '');
    await page.getByRole('heading', { name: `Return #${returnId}` }).waitFor();
    await page.getByText('Exchanged: 1 × 2-3Y → 3-4Y').waitFor();
    await page.getByText('Requested', { exact: true }).first().waitFor();
    await snap(page, JOURNEY, '2-return-requested');
  });

  it('the owner finds it under Returns and approves it with a message', async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Returns' }).click();
    await page.getByRole('link', { name: `#${returnId}`, exact: true }).click();
    await page.getByRole('heading', { name: `Return #${returnId}` }).waitFor();
    await page.getByText('Too small').waitFor();
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
