import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';
import { addAsGuest } from './support/shop';

const PAYING_CARD = '4111 1111 1111 1111';

/** The text of a PDF, page after page, as a PDF reader extracts it. */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}
const DECLINED_CARD = '4000 0000 0000 0002';

/** Adds a product for a shopper who is already a user or guest. */
async function addToCart(page: Page, productId: number) {
  await page.goto(`/product-detail/${productId}`);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  const added = page.getByRole('dialog');
  await added.getByText('Product added to cart successfully.').waitFor();
  await added.getByRole('button', { name: 'OK' }).click();
  await added.waitFor({ state: 'detached' });
}

/** From the billing page, adds a delivery address with the checkout's form; first with a PIN code too short. */
async function addAddress(page: Page, journey: string) {
  await page.getByRole('link', { name: 'Add New Address' }).click();
  await page.waitForURL(/\/Billing-Address-Form$/);
  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Menon');
  await page.getByLabel('Address', { exact: true }).fill('12 Temple Road, Benz Circle');
  await page.getByLabel('State').selectOption({ label: 'Andhra Pradesh' });
  const city = page.getByLabel('City');
  await city.locator('option', { hasText: 'Amaravati' }).waitFor({ state: 'attached' });
  await city.selectOption({ label: 'Amaravati' });
  await page.getByLabel(/^Pin code/).fill('5220');
  await page.getByLabel(/^Phone number/).fill('9876543210');
  await page.getByLabel(/^E-mail/).fill('asha@example.in');
  await page.getByText('Pin code must be 6 digits').waitFor();
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect.poll(() => page.getByLabel(/^Pin code/).getAttribute('aria-invalid')).toBe('true');
  await snap(page, journey, 'address-pin-error');
  await page.getByLabel(/^Pin code/).fill('522001');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await page.waitForURL(/\/Billing-Address$/, { timeout: 10_000 });
  await page.getByText('Asha Menon').first().waitFor();
}

/** Pays in the sandbox's checkout dialog with a card. */
async function payWith(page: Page, card: string, amount: RegExp) {
  const dialog = page.getByRole('dialog', { name: 'Kapaas' });
  await dialog.waitFor();
  await dialog.getByLabel('Card number').fill(card);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/35');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByRole('button', { name: amount }).click();
  return dialog;
}

const totalOf = (page: Page) => page.getByRole('region', { name: 'Cart Totals' }).locator('.cart-summary__total dd');

