import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';

const JOURNEY = 'cart';

/** The header badge's number, as the shopper reads it. */
async function badge(shopper: Shopper): Promise<string | null> {
  return shopper.page.getByTestId('cart-count').textContent();
}

describe('a guest filling and emptying the cart on a phone', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper({ width: 375, height: 812 });
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('adds a first product as a guest; the badge shows 1', async () => {
    const { page } = shopper;
    await page.goto('/product-detail/1');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    const ask = page.getByRole('dialog', { name: 'Login or continue as a Guest' });
    await ask.getByRole('button', { name: 'Proceed as Guest' }).click();
    await page.getByRole('dialog').getByText('You are logged in as a Guest.').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 5000 });
    await page.getByRole('link', { name: 'Shopping cart, 1 item' }).waitFor();
    expect(await badge(shopper)).toBe('1');
    await snap(page, JOURNEY, '1-first-item');
  });

  it('adds a second product; the badge shows 2', async () => {
    const { page } = shopper;
    await page.goto('/product-detail/3');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    const added = page.getByRole('dialog');
    await added.getByText('Product added to cart successfully.').waitFor();
    await added.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('link', { name: 'Shopping cart, 2 items' }).waitFor();
    expect(await badge(shopper)).toBe('2');
  });

  it('opens the cart: the spinner, then both lines, the steps and the totals', async () => {
    const { page } = shopper;
    await page.getByRole('link', { name: 'Shopping cart, 2 items' }).click();
    await page.getByText('Loading your cart').waitFor();
    await snap(page, JOURNEY, '2-spinner');
    const table = page.getByRole('table', { name: 'Items in your cart' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    const steps = page.getByRole('navigation', { name: 'Checkout steps' });
    expect(await steps.locator('[aria-current="step"]').textContent()).toContain('SHOPPING CART');
    const totals = page.getByRole('region', { name: 'Cart Totals' });
    expect(await totals.getByRole('button', { name: 'CONTINUE' }).isEnabled()).toBe(true);
    await snap(page, JOURNEY, '3-cart');
    await expectNoSeriousA11yViolations(page);
  });

  it('changes a quantity to 3: the line total, the cart total and the badge follow', async () => {
    const { page } = shopper;
    const totals = page.getByRole('region', { name: 'Cart Totals' });
    const before = await totals.locator('.cart-summary__total dd').textContent();
    const quantity = page.getByRole('combobox', { name: /^Quantity of / }).first();
    await quantity.selectOption('3');
    await page.getByRole('link', { name: 'Shopping cart, 4 items' }).waitFor();
    expect(await quantity.inputValue()).toBe('3');
    expect(await badge(shopper)).toBe('4');
    expect(await totals.locator('.cart-summary__total dd').textContent()).not.toBe(before);
    expect(await totals.getByText('Cart Items').locator('..').textContent()).toContain('4');
    await snap(page, JOURNEY, '4-quantity-3');
  });

  it('removes the second line; the badge shows 3', async () => {
    const { page } = shopper;
    const remove = page.getByRole('button', { name: /^Remove / }).nth(1);
    await remove.click();
    const done = page.getByRole('dialog');
    await done.getByText('Item removed from guest cart.').waitFor();
    await snap(page, JOURNEY, '5-removed');
    await done.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('link', { name: 'Shopping cart, 3 items' }).waitFor();
    expect(await page.getByRole('table', { name: 'Items in your cart' }).getByRole('row').count()).toBe(2);
  });

  it('removes the last line: Your Cart is Empty !, and the badge shows 0', async () => {
    const { page } = shopper;
    await page.getByRole('button', { name: /^Remove / }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Your Cart is Empty !' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/');
    expect(await badge(shopper)).toBe('0');
    await snap(page, JOURNEY, '6-empty');
    await expectNoSeriousA11yViolations(page);
  });

  it('never scrolled sideways and met no console errors or failed requests', async () => {
    expect(await shopper.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(shopper.problems).toEqual([]);
  });
});
