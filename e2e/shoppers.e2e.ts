import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAccount } from './support/accounts';
import { openShopper, type Shopper } from './support/browser';
import { snap } from './support/evidence';

/*
 * Journeys of product.md §6 and §11: a guest's cart merges into the account at login, and two shoppers in
 * two browser contexts never see each other's cart, addresses or orders.
 */

const stamp = Date.now().toString().slice(-8);

/** A product's name as its page shows it. */
async function productName(page: Page, productId: number): Promise<string> {
  await page.goto(`/product-detail/${productId}`);
  return ((await page.locator('h1.product-detail__name').textContent()) ?? '').trim();
}

/** Puts a product in this browser's cart in its first size with stock, through the API. */
async function addToCart(page: Page, productId: number, quantity: number) {
  const detail = await (await page.request.post('/api/product_detail', { data: { product_id: productId } })).json();
  const size = (detail.products.sizes as { size_id: number; max_quantity: number }[]).find(
    (s) => s.max_quantity >= quantity,
  );
  if (!size) throw new Error(`product ${productId} has no size with ${quantity} in stock`);
  const added = await page.request.post('/api/add_cart', {
    data: { product_id: productId, size: size.size_id, quantity },
  });
  expect(added.status(), await added.text()).toBe(200);
}

/** Saves an address and pays for the cart through the API and the sandbox, in this browser's session. */
async function paidOrder(page: Page, firstName: string): Promise<number> {
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data });
    expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
    return response.json();
  };
  const address = await post('/api/add_address', {
    first_name: firstName,
    last_name: 'Shopper',
    address: `${firstName}'s house, 3 Rose Street`,
    state: 1,
    city: 1,
    pin_code: '520001',
    email_id: `${firstName.toLowerCase()}.${stamp}@example.in`,
    phone_number: '9876501234',
  });
  const cart = await post('/api/cart_list', {});
  const placed = await post('/api/order_place', {
    address_id: address.address_id,
    product_details: cart.product.map((line: { product_id: number; size_id: number; selected_quantity: number }) => ({
      product_id: line.product_id,
      size: line.size_id,
      quantity: line.selected_quantity,
    })),
  });
  const handler = await post('/sandbox/razorpay/test/pay', {
    order_id: placed.razorpay_order_id,
    card_number: '4111 1111 1111 1111',
  });
  await post('/api/order_place', {
    order_id: placed.order_id,
    payment_id: handler.razorpay_payment_id,
    razorpay_order_id: handler.razorpay_order_id,
    razorpay_signature: handler.razorpay_signature,
  });
  return placed.order_id as number;
}

describe('a guest cart merged at login', () => {
  const JOURNEY = 'cart-merge';
  const email = `ravi.${stamp}@example.in`;
  const password = 'cotton-cloud-5';
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper({ width: 1280, height: 900 });
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('keeps what was added as a guest and what the account already held', async () => {
    const { page } = shopper;
    await registerAccount(page, 'Ravi Kumar', email, `7${stamp.padStart(9, '3').slice(-9)}`, password);
    // The account already holds one product from an earlier visit.
    const login = await page.request.post('/api/login', { data: { user_name: email, password } });
    expect(login.status()).toBe(200);
    await addToCart(page, 5, 1);
    const accountCart = (await (await page.request.post('/api/cart_list', { data: {} })).json()).product as unknown[];
    await page.request.post('/api/logout', { data: {} });
    await page.context().clearCookies();

    // As a guest, the shopper adds another product.
    const guestProduct = await productName(page, 2);
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await page
      .getByRole('dialog', { name: 'Login or continue as a Guest' })
      .getByRole('button', { name: 'Proceed as Guest' })
      .click();
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 5000 });
    await page.getByRole('link', { name: 'Shopping cart, 1 item' }).waitFor();
    await snap(page, JOURNEY, '1-guest-cart');

    // Logging in merges the guest's cart into the account's.
    await logIn(page, email, password, 'Ravi Kumar');
    const expected = 1 + accountCart.length;
    await page.getByRole('link', { name: `Shopping cart, ${expected} items` }).waitFor();
    await page.goto('/shoping-cart');
    await page.getByRole('cell', { name: guestProduct }).or(page.getByText(guestProduct).first()).first().waitFor();
    await snap(page, JOURNEY, '2-merged-cart');
  });
});

