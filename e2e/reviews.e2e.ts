import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { deliverCodOrder, offerCashOnDelivery, placeCodOrderAsGuest, signInToConsole } from './support/cod-order';
import { expectNoSeriousA11yViolations, snap } from './support/evidence';
import { expectNoOverflow } from './support/shop';

const JOURNEY = 'reviews';
/** The product the guest buys and reviews. */
const PRODUCT_ID = 1;
/** A parent in Tezpur, Assam, where the demo shop offers cash on delivery. */
const TEZPUR = '784001';
/** The section and the form at a phone's width and a laptop's, for looking at. */
const SHOTS = '/tmp/shots-reviews';
const TEXT = 'Soft after many washes, and the snaps are easy at night. <b>Not bold</b>, just as typed.';

/** A photo as a parent would take one: a small PNG made here. */
function photo(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#7fa88a' } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><path d="M220 90h200l90 90-60 45-30-30v240H220V195l-30 30-60-45z" fill="#fff8e7"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
}

/**
 * A screenshot of one part of the page at the page's width, under /tmp/shots-reviews/. The sticky header is let scroll
 * away meanwhile, so it does not cover the part in a picture taller than the screen.
 */
async function shoot(page: Page, part: Locator, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // Through the CSSOM: the shop's pages refuse a <style> element, the test's own included.
  const header = page.locator('.site-header--sticky');
  await header.evaluate((element: HTMLElement) => element.style.setProperty('position', 'static', 'important'));
  await part.scrollIntoViewIfNeeded();
  await part.screenshot({ path: join(SHOTS, `${name}.png`) });
  await header.evaluate((element: HTMLElement) => element.style.removeProperty('position'));
}

/**
 * Opens the product page and waits until its calls are done. Its HTML holds the reviews as anyone reads them: a visitor
 * nobody knows asks for nothing more, a shopper the shop knows (a guest with a cart, say) asks once for their own view
 * (may they review it, their own review). Never twice.
 */
async function openProduct(page: Page, asks: 0 | 1): Promise<Locator> {
  let calls = 0;
  const count = (request: { url(): string }) => {
    if (request.url().endsWith('/api/review_list')) calls += 1;
  };
  page.on('request', count);
  const own = asks === 1 ? page.waitForResponse((response) => response.url().endsWith('/api/review_list')) : null;
  await page.goto(`/product-detail/${PRODUCT_ID}`, { waitUntil: 'networkidle' });
  await own;
  const section = page.getByRole('region', { name: 'Reviews' });
  await section.waitFor();
  page.off('request', count);
  expect(calls).toBe(asks);
  return section;
}

