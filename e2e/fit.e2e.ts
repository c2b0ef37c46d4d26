import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, openShopper, type Shopper } from './support/browser';
import { lookAtWidths } from './support/evidence';
import { romperPath } from './support/romper';
import { shopUrl } from './support/shop-url';

const JOURNEY = 'find-my-size';

/**
 * Issue 38's journey (ADR 060): a visitor who knows only the child's age asks "Find my size" on a product page, sees
 * the size suggested with its reason and chosen in the size picker, and adds it to the cart as a guest, the advice
 * going along. The chart opening without JavaScript is size-chart.e2e.ts's.
 */
describe('Find my size', () => {
  it('opens without JavaScript on a line pointing to the chart, which opens below it', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'], headless: true });
    try {
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        baseURL: shopUrl(),
        javaScriptEnabled: false,
      });
      const page = await context.newPage();
      await page.goto(await romperPath());
      await page.locator('details.find-my-size > summary').click();
      await page.getByText('This needs JavaScript; the size chart below').waitFor();
      await page.locator('details.size-chart > summary').click();
      await page.getByRole('region', { name: 'Size chart' }).waitFor();
    } finally {
      await browser.close();
    }
  });

  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await openShopper({ width: 375, height: 812 });
  });
  afterAll(async () => {
    await shopper?.close();
  });

  it('suggests a size from an age alone, with its reason, chooses it, and the guest adds it with its advice', async () => {
    const { page } = shopper;
    await page.goto(await romperPath());
    await page.getByRole('button', { name: 'Add To Cart' }).waitFor();

    // The page starts with its first size in stock chosen (the romper's 3-6M); a 9-month-old needs a bigger one.
    const firstChosen = await page.locator('.size-picker__option[aria-pressed="true"]').textContent();
    await page.locator('details.find-my-size > summary').click();
    const form = page.getByRole('form', { name: 'Find my size' });
    await form.getByLabel('Age in months').fill('9');
    await form.getByRole('button', { name: 'Suggest a size' }).click();
    const answer = form.getByRole('region', { name: 'Our suggestion' });
    await answer.waitFor();
    const said = (await answer.textContent()) ?? '';
    expect(said).toMatch(/Low confidence/);
    expect(said).toMatch(/Age 9 months/);
    const size = /Our suggestion: (\S+)/.exec(said)?.[1];
    if (!size) throw new Error(`no size in "${said}"`);
    expect(size).not.toBe(firstChosen);
    // The demo shop has the romper's suggested size in stock: it is chosen, as the picker's label says.
    await expect
      .poll(() => page.getByRole('button', { name: size, exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    expect(await page.getByText(`Size: ${size}`, { exact: true }).isVisible()).toBe(true);

    await page.locator('details.size-chart > summary').click();
    await page.getByRole('region', { name: 'Size chart' }).waitFor();
    await answer.scrollIntoViewIfNeeded();
    await lookAtWidths(page, JOURNEY, 'advice-and-chart', [375, 1366]);

    const guestStart = page.waitForRequest((request) => request.url().endsWith('/api/get_guest_id'));
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    const ask = page.getByRole('dialog', { name: 'Login or continue as a Guest' });
    await ask.getByRole('button', { name: 'Proceed as Guest' }).click();
    const sent = (await guestStart).postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({ quantity: 1, advice_id: expect.any(Number) });
    await page.getByRole('dialog').getByText('You are logged in as a Guest.').waitFor();
    await page.getByRole('link', { name: 'Shopping cart, 1 item' }).waitFor();
    expect(shopper.problems).toEqual([]);
  });
});
