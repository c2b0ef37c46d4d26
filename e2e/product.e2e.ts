import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';

const JOURNEY = 'product';

describe('a shopper buying from a product page without an account', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper();
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('opens a product from the home page and sees it with an accessible page', async () => {
    const { page } = shopper;
    await page.goto('/');
    const bestSelling = page.getByRole('region', { name: 'Best Selling' });
    await bestSelling
      .getByRole('link', { name: /shop now/i })
      .first()
      .click();
    await page.waitForURL(/\/product-detail\/\d+-[a-z0-9-]+$/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The rating is the buyers' (another journey may have reviewed this product), never an invented 3.5.
    await page.getByRole('region', { name: 'Reviews' }).waitFor();
    expect(await page.getByRole('img', { name: /^Rated 3\.5 out of 5$/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add To Cart' }).waitFor();
    await snap(page, JOURNEY, '1-product-page');
    await expectNoSeriousA11yViolations(page);
  });

  it('chooses a size and a quantity', async () => {
    const { page } = shopper;
    const sizes = page.locator('.size-picker__option:not([disabled])');
    expect(await sizes.count()).toBeGreaterThan(0);
    const size = sizes.nth((await sizes.count()) > 1 ? 1 : 0);
    await size.click();
    expect(await size.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await page.getByRole('spinbutton', { name: 'Quantity' }).inputValue()).toBe('2');
    await snap(page, JOURNEY, '2-size-and-quantity');
  });

  it('adds to the cart: asked to log in or continue as a guest, continues as a guest, and the badge shows 2', async () => {
    const { page } = shopper;
    const url = page.url();
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login or continue as a Guest' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    await snap(page, JOURNEY, '3-login-or-guest');

    await dialog.getByRole('button', { name: 'Proceed as Guest' }).click();
    await page.getByRole('dialog').getByText('You are logged in as a Guest.').waitFor();
    await snap(page, JOURNEY, '4-guest-started');

    const cart = page.getByRole('link', { name: 'Shopping cart, 2 items' });
    await cart.waitFor();
    expect(await page.getByTestId('cart-count').textContent()).toBe('2');
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 5000 });
    expect(page.url()).toBe(url);
    expect(await page.getByRole('link', { name: 'Welcome Guest' }).isVisible()).toBe(true);
    await snap(page, JOURNEY, '5-cart-badge');
  });

  it('is told that the wishlist needs a login, as a guest', async () => {
    const { page } = shopper;
    await page.getByRole('button', { name: 'Save to Wishlist' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Please log in to use the wishlist feature.').waitFor();
    await snap(page, JOURNEY, '6-wishlist-needs-login');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('met no console errors and no failed requests on the way', () => {
    expect(shopper.problems).toEqual([]);
  });
});
