import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';

describe('search, contact and the mobile menu', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper();
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('home passes the accessibility check, quality badges included', async () => {
    const { page } = shopper;
    await page.goto('/');
    const badges = page.getByRole('region', { name: 'Why parents choose Kapaas' });
    await badges.scrollIntoViewIfNeeded();
    expect(await badges.getByRole('listitem').count()).toBe(6);
    await page.getByRole('region', { name: 'Best Selling' }).getByRole('link').first().waitFor();
    await page.waitForTimeout(1600);
    await snap(page, 'home', 'quality badges');
    await expectNoSeriousA11yViolations(page);
  });

  it('finds a product by name and opens it with the keyboard', async () => {
    const { page } = shopper;
    await page.goto('/');
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const box = dialog.getByRole('combobox', { name: 'Search products and categories' });
    await expect.poll(() => box.evaluate((input) => input === document.activeElement)).toBe(true);
    await snap(page, 'search', '1 popup open');

    await box.pressSequentially('jhabla');
    await dialog.getByRole('option', { name: 'Block Print Jhabla – Indigo Buti' }).waitFor();
    await dialog.getByRole('option', { name: 'Jhablas & Tops' }).waitFor();
    // The answers to 'j', 'jh', … have come and gone: the list is the one for the whole word.
    await page.waitForLoadState('networkidle');
    await snap(page, 'search', '2 results');

    // Down to the third result, whichever the ranking puts there: the shopper never leaves the text box.
    const third = dialog.getByRole('option').nth(2);
    const name = (await third.innerText()).trim();
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    expect(await third.getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await third.getAttribute('id'));
    await snap(page, 'search', '3 result chosen with the keyboard');

    await box.press('Enter');
    await page.waitForURL(/\/product-detail\/\d+-[a-z0-9-]+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await snap(page, 'search', '4 product page');
  });

  it('closes the search popup with Escape', async () => {
    const { page } = shopper;
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('names the missing contact fields, then sends the message', async () => {
    const { page } = shopper;
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await page.getByRole('link', { name: '+91 141 255 0148' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await snap(page, 'contact', '1 form');

    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const message of [
      'Name is required',
      'Email is required',
      'Mobile number is required',
      'Message is required',
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await snap(page, 'contact', '2 errors');

    await page.getByRole('textbox', { name: 'Name' }).fill('Asha Mehta');
    await page.getByRole('textbox', { name: 'Email' }).fill('asha@example');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('98290');
    await page.getByRole('textbox', { name: 'Message' }).fill('Do you make the indigo jhabla in 12-18 months?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Invalid email format', { exact: true }).waitFor();
    await page.getByText('Enter a valid 10-digit mobile number', { exact: true }).waitFor();
    await snap(page, 'contact', '3 format errors');

    await page.getByRole('textbox', { name: 'Email' }).fill('asha@example.com');
    await page.getByRole('textbox', { name: 'Mobile number' }).fill('9829012345');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Your message has been sent!', { exact: true }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('');
    await snap(page, 'contact', '4 sent');
  });

  it('subscribes to the newsletter from the footer', async () => {
    const { page } = shopper;
    const section = page.getByRole('region', { name: 'Stay in touch' });
    await section.getByRole('textbox').fill('asha@example.com');
    await section.getByRole('button', { name: 'Subscribe' }).click();
    // Double opt-in: the address counts once its owner follows the link the shop mailed.
    await section
      .getByText('Almost done: please check your inbox and follow the link we sent to confirm your subscription.')
      .waitFor();
    await snap(page, 'newsletter', 'check your inbox');
  });

  it('met no console errors and no failed requests on the way', () => {
    expect(shopper.problems).toEqual([]);
  });
});

describe('a shopper on a 375 px phone', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper({ width: 375, height: 812 });
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('opens a category from the hamburger menu', async () => {
    const { page } = shopper;
    await page.goto('/');
    await page.getByRole('region', { name: 'Why parents choose Kapaas' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, 'mobile menu', '1 home');

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const sleepwear = menu.getByRole('link', { name: 'Sleepwear', exact: true });
    await sleepwear.waitFor();
    await snap(page, 'mobile menu', '2 menu open');

    await sleepwear.click();
    await page.waitForURL(/\/category-page\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Sleepwear' }).waitFor();
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, 'mobile menu', '3 category page');
  });

  it('reads the contact page without scrolling sideways', async () => {
    const { page } = shopper;
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, 'mobile contact', 'form');
  });

  it('met no console errors and no failed requests on the way', () => {
    expect(shopper.problems).toEqual([]);
  });
});
