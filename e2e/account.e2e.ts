import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';

const JOURNEY = 'account';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

const stamp = Date.now().toString().slice(-8);
const NAME = 'Meera Iyer';
/** The name the shopper changes to on /Profileupdate; the header greets her by it from then on. */
const NEW_NAME = 'Meera Krishnan';
const EMAIL = `meera.${stamp}@example.in`;
const PHONE_NUMBER = `9${stamp.padStart(9, '1').slice(-9)}`;
const PASSWORD = 'soft-cotton-1';
const NEW_PASSWORD = 'organic-muslin-2';

/** A screenshot at the phone width and one at the desktop width, and no sideways scrolling at either. */
async function snapBoth(page: Page, step: string) {
  for (const width of [768, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(100);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal scroll at ${width}px on ${step}`).toBeLessThanOrEqual(0);
  }
  for (const [label, size] of [
    ['375', PHONE],
    ['1440', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal scroll at ${label}px on ${step}`).toBeLessThanOrEqual(0);
    await snap(page, JOURNEY, `${step}-${label}`);
  }
}

/** Chooses the state by name (the PIN code must be in it) and its first city. */
async function chooseStateAndCity(form: ReturnType<Page['locator']>, stateName: string) {
  const state = form.getByLabel('State');
  await expect.poll(() => state.locator('option').count()).toBeGreaterThan(1);
  await state.selectOption({ label: stateName });
  const city = form.getByLabel('City');
  await expect.poll(() => city.isEnabled()).toBe(true);
  await expect.poll(() => city.locator('option').count()).toBeGreaterThan(1);
  await city.selectOption({ index: 1 });
}

async function fillAddress(page: Page, first: string, pin: string, stateName: string) {
  const form = page.locator('form.address-form');
  await form.getByLabel('First name').fill(first);
  await form.getByLabel('Last name').fill('Iyer');
  await form.getByLabel('Address').fill('14, Lotus Residency, 2nd Cross Road');
  await chooseStateAndCity(form, stateName);
  await form.getByLabel('Pin code').fill(pin);
  await form.getByLabel('Phone number').fill('9876543210');
  await form.getByLabel('E-mail', { exact: true }).fill(EMAIL);
  return form;
}

