import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';

const JOURNEY = 'admin';
const CATEGORY = 'Dresses & Frocks';
const PRODUCT = `Haldi Sun Frock ${randomUUID().slice(0, 6)}`;

/** A photo as a shop owner would take one: an 800 px square PNG. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 800, channels: 3, background: '#e9b949' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><path d="M300 150h200l120 120-80 60-40-40v360H300V290l-40 40-80-60z" fill="#fff8e7"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

/** The storefront card of a product on its category page. */
function card(page: Page, name: string): Locator {
  return page.locator('.product-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** POSTs to the customer API with the shopper's session cookie, and fails loudly on anything but success. */
async function customerApi<T>(request: APIRequestContext, endpoint: string, body: object, base = '/api/'): Promise<T> {
  const response = await request.post(`${base}${endpoint}`, { data: body });
  const answer = (await response.json()) as T & { success?: boolean };
  expect(response.ok(), `${endpoint}: ${JSON.stringify(answer)}`).toBe(true);
  return answer;
}

describe('the shop owner runs the shop from /admin', () => {
  let owner: Shopper;
  let shopper: Shopper;
  let productId: number;
  let categoryPath: string;
  let orderId: number;

  beforeAll(async () => {
    owner = await openShopper({ width: 1280, height: 900 });
    shopper = await openShopper({ width: 1280, height: 900 });
  });
  afterAll(async () => {
    await owner?.close();
    await shopper?.close();
  });

  it('logs in at /admin and lands on the dashboard', async () => {
    const { page } = owner;
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Kapaas admin' }).waitFor();
    await snap(page, JOURNEY, '1-login');
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('E-mail').fill('admin@kapaas.local');
    await page.getByLabel('Password').fill('kapaas-admin');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('heading', { name: /^Low stock/ }).waitFor();
    await expect.poll(() => page.getByText('Revenue today').count()).toBe(1);
    await snap(page, JOURNEY, '2-dashboard');
  });

  it('creates a product with a photo and stock in two sizes', async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('link', { name: 'Add product' }).click();
    await page.getByRole('heading', { name: 'New product' }).waitFor();

    await page.getByLabel('Name').fill(PRODUCT);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: CATEGORY });
    const subcategory = page.getByLabel('Subcategory');
    const firstSubcategory = await subcategory.locator('option:not([value=""])').first().textContent();
    await subcategory.selectOption({ label: firstSubcategory ?? '' });
    await page.getByLabel('Price', { exact: true }).fill('799');
    await page.getByLabel('Description', { exact: true }).fill('A loose, breezy frock in haldi-dyed organic cotton.');
    await page
      .getByLabel('Add photos')
      .setInputFiles({ name: 'frock.png', mimeType: 'image/png', buffer: await photo() });
    await page.getByRole('img', { name: `${PRODUCT}, view 1` }).waitFor();
    await page.getByLabel('2-3Y', { exact: true }).fill('5');
    await page.getByLabel('3-4Y', { exact: true }).fill('3');
    await snap(page, JOURNEY, '3-new-product-filled');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByText(`Product “${PRODUCT}” created.`).waitFor();
    productId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(productId).toBeGreaterThan(0);
    expect(await page.getByLabel('2-3Y', { exact: true }).inputValue()).toBe('5');
    await snap(page, JOURNEY, '4-product-created');
  });

  it('shows the new product on its category page of the storefront at once', async () => {
    const { page } = shopper;
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Categories' }).first();
    await nav.getByRole('link', { name: CATEGORY, exact: true }).click();
    await page.waitForURL(/\/category-page\/\d+$/);
    categoryPath = new URL(page.url()).pathname;
    const frock = card(page, PRODUCT);
    await frock.waitFor();
    expect(await frock.getByText('Sold out').count()).toBe(0);
    expect(await frock.locator('img').getAttribute('src')).toMatch(/^\/media\/uploads\/.+\.webp$/);
    await frock.scrollIntoViewIfNeeded();
    await snap(page, JOURNEY, '5-storefront-in-stock');
  });

  it('sets its stock to 0, and the storefront shows it sold out', async () => {
    const { page } = owner;
    await page.getByLabel('2-3Y', { exact: true }).fill('0');
    await page.getByLabel('3-4Y', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved. The shop shows the change now.').waitFor();
    await expect.poll(() => page.getByRole('cell', { name: 'Sold out' }).count()).toBe(2);
    await snap(page, JOURNEY, '6-stock-zero');

    const store = shopper.page;
    await store.goto(categoryPath);
    const frock = card(store, PRODUCT);
    await frock.getByText('Sold out').waitFor();
    await frock.scrollIntoViewIfNeeded();
    await snap(store, JOURNEY, '7-storefront-sold-out');
    await store.goto(`/product-detail/${productId}`);
    await store.getByText('This product is sold out in every size.').waitFor();
  });

  it('a shopper pays for an order through the sandbox', async () => {
    // In the storefront, as a guest: a frock into the cart.
    const { page } = shopper;
    await page.goto('/product-detail/1');
    await page.locator('.size-picker__option:not([disabled])').first().click();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page
      .getByRole('dialog', { name: 'Login or continue as a Guest' })
      .getByRole('button', { name: 'Proceed as Guest' })
      .click();
    await page.getByRole('link', { name: 'Shopping cart, 1 item' }).waitFor();

    // The order placed and paid through the same calls the billing page and the dialog make.
    const request = shopper.context.request;
    const address = await customerApi<{ address_id: number }>(request, 'add_address', {
      first_name: 'Asha',
      last_name: 'Menon',
      address: '14 Lake View Road',
      state: 1,
      city: 1,
      pin_code: '520001',
      email_id: 'asha@example.in',
      phone_number: '9847012345',
    });
    const placed = await customerApi<{ order_id: number; razorpay_order_id: string }>(request, 'order_place', {
      address_id: address.address_id,
      product_details: [{ product_id: 1, quantity: 1 }],
    });
    const paid = await customerApi<{ razorpay_payment_id: string; razorpay_signature: string }>(
      request,
      'test/pay',
      { order_id: placed.razorpay_order_id, card_number: '4111111111111111' },
      '/sandbox/razorpay/',
    );
    await customerApi(request, 'order_place', {
      order_id: placed.order_id,
      payment_id: paid.razorpay_payment_id,
      razorpay_order_id: placed.razorpay_order_id,
      razorpay_signature: paid.razorpay_signature,
    });
    orderId = placed.order_id;
  });

  it('marks the paid order packed from the order list, then shipped from its page', async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('button', { name: 'To pack' }).click();
    await page.getByRole('link', { name: `#${orderId}`, exact: true }).waitFor();
    const actions = page.getByRole('button', { name: `Actions for order #${orderId}` });
    await actions.click();
    const packed = page.getByRole('button', { name: 'Mark packed' });
    await packed.waitFor();
    const refund = page.getByRole('link', { name: /^Refund… \(up to ₹/ });
    await refund.waitFor();
    // The menu opens under its button, whole: the table's scrolling box does not clip it.
    const button = await actions.boundingBox();
    const menu = await page.locator('.dropdown-menu.show').boundingBox();
    if (!button || !menu) throw new Error('the actions menu is not on the page');
    expect(menu.y).toBeGreaterThanOrEqual(button.y + button.height - 1);
    expect(menu.y).toBeLessThan(button.y + button.height + 24);
    const last = await refund.boundingBox();
    if (!last) throw new Error('the refund entry is not on the page');
    const shown = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x as number, y as number)?.textContent ?? '',
      [last.x + last.width / 2, last.y + last.height / 2],
    );
    expect(shown).toMatch(/^Refund…/);
    await snap(page, JOURNEY, '8-order-actions-menu');
    await expectNoSeriousA11yViolations(page);
    await packed.click();
    await page.getByRole('status').getByText(`Order #${orderId} is now packed.`).waitFor();
    // Packed, it has left the "To pack" list.
    await expect.poll(() => page.getByRole('link', { name: `#${orderId}`, exact: true }).count()).toBe(0);

    await page.goto(`/admin/orders/${orderId}`);
    await page.getByRole('heading', { name: `Order #${orderId}` }).waitFor();
    await page
      .getByRole('textbox', { name: 'Message for the customer (optional)' })
      .fill('Sent with DTDC: tracking number D1234567.');
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    await page
      .getByText(`Order #${orderId} is now shipped. The customer sees your message on their order page.`)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Mark delivered' }).count()).toBe(1);
    await snap(page, JOURNEY, '9-order-shipped');
  });

  it('downloads the shipped orders as a CSV file for the books', async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    const shipped = page.getByRole('button', { name: 'Shipped', exact: true });
    await shipped.click();
    // The file is cut with the filters the list shows: wait for the tab to be in force before asking for it.
    await page.waitForURL((url) => url.searchParams.get('status') === 'shipped');
    await expect.poll(() => shipped.getAttribute('aria-current')).toBe('page');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kapaas-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    const [header, ...rows] = text.trim().split('\n');
    expect(header?.startsWith('order_id,placed_at,paid_at,status,')).toBe(true);
    expect(rows.map((row) => row.split(',')[0])).toContain(String(orderId));
    expect(rows.every((row) => row.split(',')[3] === 'shipped')).toBe(true);
  });

  it('writes a testimonial with the formatting buttons, and the home page shows it in bold', async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Testimonials' }).click();
    await page.getByRole('table').getByRole('link').first().click();
    const text = page.getByRole('textbox', { name: 'What they said' });
    await text.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('The softest cotton we have found. ');
    await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Washes beautifully.');
    expect(await page.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    expect(await text.locator('strong').textContent()).toBe('Washes beautifully.');
    await snap(page, JOURNEY, '11-testimonial-bold');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(/^Testimonial “.+” saved\.$/).waitFor();

    const store = shopper.page;
    await store.goto('/');
    const quote = store.locator('.testimonial__quote').filter({ hasText: 'The softest cotton we have found.' }).first();
    await quote.waitFor({ state: 'attached' });
    expect(await quote.locator('strong').first().textContent()).toBe('Washes beautifully.');
  });

  it('shows the shopper the order as shipped', async () => {
    const request = shopper.context.request;
    const details = await customerApi<{ data: { status: string } }>(request, 'order_details', { order_id: orderId });
    expect(details.data.status).toBe('shipped');

    const { page } = shopper;
    await page.goto(`/order-detail/${orderId}`);
    await page.locator('.order-status[data-status="shipped"]').first().waitFor();
    const timeline = page.getByRole('region', { name: 'Order Status' });
    await timeline.getByText('Sent with DTDC: tracking number D1234567.').waitFor();
    expect(await timeline.textContent()).not.toContain('@');
    await snap(page, JOURNEY, '10-shopper-order-shipped');
    expect(owner.problems).toEqual([]);
  });
});

