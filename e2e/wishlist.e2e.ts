import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, registerAccount } from './support/accounts';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';

const JOURNEY = 'wishlist';
const stamp = Date.now().toString().slice(-8);
const EMAIL = `kavya.${stamp}@example.in`;
const PASSWORD = 'little-leaf-7';

describe('a logged-in shopper keeping a wishlist', () => {
  let shopper: Shopper;
  let productName = '';
  beforeAll(async () => {
    shopper = await openShopper({ width: 1440, height: 900 });
    await registerAccount(shopper.page, 'Kavya Rao', EMAIL, `8${stamp.padStart(9, '2').slice(-9)}`, PASSWORD);
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('is told to log in when visiting the wishlist as a visitor', async () => {
    const { page } = shopper;
    await page.goto('/wishlist');
    await page.getByText('Please log in or continue as a guest to view your wishlist.').waitFor();
    await snap(page, JOURNEY, '1-visitor-notice');
  });

  it('logs in and sees the empty wishlist', async () => {
    const { page } = shopper;
    await logIn(page, EMAIL, PASSWORD, 'Kavya Rao');
    await page.getByRole('link', { name: 'Wishlist' }).click();
    await page.waitForURL(/\/wishlist\?user_id=\d+$/);
    await page.getByText('Your Wishlist is Empty !').waitFor();
    await snap(page, JOURNEY, '2-empty-1440');
  });

  it('saves a product from its page', async () => {
    const { page } = shopper;
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Best Selling' })
      .getByRole('link', { name: /shop now/i })
      .first()
      .click();
    await page.waitForURL(/\/product-detail\/\d+-[a-z0-9-]+$/);
    productName = (await page.locator('h1.product-detail__name').textContent()) ?? '';
    expect(productName).not.toBe('');
    await page.getByRole('button', { name: 'Save to Wishlist' }).click();
    await page.getByText('Wishlist added successfully.').waitFor();
    await snap(page, JOURNEY, '3-saved');
    await page.getByRole('button', { name: 'OK' }).click();
  });

  it('finds it on the wishlist page, at desktop and phone widths', async () => {
    const { page } = shopper;
    await page.getByRole('link', { name: 'Wishlist' }).click();
    await page.waitForURL(/\/wishlist/);
    await page.getByRole('heading', { level: 2, name: productName }).waitFor();
    const shopNow = page.getByRole('main').getByRole('link', { name: /shop now/i });
    expect(await shopNow.count()).toBe(1);
    expect(await shopNow.getAttribute('href')).toMatch(/^\/product-detail\/\d+-[a-z0-9-]+$/);
    await snap(page, JOURNEY, '4-listed-1440');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForTimeout(150);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snap(page, JOURNEY, '5-listed-375');
  });

  it('removes it and sees the empty text', async () => {
    const { page } = shopper;
    await page.getByRole('button', { name: `Remove ${productName} from wishlist` }).click();
    await page.getByText('Product removed successfully from Wishlist.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Your Wishlist is Empty !').waitFor();
    // The popup fades out before it leaves the page; check the page itself, not the fading dialog.
    await page.locator('.modal').waitFor({ state: 'detached' });
    await snap(page, JOURNEY, '6-empty-again-375');
    await expectNoSeriousA11yViolations(page);
  });
});
