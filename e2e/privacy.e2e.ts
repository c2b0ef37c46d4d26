import { randomUUID } from 'node:crypto';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, waitForHydration } from './support/browser';
import { signInToConsole } from './support/cod-order';
import { snap } from './support/evidence';
import { type Mailbox, type ShopProcess, startMailbox, startShopProcess } from './support/mail-shop';

/*
 * Privacy (issue 35), through a real mail server: a shopper withdraws a marketing consent from an e-mail's link,
 * gets a copy of their data by the link mailed to them and sees their order in it, deletes their account (and then
 * cannot log in), and the owner sees their rights request and the erased customer in the console. Like the
 * back-in-stock journey, it starts its own shop with SMTP_URL set to a loopback mail server of its own.
 */

const JOURNEY = 'privacy';
const ID = randomUUID().slice(0, 6);
const SHOPPER = { name: 'Lakshmi Nair', email: `lakshmi.${ID}@example.in`, password: 'handloom-cotton-7' };
const PHONE = `98${String(Date.now()).slice(-8)}`;
const PRODUCT = `Mulmul Jhabla ${ID}`;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];

/** The admin API with the owner's token. */
async function adminApi<T>(shop: ShopProcess, token: string, method: string, path: string, body?: object) {
  const response = await fetch(`${shop.baseUrl}/admin/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Screenshots of the step at a phone's width and a laptop's. */
async function snapBoth(page: Page, step: string) {
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await snap(page, JOURNEY, `${step}-${width}`);
  }
}

describe('a shopper withdraws consent, takes a copy of their data and deletes the account; the owner sees it', () => {
  let mailbox: Mailbox;
  let shop: ShopProcess;
  let browser: Browser;
  let shopperContext: BrowserContext;
  let shopper: Page;
  let owner: Page;
  let token: string;
  let productId: number;
  let orderId: number;
  let userId: number;
  const sizes: { id: number; label: string }[] = [];

  /** The customer API in the shopper's browser: its calls share the page's session cookie. */
  async function customer<T>(endpoint: string, data: object): Promise<T> {
    const response = await shopperContext.request.post(`/api/${endpoint}`, { data });
    const body = (await response.json()) as T;
    expect(response.ok(), `${endpoint}: ${JSON.stringify(body)}`).toBe(true);
    return body;
  }

  beforeAll(async () => {
    mailbox = await startMailbox();
    shop = await startShopProcess({ SMTP_URL: mailbox.url, MAIL_FROM: 'Kapaas <orders@kapaas.example.in>' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
    shopperContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, baseURL: shop.baseUrl });
    shopper = await shopperContext.newPage();
    waitForHydration(shopper);
    const ownerContext = await browser.newContext({ viewport: { width: 1366, height: 900 }, baseURL: shop.baseUrl });
    owner = await ownerContext.newPage();
    waitForHydration(owner);

    const login = await fetch(`${shop.baseUrl}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@kapaas.local', password: 'kapaas-admin' }),
    });
    token = ((await login.json()) as { token: string }).token;
    await adminApi(shop, token, 'PATCH', 'settings', { cod_enabled: true });
    const subcategory = (
      await adminApi<{ data: { id: number; category_id: number }[] }>(shop, token, 'GET', 'subcategories?per_page=1')
    ).body.data[0];
    sizes.push(
      ...(await adminApi<{ data: { id: number; label: string }[] }>(shop, token, 'GET', 'sizes')).body.data.slice(0, 2),
    );
    if (!subcategory || sizes.length < 2) throw new Error('the demo shop lacks a subcategory or two sizes');
    const created = await adminApi<{ data: { id: number } }>(shop, token, 'POST', 'products', {
      name: PRODUCT,
      category_id: subcategory.category_id,
      subcategory_id: subcategory.id,
      price: 649,
      images: [],
      sizes: [
        { size_id: sizes[0]?.id, stock: 4 },
        { size_id: sizes[1]?.id, stock: 0 },
      ],
    });
    productId = created.body.data.id;
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    await mailbox?.close();
  });

  it('registers and logs in', async () => {
    const registered = await fetch(`${shop.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...SHOPPER, phone: PHONE, password_confirmation: SHOPPER.password }),
    });
    expect(registered.status).toBe(200);
    await shopper.goto('/Login-Page');
    await shopper.getByLabel('E-mail or mobile number').fill(SHOPPER.email);
    await shopper.getByLabel('Password', { exact: true }).fill(SHOPPER.password);
    await shopper.getByRole('button', { name: 'Login', exact: true }).click();
    await shopper.getByText('Login successful.').waitFor();
    await shopper.waitForURL((url) => url.pathname === '/');
    userId = Number(await shopper.evaluate(() => localStorage.getItem('userId')));
    expect(userId).toBeGreaterThan(0);
  });

  it('withdraws a marketing consent with one click from the e-mail that used it', async () => {
    await customer('stock_alert', { product_id: productId, size_id: sizes[1]?.id, email: SHOPPER.email });
    const restocked = await adminApi(shop, token, 'PATCH', `products/${productId}`, {
      sizes: [
        { size_id: sizes[0]?.id, stock: 4 },
        { size_id: sizes[1]?.id, stock: 6 },
      ],
    });
    expect(restocked.status, JSON.stringify(restocked.body)).toBe(200);
    const message = await mailbox.waitFor(
      (m) => m.to.includes(SHOPPER.email) && /^Back in stock/.test(m.mail.subject ?? ''),
      30_000,
    );
    const link = /href="([^"]*\/api\/unsubscribe\?[^"]+)"/.exec(message.mail.html || '')?.[1]?.replaceAll('&amp;', '&');
    if (!link) throw new Error('the message has no withdrawal link');
    await shopper.goto(link);
    await shopper.getByRole('button', { name: 'Unsubscribe' }).click();
    await shopper
      .getByRole('main')
      .getByRole('status')
      .getByText(/Done: your consent is withdrawn/)
      .waitFor();
    await snapBoth(shopper, '1-consent-withdrawn');
  });

  it('orders with cash on delivery, and the owner delivers it', async () => {
    await customer('add_cart', { product_id: productId, size: sizes[0]?.id, quantity: 1 });
    const states = (await customer<{ product: { state_id: number; state_name: string }[] }>('state_list', {})).product;
    const assam = states.find((state) => state.state_name === 'Assam');
    const address = await customer<{ address_id: number }>('add_address', {
      first_name: 'Lakshmi',
      last_name: 'Nair',
      address: 'House 12, Mission Chariali',
      state: assam?.state_id,
      city: 'Tezpur',
      pin_code: '784001',
      email_id: SHOPPER.email,
      phone_number: PHONE,
    });
    const placed = await customer<{ order_id: number }>('order_place', {
      address_id: address.address_id,
      product_details: [{ product_id: productId, size: sizes[0]?.id, quantity: 1 }],
      payment_method: 'cod',
    });
    orderId = Number(placed.order_id);
    for (const status of ['cod_confirmed', 'packed', 'shipped', 'delivered']) {
      await adminApi(shop, token, 'POST', `orders/${orderId}/status`, { status });
    }
    const order = await adminApi<{ data: { status: string } }>(shop, token, 'GET', `orders/${orderId}`);
    expect(order.body.data.status).toBe('delivered');
  });

  it('asks for a copy of their data and opens the link mailed to them: their order is in it', async () => {
    await shopper.setViewportSize({ width: 1366, height: 900 });
    await shopper.goto('/myprofile');
    const panel = shopper.getByRole('region', { name: 'Your data' });
    await panel.getByRole('button', { name: 'Download my data' }).click();
    await panel.getByText(/We are e-mailing you a link to a copy of your data/).waitFor();
    await snapBoth(shopper, '2-copy-asked');
    const mail = await mailbox.waitFor(
      (m) => m.to.includes(SHOPPER.email) && /copy is ready/.test(m.mail.subject ?? ''),
      30_000,
    );
    const link = /(http:\/\/[^\s"]+\/api\/my_data\?token=[\w-]+)/.exec(mail.mail.text ?? '')?.[1];
    if (!link) throw new Error('the message has no link to the copy');
    await shopper.goto(link);
    await shopper.getByRole('heading', { level: 1, name: 'Your data at Kapaas' }).waitFor();
    await shopper.getByRole('link', { name: 'Download the JSON file' }).waitFor();
    expect(await shopper.getByRole('heading', { name: /^orders / }).textContent()).toContain(': 1');
    expect(await shopper.content()).toContain(SHOPPER.email);
    await snapBoth(shopper, '3-copy-opened');
    // The link works once.
    await shopper.goto(link);
    await shopper.getByText(/used already or it expired/).waitFor();
  });

  it('files an erasure request, deletes the account with the password, and then cannot log in', async () => {
    await customer('privacy_request', { kind: 'erasure', message: 'Please delete everything about me.' });
    await shopper.setViewportSize({ width: 1366, height: 900 });
    await shopper.goto('/myprofile');
    const panel = shopper.getByRole('region', { name: 'Your data' });
    await panel.getByRole('button', { name: 'Delete my account' }).click();
    await panel.getByLabel('Your password').fill(SHOPPER.password);
    await snapBoth(shopper, '4-delete-confirm');
    await panel.getByRole('button', { name: 'Delete my account for good' }).click();
    await shopper.waitForURL(/\/Login-Page$/);
    await shopper.getByText(/Your account is deleted/).waitFor();
    await snapBoth(shopper, '5-deleted');
    const login = await fetch(`${shop.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_name: SHOPPER.email, password: SHOPPER.password }),
    });
    expect(login.status).toBe(401);
  });

  it('the owner sees the request and the erased customer in the console', async () => {
    await signInToConsole(owner);
    await owner.goto('/admin/privacy/requests');
    const request = owner.getByRole('link', { name: /^#\d+ Erasure/ });
    await request.waitFor();
    await request.click();
    await owner.getByText('(erased)').first().waitFor();
    await owner.getByText('erased@invalid').first().waitFor();
    await snapBoth(owner, '6-console-request');
    await owner.goto(`/admin/customers/${userId}`);
    await owner.getByRole('heading', { name: 'Erased shopper' }).waitFor();
    await owner.getByText(`erased-${userId}@invalid`).waitFor();
    await snapBoth(owner, '7-console-customer');
  });
});
