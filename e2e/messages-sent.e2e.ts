import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type APIResponse, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, SCREENSHOT_DIR, snap } from './support/evidence';
import { expectNoOverflow } from './support/shop';
import { shopUrl } from './support/shop-url';

const JOURNEY = 'messages-sent';
const OWNER = { email: 'admin@kapaas.local', password: 'kapaas-admin' };
/** Tezpur, Assam: cash on delivery is offered there (e2e/cod.e2e.ts). */
const TEZPUR = '784001';
const PREVIEW = 'The message as the recipient sees it';

/**
 * No serious accessibility problem on a page showing a message: axe cannot run inside the message's frame (its empty
 * sandbox refuses scripts, and axe then waits for it), so the frame is left out; the page around it is checked.
 */
async function expectNoSeriousA11yViolationsAround(page: Page) {
  const results = await new AxeBuilder({ page }).exclude('.outbox-preview').analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
  expect(serious).toEqual([]);
}

/** The shop's answer as JSON, failing the journey with the body when the call did not succeed. */
async function ok(response: APIResponse) {
  const body = await response.json();
  expect(response.ok(), JSON.stringify(body)).toBe(true);
  return body;
}

/** "₹1,098" (whole rupees) or "₹1,098.50", as the messages write amounts. */
const rupees = (amount: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);

