import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Continues as a guest from a product page's Add To Cart, so the product lands in the cart. */
export async function addAsGuest(page: Page, productId: number): Promise<void> {
  await page.goto(`/product-detail/${productId}`);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await page
    .getByRole('dialog', { name: 'Login or continue as a Guest' })
    .getByRole('button', { name: 'Proceed as Guest' })
    .click();
  await page.getByRole('dialog').getByText('You are logged in as a Guest.').waitFor();
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 5000 });
}

/** No sideways scrolling at the page's width. */
export async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal scroll').toBeLessThanOrEqual(0);
}
