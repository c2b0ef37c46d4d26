import { randomUUID } from 'node:crypto';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, waitForHydration } from './support/browser';
import { snap } from './support/evidence';
import { type Mailbox, rawHeader, type ShopProcess, startMailbox, startShopProcess } from './support/mail-shop';

/*
 * Back in stock, through a real mail server: a shopper asks to be told when a sold-out size is back,
 * the owner restocks it in the console, and the message arrives. The shared journey shop runs without
 * SMTP, so this journey starts its own shop (built storefront and console, fresh embedded database)
 * with SMTP_URL set to a loopback mail server of its own, and reads what arrived.
 */

const JOURNEY = 'back-in-stock';
const PRODUCT = `Neem Leaf Romper ${randomUUID().slice(0, 6)}`;
const SHOPPER = `meera.${randomUUID().slice(0, 6)}@example.in`;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'];

/** The admin API with the owner's token. */
async function adminApi<T>(shop: ShopProcess, token: string, method: string, path: string, body?: object): Promise<T> {
  const response = await fetch(`${shop.baseUrl}/admin/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await response.json()) as T;
  expect(response.ok, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(true);
  return answer;
}

describe('a shopper is told when a sold-out size is back', () => {
  let mailbox: Mailbox;
  let shop: ShopProcess;
  let browser: Browser;
  let shopper: Page;
  let owner: Page;
  let token: string;
  let productId: number;
  let picture: string | undefined;
  const sizes: { id: number; label: string }[] = [];

  beforeAll(async () => {
    mailbox = await startMailbox();
    shop = await startShopProcess({ SMTP_URL: mailbox.url, MAIL_FROM: 'Kapaas <orders@kapaas.example.in>' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
    const open = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: shop.baseUrl });
      const page = await context.newPage();
      waitForHydration(page);
      return page;
    };
    shopper = await open();
    owner = await open();

    const login = await fetch(`${shop.baseUrl}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@kapaas.local', password: 'kapaas-admin' }),
    });
    token = ((await login.json()) as { token: string }).token;
    const subcategory = (
      await adminApi<{ data: { id: number; category_id: number }[] }>(shop, token, 'GET', 'subcategories?per_page=1')
    ).data[0];
    const sizeRows = (await adminApi<{ data: { id: number; label: string }[] }>(shop, token, 'GET', 'sizes')).data;
    picture = (await adminApi<{ data: { images: string[] }[] }>(shop, token, 'GET', 'products?per_page=1')).data[0]
      ?.images[0];
    sizes.push(...sizeRows.slice(0, 2));
    if (!subcategory || sizes.length < 2) throw new Error('the demo shop lacks a subcategory or two sizes');
    const created = await adminApi<{ data: { id: number } }>(shop, token, 'POST', 'products', {
      name: PRODUCT,
      category_id: subcategory.category_id,
      subcategory_id: subcategory.id,
      price: 649,
      images: picture ? [picture] : [],
      sizes: [
        { size_id: sizes[0]?.id, stock: 4 },
        { size_id: sizes[1]?.id, stock: 0 },
      ],
    });
    productId = created.data.id;
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.close();
    await mailbox?.close();
  });

  it('asks to be notified from the sold-out size on the product page', async () => {
    const soldOut = sizes[1]?.label ?? '';
    await shopper.goto(`/product-detail/${productId}`);
    await shopper.getByRole('heading', { level: 1, name: PRODUCT }).waitFor();
    expect(await shopper.getByRole('button', { name: `Notify me when ${sizes[0]?.label} is back` }).count()).toBe(0);
    await shopper.getByRole('button', { name: `Notify me when ${soldOut} is back` }).click();
    const form = shopper.getByRole('form', { name: `Notify me: ${soldOut}` });
    await form.getByRole('textbox').fill(SHOPPER);
    await form.getByRole('button', { name: 'Notify me' }).click();
    await form.getByRole('status').getByText(`We will write to you once when size ${soldOut} is back.`).waitFor();
    await snap(shopper, JOURNEY, '1-notify-me');
  });

  it('the owner restocks the size in the console, and one message arrives with the product and the size', async () => {
    const soldOut = sizes[1]?.label ?? '';
    await owner.goto('/admin');
    await owner.getByLabel('E-mail').fill('admin@kapaas.local');
    await owner.getByLabel('Password').fill('kapaas-admin');
    await owner.getByRole('button', { name: 'Log in' }).click();
    await owner.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await owner.goto(`/admin/products/${productId}`);
    await owner.getByLabel(soldOut, { exact: true }).fill('6');
    await owner.getByRole('button', { name: 'Save changes' }).click();
    await owner.getByText('Saved. The shop shows the change now.').waitFor();

    // The size is in stock now: asking again is refused.
    const again = await fetch(`${shop.baseUrl}/api/stock_alert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product_id: productId, size_id: sizes[1]?.id, email: SHOPPER }),
    });
    expect(again.status).toBe(409);
    const message = await mailbox
      .waitFor((received) => received.to.includes(SHOPPER), 30_000)
      .catch((error: Error) => {
        throw new Error(`${error.message}\nThe shop's log:\n${shop.log()}`);
      });
    expect(message.mail.subject).toBe(`Back in stock: ${PRODUCT}, size ${soldOut}`);
    expect(message.mail.html).toContain(`${shop.baseUrl}/product-detail/${productId}`);
    expect(message.mail.html).toContain(`${shop.baseUrl}/mail/picture.jpg?src=${encodeURIComponent(picture ?? '')}`);
    expect(rawHeader(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(message, 'List-Unsubscribe')).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/api\/unsubscribe\?e=/);

    // Saving again (more stock) writes nothing more.
    await owner.getByLabel(soldOut, { exact: true }).fill('7');
    await owner.getByRole('button', { name: 'Save changes' }).click();
    await owner.getByText('Saved. The shop shows the change now.').waitFor();
    await new Promise((wait) => setTimeout(wait, 5_000));
    expect(mailbox.to(SHOPPER)).toHaveLength(1);
  });

  it('the message’s unsubscribe link leads to a page with one button that unsubscribes', async () => {
    const [message] = mailbox.to(SHOPPER);
    const footer = /href="([^"]*\/api\/unsubscribe\?[^"]+)"/
      .exec(message?.mail.html || '')?.[1]
      ?.replaceAll('&amp;', '&');
    if (!footer) throw new Error('the message has no unsubscribe link');
    await shopper.goto(footer);
    await shopper.waitForURL(/\/unsubscribe\?e=/);
    await shopper.getByText(SHOPPER).waitFor();
    await shopper.getByRole('button', { name: 'Unsubscribe' }).click();
    await shopper
      .getByRole('main')
      .getByRole('status')
      .getByText(
        'Done: your consent is withdrawn and you will receive no more of these messages. Order messages still reach you.',
      )
      .waitFor();
    await snap(shopper, JOURNEY, '2-unsubscribed');
  });
});