/** A guest places a cash-on-delivery order through the customer API (the checkout's own calls); answers its id and total. */
async function placeCodOrder(api: APIRequestContext): Promise<{ orderId: number; total: number }> {
  const token = (await ok(await api.post('/admin/api/login', { data: OWNER }))).token as string;
  await ok(
    await api.patch('/admin/api/settings', {
      data: { cod_enabled: true },
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  await ok(await api.post('/api/get_guest_id', { data: {} }));
  const product = (await ok(await api.post('/api/product_detail', { data: { product_id: 1 } }))).products;
  const size = (product.sizes as { size_id: number; in_stock: boolean }[]).find((s) => s.in_stock);
  if (!size) throw new Error('product 1 has no size in stock');
  await ok(await api.post('/api/add_cart', { data: { product_id: 1, size: size.size_id, quantity: 1 } }));
  const states = (await ok(await api.post('/api/state_list', { data: {} }))).product as {
    state_id: number;
    state_name: string;
  }[];
  const assam = states.find((state) => state.state_name === 'Assam');
  if (!assam) throw new Error('no Assam in the state list');
  const address = await ok(
    await api.post('/api/add_address', {
      data: {
        first_name: 'Priya',
        last_name: 'Gogoi',
        address: 'House 7, Mission Chariali',
        state: assam.state_id,
        city: 'Tezpur',
        pin_code: TEZPUR,
        email_id: 'priya.gogoi@example.in',
        // A number no other journey uses: a parcel returned to origin holds its phone number to online payment.
        phone_number: `94350${String(Date.now()).slice(-5)}`,
      },
    }),
  );
  const order = await ok(
    await api.post('/api/order_place', {
      data: {
        address_id: address.address_id,
        product_details: [{ product_id: 1, size: size.size_id, quantity: 1 }],
        payment_method: 'cod',
      },
    }),
  );
  return { orderId: Number(order.order_id), total: Number(order.total) };
}

describe('Messages sent: the owner reads the e-mail an order queued, on a shop without a mail server', () => {
  let owner: Shopper;
  let api: APIRequestContext;
  let order: { orderId: number; total: number };
  let subject = '';

  beforeAll(async () => {
    owner = await openShopper({ width: 1366, height: 900 });
    api = await request.newContext({ baseURL: shopUrl() });
  });
  afterAll(async () => {
    await api?.dispose();
    await owner?.close();
  });

  it('a guest places a cash-on-delivery order, which queues its e-mail', async () => {
    order = await placeCodOrder(api);
    expect(order.orderId).toBeGreaterThan(0);
    subject = `Order #${order.orderId} placed: ${rupees(order.total)} to pay on delivery`;
  });

  it('the owner opens Messages sent: the message waits, as no mail server is set', async () => {
    const { page } = owner;
    await page.goto('/admin');
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Messages sent' }).click();
    await page.getByRole('heading', { name: 'Messages sent' }).waitFor();
    await page.getByText(/^No mail server is set \(SMTP_URL\)/).waitFor();
    // The shop writes a message within seconds of its order; the list refreshes itself meanwhile.
    const link = page.getByRole('link', { name: subject });
    await link.waitFor({ timeout: 15_000 });
    const row = page.getByRole('row').filter({ has: link });
    await row.getByText('Waiting: no mail server is set (SMTP_URL)').waitFor();
    expect(await row.getByText('priya.gogoi@example.in', { exact: true }).isVisible()).toBe(true);
    await expectNoOverflow(page);
    await snap(page, JOURNEY, '1-list-1366');
    await expectNoSeriousA11yViolations(page);
  });

  it('filters by kind and finds the order by its number', async () => {
    const { page } = owner;
    await page.getByLabel('Kind of message').selectOption({ label: 'Order placed (cash on delivery)' });
    // Each choice is in the address before the next: the list refreshes itself meanwhile.
    await page.waitForURL(/kind=order_placed/);
    await expect.poll(() => page.getByLabel('Kind of message').inputValue()).toBe('order_placed');
    await page.getByLabel('Search by recipient or subject').fill(`#${order.orderId}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('kind') === 'order_placed' && url.searchParams.has('q'));
    await page.getByRole('link', { name: subject }).waitFor();
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
  });

  it('opens the message and reads the order number and amount in the e-mail as it goes out', async () => {
    const { page } = owner;
    await page.getByRole('link', { name: subject }).click();
    await page.getByRole('heading', { name: subject }).waitFor();
    await page.getByText('No attempt yet: no mail server is set (SMTP_URL), so the message waits.').waitFor();
    expect(await page.getByRole('button', { name: 'Resend' }).isDisabled()).toBe(true);
    await page.getByText('This message is still waiting to go out; it can be resent once it was sent.').waitFor();

    const frame = page.frameLocator(`iframe[title="${PREVIEW}"]`);
    await frame.getByText(`We have your order #${order.orderId}.`, { exact: false }).waitFor();
    expect(await frame.getByText(`You pay ${rupees(order.total)} in cash on delivery`, { exact: false }).count()).toBe(
      1,
    );
    // An empty sandbox: the message runs nothing and has an origin of its own.
    expect(await page.locator(`iframe[title="${PREVIEW}"]`).getAttribute('sandbox')).toBe('');
    // Its images come from the shop itself, and show: neither the console's Content-Security-Policy nor the images'
    // Cross-Origin-Resource-Policy refuses them to the sandboxed frame (an origin of its own); a refusal is logged.
    await frame.locator('img[src$="/mail/logo.png"]').waitFor();
    expect(owner.problems).toEqual([]);

    const text = page.locator('pre.outbox-text');
    expect(await text.textContent()).toContain(`#${order.orderId}`);
    await expectNoOverflow(page);
    await snap(page, JOURNEY, '2-message-1366');
    await expectNoSeriousA11yViolationsAround(page);
  });

  it('reads the same on a phone, 375 px wide', async () => {
    const { page } = owner;
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('heading', { name: subject }).waitFor();
    await page
      .frameLocator(`iframe[title="${PREVIEW}"]`)
      .getByText(`We have your order #${order.orderId}.`, { exact: false })
      .waitFor();
    await expectNoOverflow(page);
    await snap(page, JOURNEY, '3-message-375');
    // A full-page screenshot leaves the frame blank after the resize (Chromium paints it apart): the frame in view too.
    await page.locator(`iframe[title="${PREVIEW}"]`).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${JOURNEY}--3-message-375-frame.png`) });
    await page.getByRole('link', { name: 'All messages sent' }).click();
    await page.getByRole('link', { name: subject }).waitFor();
    await expectNoOverflow(page);
    // On a phone the recipient sits under the subject.
    await page
      .getByText(/^To priya\.gogoi@example\.in · /)
      .first()
      .waitFor();
    await snap(page, JOURNEY, '4-list-375');
    await expectNoSeriousA11yViolations(page);
    expect(owner.problems).toEqual([]);
  });
});