describe('reviews: a buyer whose order was delivered reviews it with a photo; the owner hides it', () => {
  let owner: Shopper;
  let guest: Shopper;
  let orderId = '';
  let before = { count: 0, sum: 0 };

  beforeAll(async () => {
    owner = await openShopper({ width: 1366, height: 900 });
    guest = await openShopper({ width: 375, height: 812 });
  });
  afterAll(async () => {
    await owner?.close();
    await guest?.close();
  });

  it('the owner offers cash on delivery', async () => {
    await signInToConsole(owner.page);
    await offerCashOnDelivery(owner.page, '500');
  });

  it('a guest who has not bought the product may not review it', async () => {
    const { page } = guest;
    const section = await openProduct(page, 0);
    await section.getByRole('heading', { name: 'Reviews' }).waitFor();
    expect(await section.getByRole('button', { name: 'Write a review' }).count()).toBe(0);
    // The stars so far, exactly (the demo shop may have reviews of it already): from the distribution, not the rounded average.
    const answer = (await (
      await page.request.post('/api/review_list', { data: { product_id: PRODUCT_ID, page: 1, sort: 'recent' } })
    ).json()) as { count: number; distribution: Record<string, number> };
    before = {
      count: answer.count,
      sum: Object.entries(answer.distribution).reduce((sum, [stars, count]) => sum + Number(stars) * count, 0),
    };
  });

  it('the guest orders it with cash on delivery', async () => {
    orderId = await placeCodOrderAsGuest(guest.page, PRODUCT_ID, {
      firstName: 'Meera',
      lastName: 'Saikia',
      address: 'House 4, Mission Chariali',
      pinCode: TEZPUR,
      state: 'Assam',
      city: 'Tezpur',
      phone: '9435012346',
      email: 'meera.reviews@example.in',
    });
  });

  it('the owner confirms, packs, ships and delivers the order', async () => {
    await deliverCodOrder(owner.page, orderId);
  });

  it('the buyer writes a review with a photo on a phone: the form checks it, then it shows with the new average', async () => {
    const { page } = guest;
    const section = await openProduct(page, 1);
    await section.getByRole('button', { name: 'Write a review' }).waitFor();
    if (before.count === 0) await shoot(page, section, 'section-empty-375');
    await section.getByRole('button', { name: 'Write a review' }).click();
    const form = section.getByRole('form', { name: 'Write a review' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Publish review' }).click();
    await form.getByText('Choose 1 to 5 stars.').waitFor();
    await form.getByText('Write at least 10 characters.').waitFor();

    // The stars are radios drawn as buttons: their labels take the tap.
    await form.locator('label').filter({ hasText: '5 stars' }).click();
    expect(await form.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
    await form.getByLabel(/^Title/).fill('Soft and easy');
    await form.getByLabel('Your review').fill(TEXT);
    await form.getByLabel('True to size').check();
    await form
      .getByLabel('Add photos')
      .setInputFiles({ name: 'frock.png', mimeType: 'image/png', buffer: await photo() });
    await form.getByRole('img', { name: 'Your upload 1' }).waitFor();
    await expectNoOverflow(page);
    await shoot(page, form, 'form-375');
    await page.setViewportSize({ width: 1366, height: 900 });
    await shoot(page, form, 'form-1366');
    await page.setViewportSize({ width: 375, height: 812 });
    await expectNoSeriousA11yViolations(page);

    await form.getByRole('button', { name: 'Publish review' }).click();
    await section.getByRole('status').filter({ hasText: /./ }).first().waitFor();
    const count = before.count + 1;
    const now = (await (
      await page.request.post('/api/review_list', { data: { product_id: PRODUCT_ID, page: 1, sort: 'recent' } })
    ).json()) as { count: number; average: number };
    expect(now.count).toBe(count);
    // The shop's average, to one decimal, of the stars before and the buyer's 5.
    expect(Math.abs(now.average - (before.sum + 5) / count)).toBeLessThanOrEqual(0.05 + 1e-9);
    const average = now.average;
    const rated = `Rated ${average} out of 5, ${count} ${count === 1 ? 'review' : 'reviews'}`;
    await section.getByRole('img', { name: rated }).waitFor();
    await page.getByRole('link', { name: rated }).waitFor();
    const review = section.getByRole('article', { name: 'Soft and easy' });
    await review.getByText(TEXT, { exact: true }).waitFor();
    expect(await review.locator('b').count()).toBe(0);
    await review.getByText('Verified purchase').waitFor();
    await review.getByText('Fit: true to size').waitFor();
    await review.getByText(/^Size bought: /).waitFor();
    await review.getByRole('button', { name: 'Open photo 1 from Meera S.' }).waitFor();
    await expectNoOverflow(page);
    await shoot(page, section, 'section-375');
    await snap(page, JOURNEY, '1-review-published');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    await shoot(page, section, 'section-1366');
    await page.setViewportSize({ width: 375, height: 812 });
  });

  it('the owner finds it in the console and hides it, giving a reason', async () => {
    const { page } = owner;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Reviews' }).click();
    await page.getByRole('heading', { name: 'Reviews' }).waitFor();
    await page.getByLabel('Search by product, reviewer’s name or words').fill('Soft and easy');
    await page.getByLabel('Search by product, reviewer’s name or words').press('Enter');
    const row = page.getByRole('row').filter({ hasText: 'Soft and easy' });
    await row.getByText('Published').filter({ visible: true }).waitFor();
    await snap(page, JOURNEY, '2-console-reviews');
    await expectNoSeriousA11yViolations(page);
    await row.getByRole('link').first().click();
    const hide = page.getByRole('form', { name: 'Hide the review' });
    await hide.waitFor();
    await page.getByRole('img', { name: 'Sent with the review, 1 of 1' }).waitFor();
    await hide.getByRole('button', { name: 'Hide' }).click();
    await hide.getByText('Say why the review is hidden.').waitFor();
    await hide.getByLabel('Why hide it?').fill('Test review from the journey.');
    await hide.getByRole('button', { name: 'Hide' }).click();
    await page.getByText('The review is hidden from the product page.').waitFor();
    await page.getByRole('button', { name: 'Show again' }).waitFor();
    await snap(page, JOURNEY, '3-console-review-hidden');
    await expectNoSeriousA11yViolations(page);
  });

  it('the product page no longer shows it, nor counts it', async () => {
    const { page } = guest;
    const section = await openProduct(page, 1);
    expect(await section.getByRole('article', { name: 'Soft and easy' }).count()).toBe(0);
    expect(await section.getByText(TEXT).count()).toBe(0);
    if (before.count === 0) {
      await section.getByText('No reviews yet.').waitFor();
      expect(await page.getByRole('link', { name: /^Rated/ }).count()).toBe(0);
    } else {
      await section.getByRole('img', { name: new RegExp(`, ${before.count} reviews?$`) }).waitFor();
    }
    await snap(page, JOURNEY, '4-review-gone');
    expect(guest.problems).toEqual([]);
    expect(owner.problems).toEqual([]);
  });
});