describe('a guest on a phone: cart, coupon, new address, payment, order tracked', () => {
  const JOURNEY = 'checkout-guest';
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper({ width: 375, height: 812 });
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('puts two pieces in the cart as a guest', async () => {
    const { page } = shopper;
    await addAsGuest(page, 1);
    await page.getByRole('link', { name: 'Shopping cart, 1 item' }).click();
    await page.getByRole('combobox', { name: /^Quantity of / }).selectOption('2');
    await page.getByRole('link', { name: 'Shopping cart, 2 items' }).waitFor();
    // Before an address is chosen the cart shows the rest-of-India charge, and from what it ships free.
    const totals = page.getByRole('region', { name: 'Cart Totals' });
    expect(await totals.locator('.cart-summary__shipping dd').textContent()).toBe('₹79');
    await totals.getByText('Free shipping from ₹1,499').waitFor();
    expect(await totalOf(page).textContent()).toBe('₹1,177');
    await snap(page, JOURNEY, '1-cart');
  });

  it('applies a coupon from the coupon list and sees the total change', async () => {
    const { page } = shopper;
    await page.getByRole('link', { name: 'Select Coupon' }).click();
    await page.getByRole('heading', { name: /^Extra ₹100 or 0 % off on / }).waitFor();
    await snap(page, JOURNEY, '2-coupons');
    await page.getByRole('button', { name: 'Apply WELCOME100' }).click();
    await page.waitForURL(/\/shoping-cart$/);
    const totals = page.getByRole('region', { name: 'Cart Totals' });
    await totals.getByText('WELCOME100').waitFor();
    expect(await totals.getByText('−₹100').isVisible()).toBe(true);
    expect(await totalOf(page).textContent()).toBe('₹1,077');
    await snap(page, JOURNEY, '3-coupon-applied');
  });

  it('continues to the billing address and adds one, seeing the PIN rule first', async () => {
    const { page } = shopper;
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.waitForURL(/\/Billing-Address$/);
    await page.getByText('You have no saved addresses. Please add one.').waitFor();
    expect(await page.getByRole('button', { name: 'PROCEED TO PAY' }).isDisabled()).toBe(true);
    await snap(page, JOURNEY, '4-billing-empty');
    await addAddress(page, JOURNEY);
    const pay = page.getByRole('button', { name: 'PROCEED TO PAY' });
    await expect.poll(() => pay.isEnabled()).toBe(true);
    // Andhra Pradesh, from a shop in Maharashtra: the rest-of-India zone, with its delivery date.
    expect(await totalOf(page).textContent()).toBe('₹1,077');
    await page.getByText(/^Delivery by (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2}/).waitFor();
    await snap(page, JOURNEY, '5-billing-ready');
    await expectNoSeriousA11yViolations(page);
  });

  it('pays ₹1,077 with the test card in the payment dialog and sees the order placed', async () => {
    const { page } = shopper;
    await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
    const dialog = page.getByRole('dialog', { name: 'Kapaas' });
    await dialog.waitFor();
    await snap(page, JOURNEY, '6-payment-dialog');
    await payWith(page, PAYING_CARD, /^Pay ₹1,077\.00$/);
    await page.getByRole('heading', { level: 1, name: 'Order Placed Successfully !' }).waitFor();
    expect(await page.getByText('Order ID:').textContent()).toMatch(/^Order ID: \d+$/);
    await page.getByRole('link', { name: 'Shopping cart, 0 items' }).waitFor();
    await snap(page, JOURNEY, '7-order-placed');
  });

  it('tracks the order: listed as paid, and its detail shows the coupon and the total', async () => {
    const { page } = shopper;
    const orderId = (await page.getByText('Order ID:').textContent())?.replace(/\D/g, '');
    await page.getByRole('link', { name: 'Track Order' }).click();
    const card = page.getByRole('article', { name: `Order #${orderId}` });
    await card.waitFor();
    expect(await card.getByText('Status: Paid').textContent()).toBe('Status: Paid');
    expect(await card.textContent()).toContain('₹1,077');
    await snap(page, JOURNEY, '8-orders');
    await expectNoSeriousA11yViolations(page);

    await card.getByRole('link', { name: `Order Detail of order ${orderId}` }).click();
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await summary.waitFor();
    expect(await summary.textContent()).toContain('WELCOME100');
    expect(await summary.textContent()).toContain('−₹100');
    expect(await summary.locator('.order-summary__total dd').textContent()).toBe('₹1,077');
    expect(await summary.textContent()).toContain('₹79');
    await snap(page, JOURNEY, '9-order-detail');
    await expectNoSeriousA11yViolations(page);
  });

  it('opens the order’s GST tax invoice: its number, the shop’s GSTIN and the IGST line are in the PDF', async () => {
    const { page } = shopper;
    const summary = page.getByRole('region', { name: 'Order Summary' });
    const number = (await summary.locator('.order-detail__invoice-number').textContent())?.match(
      /KPS\/\d{4}\/\d{5}/,
    )?.[0];
    expect(number).toBeDefined();
    const href = await summary.getByRole('link', { name: 'Invoice' }).getAttribute('href');
    // The link opens in a new tab; its document is fetched with the shopper's own session, as that tab would.
    const response = await page.context().request.get(new URL(href ?? '', page.url()).href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const text = await pdfText(await response.body());
    expect(text).toContain('Tax invoice');
    expect(text).toContain(number);
    expect(text).toContain('27AAKCK2026P1Z5');
    expect(text).toContain('Andhra Pradesh');
    expect(text).toMatch(/IGST/);
    expect(text).toContain('Tax is payable on reverse charge: No');
    expect(text).toContain('₹1,077.00');
    expect(text).toContain('Rupees One Thousand Seventy-Seven Only');
  });

  it('never scrolled sideways and met no console errors or failed requests', async () => {
    expect(await shopper.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(shopper.problems).toEqual([]);
  });
});

describe('a registered shopper whose card is declined pays again with a good one', () => {
  const JOURNEY = 'checkout-registered';
  const email = `meera.${Date.now()}@example.in`;
  const password = 'cotton-soft-2026';
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('has an account and logs in', async () => {
    const { page } = shopper;
    await page.goto('/');
    const registered = await page.evaluate(
      async (body) => {
        const response = await fetch('/api/register', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return response.ok;
      },
      { name: 'Meera', email, phone: '9812345678', password, password_confirmation: password },
    );
    expect(registered).toBe(true);
    await page.goto('/Login-Page');
    await page.getByLabel('E-mail or mobile number').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('link', { name: /Welcome Meera/ }).waitFor({ timeout: 10_000 });
  });

  it('puts a product in the cart and reaches the billing page with a new address', async () => {
    const { page } = shopper;
    await addToCart(page, 3);
    await page.getByRole('link', { name: 'Shopping cart, 1 item' }).click();
    await page.getByRole('button', { name: 'CONTINUE' }).click();
    await page.waitForURL(/\/Billing-Address$/);
    await page.getByText('You have no saved addresses. Please add one.').waitFor();
    await addAddress(page, JOURNEY);
    await snap(page, JOURNEY, '1-billing');
  });

  it('is told when the card is declined; the order stays unpaid and the cart is kept', async () => {
    const { page } = shopper;
    const total = (await totalOf(page).textContent()) ?? '';
    await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
    const dialog = await payWith(page, DECLINED_CARD, /^Pay ₹/);
    await dialog
      .getByRole('alert')
      .filter({ hasText: /declined/ })
      .waitFor();
    await snap(page, JOURNEY, '2-declined-in-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const notice = page.getByRole('alert').filter({ hasText: 'Your order is not paid yet: you can try again.' });
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/declined/);
    expect(await page.getByRole('button', { name: 'PROCEED TO PAY' }).isEnabled()).toBe(true);
    expect(await page.getByTestId('cart-count').textContent()).toBe('1');
    expect(await totalOf(page).textContent()).toBe(total);
    await snap(page, JOURNEY, '3-declined-notice');
  });

  it('sees the order on /Orders in another tab, not paid, then comes back to the billing page', async () => {
    const { context, page } = shopper;
    // Another tab of the same browser: the billing page keeps its order, so paying again pays that same order.
    const ordersTab = await context.newPage();
    try {
      await ordersTab.goto('/Orders');
      const orders = ordersTab.getByRole('list', { name: 'Your orders' });
      await orders.waitFor();
      await expect.poll(() => orders.getByRole('article').count()).toBe(1);
      const badge = orders.locator('.order-status');
      expect(await badge.getAttribute('data-status')).not.toBe('paid');
      expect(await badge.textContent()).toMatch(/^Status: (Awaiting payment|Payment failed)$/);
      await snap(ordersTab, JOURNEY, '3b-orders-not-paid');
    } finally {
      await ordersTab.close();
    }
    await page.bringToFront();
    expect(new URL(page.url()).pathname).toBe('/Billing-Address');
    expect(await page.getByRole('button', { name: 'PROCEED TO PAY' }).isEnabled()).toBe(true);
  });

  it('pays again with the test card and sees the order placed and paid', async () => {
    const { page } = shopper;
    await page.getByRole('button', { name: 'PROCEED TO PAY' }).click();
    await payWith(page, PAYING_CARD, /^Pay ₹/);
    await page.getByRole('heading', { level: 1, name: 'Order Placed Successfully !' }).waitFor();
    await snap(page, JOURNEY, '4-order-placed');
    await page.getByRole('link', { name: 'Track Order' }).click();
    const orders = page.getByRole('list', { name: 'Your orders' });
    await orders.waitFor();
    expect(await orders.getByRole('article').count()).toBe(1);
    expect(await orders.getByText('Status: Paid').textContent()).toBe('Status: Paid');
    await snap(page, JOURNEY, '5-orders');
    await orders.getByRole('link', { name: /^Order Detail of order / }).click();
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await summary.waitFor();
    expect(await summary.textContent()).toContain('No coupon applied');
    const history = page.getByRole('region', { name: 'Order Status' });
    expect(await history.textContent()).toContain('Paid');
    await snap(page, JOURNEY, '6-order-detail');
  });

  it('met no console errors or failed requests other than the declined card', () => {
    const problems = shopper.problems.filter((problem) => !problem.includes('/sandbox/razorpay/'));
    expect(problems).toEqual([]);
  });
});