describe('a shopper making an account and looking after it', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper(DESKTOP);
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('registers and is sent to log in', async () => {
    const { page } = shopper;
    await page.goto('/Register-Page');
    await page.getByRole('heading', { level: 1, name: 'Register' }).waitFor();
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('The name is required.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill(NAME);
    await page.getByLabel('E-mail', { exact: true }).fill(EMAIL);
    await page.getByLabel('Mobile number').fill(PHONE_NUMBER);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await snapBoth(page, '1-register-filled');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText('Registration successful! Please log in.').waitFor();
    await page.waitForURL(/\/Login-Page$/);
    await snap(page, JOURNEY, '2-registered-notice');
    await page.getByRole('button', { name: 'OK' }).click();
  });

  it('logs in with the e-mail, is greeted and goes home after a second', async () => {
    const { page } = shopper;
    await page.getByLabel('E-mail or mobile number').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('alert').waitFor();
    await snapBoth(page, '3-login-refused');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Login successful.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: `Welcome ${NAME}` }).waitFor();
    await snap(page, JOURNEY, '4-logged-in-home');
  });

  it('sees the name on the profile', async () => {
    const { page } = shopper;
    await page.getByRole('link', { name: `Welcome ${NAME}` }).click();
    await page.waitForURL(/\/myprofile$/);
    const details = page.locator('.profile-details');
    await details.getByText(NAME).waitFor();
    await details.getByText(EMAIL).waitFor();
    await page.getByText('You have no saved addresses. Please add one.').waitFor();
    expect(await page.locator('.profile-sidebar__initial').textContent()).toBe('M');
    await snapBoth(page, '5-profile');
    await expectNoSeriousA11yViolations(page);
  });

  it('changes the name on /Profileupdate, is taken to the profile after 2 s and keeps it after the reload', async () => {
    const { page } = shopper;
    await page.getByRole('link', { name: 'Edit profile' }).click();
    await page.waitForURL(/\/Profileupdate$/);
    const name = page.getByLabel('Name', { exact: true });
    await expect.poll(() => name.inputValue()).toBe(NAME);
    expect(await page.getByLabel('E-mail').getAttribute('readonly')).not.toBeNull();
    await name.fill(NEW_NAME);
    await snap(page, JOURNEY, '5p-profile-update');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText('Profile updated successfully.').waitFor();
    const saved = Date.now();
    // A mark on the window: the client-side move to /myprofile keeps it, the reload 3 s after the
    // save (product.md §4) clears it. Set now, so that a slow machine cannot reload before it is set.
    await page.evaluate(() => {
      (window as Window & { beforeReload?: boolean }).beforeReload = true;
    });
    // The refetched profile did not reset the form: still here, the fields still disabled.
    expect(new URL(page.url()).pathname).toBe('/Profileupdate');
    expect(await name.isDisabled()).toBe(true);
    await snap(page, JOURNEY, '5q-profile-updated');

    await page.waitForURL(/\/myprofile$/, { timeout: 5000 });
    expect(Date.now() - saved).toBeGreaterThanOrEqual(1500);
    await expect
      .poll(() => page.evaluate(() => (window as Window & { beforeReload?: boolean }).beforeReload ?? false), {
        timeout: 8000,
      })
      .toBe(false);
    expect(new URL(page.url()).pathname).toBe('/myprofile');
    await page.locator('.profile-details').getByText(NEW_NAME).waitFor();
    await page.getByRole('link', { name: `Welcome ${NEW_NAME}` }).waitFor();
    await snap(page, JOURNEY, '5r-profile-after-reload');
  });

  it('saves a product to the wishlist, finds it there and removes it', async () => {
    const { page } = shopper;
    await page.goto('/');
    await page
      .getByRole('region', { name: 'New Arrivals' })
      .getByRole('link', { name: /shop now/i })
      .first()
      .click();
    await page.waitForURL(/\/product-detail\/\d+-[a-z0-9-]+$/);
    const productName = (await page.locator('h1.product-detail__name').textContent()) ?? '';
    expect(productName).not.toBe('');
    await page.getByRole('button', { name: 'Save to Wishlist' }).click();
    await page.getByText('Wishlist added successfully.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('link', { name: 'Wishlist' }).click();
    await page.getByRole('heading', { level: 2, name: productName }).waitFor();
    await snap(page, JOURNEY, '5w-wishlist-saved');
    await page.getByRole('button', { name: `Remove ${productName} from wishlist` }).click();
    await page.getByText('Product removed successfully from Wishlist.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Your Wishlist is Empty !').waitFor();
    await page.getByRole('link', { name: `Welcome ${NEW_NAME}` }).click();
    await page.waitForURL(/\/myprofile$/);
  });

  it('adds an address, seeing the PIN rule first', async () => {
    const { page } = shopper;
    await page.getByRole('button', { name: 'Add Address' }).click();
    const form = await fillAddress(page, 'Meera', '1234', 'Karnataka');
    expect(await form.getByText('Pin code must be 6 digits').isVisible()).toBe(true);
    expect(await form.getByText('Phone number must be 10 digits').isVisible()).toBe(true);
    await form.getByRole('button', { name: 'Save Address' }).click();
    await expect.poll(() => form.getByLabel('Pin code').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByText('Pin code must be 6 digits').count()).toBe(1);
    await snapBoth(page, '6-address-pin-error');
    await expectNoSeriousA11yViolations(page);

    // A real PIN code, but of another state than the one chosen (Karnataka): refused beside the field. The PIN code
    // fills its own state first; the shopper puts Karnataka back, as one who trusts the state over the PIN would.
    await form.getByLabel('Pin code').fill('600020');
    const state = form.getByLabel('State');
    await expect.poll(() => state.locator('option:checked').textContent()).toBe('Tamil Nadu');
    await state.selectOption({ label: 'Karnataka' });
    await form.getByRole('button', { name: 'Save Address' }).click();
    await form
      .getByText('This PIN code is in Tamil Nadu, not Karnataka. Please check the PIN code or the state.')
      .waitFor();
    expect(await form.getByLabel('Pin code').getAttribute('aria-invalid')).toBe('true');
    await snapBoth(page, '6b-address-pin-of-another-state');

    await form.getByLabel('Pin code').fill('560034');
    await form.getByRole('button', { name: 'Save Address' }).click();
    await page.getByText('Address added successfully.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    const cards = page.locator('.address-card');
    await expect.poll(() => cards.count()).toBe(1);
    await cards.first().getByText('Default Address').waitFor();

    // A second address, to choose the default between them.
    await page.getByRole('button', { name: 'Add Address' }).click();
    const second = await fillAddress(page, 'Anil', '600020', 'Tamil Nadu');
    await second.getByRole('button', { name: 'Save Address' }).click();
    await page.getByText('Address added successfully.').waitFor();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => cards.count()).toBe(2);
    await snapBoth(page, '7-two-addresses');
  });

  it('edits an address and comes back to the profile', async () => {
    const { page } = shopper;
    await page.getByRole('link', { name: 'Edit address of Anil Iyer' }).click();
    await page.waitForURL(/\/Myprofileedit\/\d+$/);
    const form = page.locator('form.address-form');
    await expect.poll(() => form.getByLabel('First name').inputValue()).toBe('Anil');
    await expect.poll(() => form.getByLabel('City').inputValue()).not.toBe('');
    await form.getByLabel('First name').fill('Anil Kumar');
    await snapBoth(page, '8-edit-address');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Update Address' }).click();
    await page.getByText('Address updated successfully!').waitFor();
    await page.waitForURL(/\/myprofile$/);
    await page.getByText('Anil Kumar Iyer').waitFor();
  });

  it('makes the other address the default', async () => {
    const { page } = shopper;
    await page.getByRole('button', { name: 'Make Default: Anil Kumar Iyer' }).click();
    const anil = page.locator('.address-card', { hasText: 'Anil Kumar Iyer' });
    await anil.getByText('Default Address').waitFor();
    await page.getByRole('button', { name: 'Make Default: Meera Iyer' }).waitFor();
    await page.reload();
    await page.locator('.address-card', { hasText: 'Anil Kumar Iyer' }).getByText('Default Address').waitFor();
    await snapBoth(page, '9-default-changed');
  });

  it('resets the password, is logged out and logs in with the new one', async () => {
    const { page } = shopper;
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password', { exact: true }).fill('something-else-3');
    await page.getByRole('button', { name: 'Show new password' }).click();
    expect(await page.getByLabel('New password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('New passwords do not match.').waitFor();
    await snapBoth(page, '10-passwords-differ');
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password reset successfully! Please log in again.').waitFor();
    await snap(page, JOURNEY, '11-password-reset');
    await page.waitForURL(/\/Login-Page$/, { timeout: 5000 });
    await page.getByRole('button', { name: 'Account' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    await snap(page, JOURNEY, '12-logged-out-at-login');

    await page.getByLabel('E-mail or mobile number').fill(PHONE_NUMBER);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: `Welcome ${NEW_NAME}` }).waitFor();
  });

  it('adds an address from checkout and is taken back to billing after 1.5 s', async () => {
    const { page } = shopper;
    await page.goto('/Billing-Address-Form');
    await page.getByRole('heading', { level: 1, name: 'Add New Address' }).waitFor();
    const form = await fillAddress(page, 'Lakshmi', '400001', 'Maharashtra');
    await snapBoth(page, '13-checkout-address-form');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Save Address' }).click();
    await page.getByText('Address added successfully.').waitFor();
    await page.waitForURL(/\/Billing-Address$/, { timeout: 3000 });
  });

  it('logs out from the profile', async () => {
    const { page } = shopper;
    await page.goto('/myprofile');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Account' }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('userName'))).toBeNull();
    await page.goto('/myprofile');
    await page.getByText('No user or guest session found. Please log in.').waitFor();
  });
});

describe('a shopper continuing as a guest', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper(PHONE);
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('continues as a guest and sees the guest profile', async () => {
    const { page } = shopper;
    await page.goto('/Login-Page');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await page.getByText('You are logged in as a Guest.').waitFor();
    await snap(page, 'guest', '1-guest-started-375');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/myprofile');
    await page.getByText('You are logged in as a guest.').waitFor();
    await page.getByText('Guest User').first().waitFor();
    expect(await page.getByRole('button', { name: 'RESET PASSWORD' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit profile' }).count()).toBe(0);
    await snap(page, 'guest', '2-guest-profile-375');
    await expectNoSeriousA11yViolations(page);
  });
});