describe('two shoppers side by side', () => {
  const JOURNEY = 'two-shoppers';
  let asha: Shopper;
  let guest: Shopper;
  let ashaOrder = 0;
  let guestOrder = 0;
  const ashaEmail = `asha.${stamp}@example.in`;
  const password = 'soft-muslin-8';

  beforeAll(async () => {
    asha = await openShopper({ width: 1280, height: 900 });
    guest = await openShopper({ width: 375, height: 812 });
  });
  afterAll(async () => {
    await asha?.close();
    await guest?.close();
  });

  it('each shops and pays in their own browser', async () => {
    await registerAccount(asha.page, 'Asha Nair', ashaEmail, `6${stamp.padStart(9, '4').slice(-9)}`, password);
    await logIn(asha.page, ashaEmail, password, 'Asha Nair');
    await addToCart(asha.page, 7, 1);
    ashaOrder = await paidOrder(asha.page, 'Asha');

    await guest.page.goto('/product-detail/9');
    await guest.page.getByRole('button', { name: 'Add To Cart' }).click();
    await guest.page
      .getByRole('dialog', { name: 'Login or continue as a Guest' })
      .getByRole('button', { name: 'Proceed as Guest' })
      .click();
    await guest.page.getByRole('dialog').waitFor({ state: 'detached', timeout: 5000 });
    guestOrder = await paidOrder(guest.page, 'Gita');
    // Each has another item waiting in the cart.
    await addToCart(asha.page, 11, 1);
    await addToCart(guest.page, 13, 2);
  });

  it('sees only their own orders and cannot open the other’s', async () => {
    await asha.page.goto('/Orders');
    await asha.page.getByRole('heading', { name: `Order #${ashaOrder}` }).waitFor();
    expect(await asha.page.getByRole('heading', { name: `Order #${guestOrder}` }).count()).toBe(0);
    await snap(asha.page, JOURNEY, '1-asha-orders');

    await guest.page.goto('/Orders');
    await guest.page.getByRole('heading', { name: `Order #${guestOrder}` }).waitFor();
    expect(await guest.page.getByRole('heading', { name: `Order #${ashaOrder}` }).count()).toBe(0);
    await snap(guest.page, JOURNEY, '2-guest-orders');

    await guest.page.goto(`/order-detail/${ashaOrder}`);
    await guest.page.getByText('Order not found.').waitFor();
    expect(await guest.page.getByText("Asha's house").count()).toBe(0);
    await snap(guest.page, JOURNEY, '3-guest-cannot-open-asha-order');
  });

  it('sees only their own addresses and cart', async () => {
    await asha.page.goto('/Billing-Address');
    await asha.page.getByText("Asha's house, 3 Rose Street").first().waitFor();
    expect(await asha.page.getByText("Gita's house").count()).toBe(0);

    await guest.page.goto('/Billing-Address');
    await guest.page.getByText("Gita's house, 3 Rose Street").first().waitFor();
    expect(await guest.page.getByText("Asha's house").count()).toBe(0);

    await asha.page.getByRole('link', { name: 'Shopping cart, 1 item' }).waitFor();
    await guest.page.getByRole('link', { name: 'Shopping cart, 2 items' }).waitFor();
    await snap(guest.page, JOURNEY, '4-guest-billing');

    // Asking the API for the other's order with the other's id is refused, not answered.
    const stolen = await guest.page.request.post('/api/order_details', { data: { order_id: ashaOrder } });
    expect(stolen.status()).toBe(404);
  });
});