describe('the console on a tablet', () => {
  let owner: Shopper;
  beforeAll(async () => {
    owner = await openShopper({ width: 768, height: 1024 });
  });
  afterAll(async () => {
    await owner?.close();
  });

  it('fits the screens at 768 px, with the sections in a menu', async () => {
    const { page } = owner;
    await page.goto('/admin/login');
    await page.getByLabel('E-mail').fill('admin@kapaas.local');
    await page.getByLabel('Password').fill('kapaas-admin');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await snap(page, 'admin-tablet', '1-dashboard');

    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products' }).waitFor();
    await page.getByRole('link', { name: PRODUCT }).click();
    await page.getByRole('heading', { name: PRODUCT }).waitFor();
    await snap(page, 'admin-tablet', '2-product');

    await page.goto('/admin/orders');
    await page.getByRole('table').waitFor();
    await page.getByRole('button', { name: 'All orders' }).click();
    // A row's Actions menu opens inside the screen.
    await page
      .getByRole('button', { name: /^Actions for order #/ })
      .first()
      .click();
    const actions = page.locator('.dropdown-menu.show');
    await actions.waitFor();
    // The menu loads the order: wait until it shows what the order allows (or that nothing is to do).
    await expect.poll(() => actions.getByText('Loading…').count()).toBe(0);
    const box = await actions.boundingBox();
    if (!box) throw new Error('the actions menu is not on the page');
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(768);
    await snap(page, 'admin-tablet', '3-orders');
    await page.keyboard.press('Escape');
    await page.goto('/admin/coupons/new');
    await page.getByRole('heading', { name: 'New coupon' }).waitFor();
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await page.getByText('This field is required.').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'admin-tablet', '4-coupon-errors');
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    expect(owner.problems).toEqual([]);
  });
});
