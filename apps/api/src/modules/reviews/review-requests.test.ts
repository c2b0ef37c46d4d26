import { productPathSegment } from '@kapaas/contract';
import { eq, orders, products, reviewRequests, shopSettings } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { recordConsents } from '../consent';
import { queueReviewRequests } from './requests';
import { reviewFixtures, reviewOf } from './reviews.fixtures';

let shop: TestShop;
let mailbox: Mailbox;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const fixtures = reviewFixtures(
  () => shop,
  () => staff,
);
const db = () => shop.database.db;
const DAY = 86_400_000;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({ env: { PUBLIC_URL: 'https://kapaas.example.in', SMTP_URL: mailbox.url } });
  staff = await admin.staff(await admin.owner());
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

/**
 * A guest's delivered order of these products, and the address it was sent to. A review request is marketing (issue
 * 35): it goes only while the address's `marketing_email` consent stands, so the buyer ticked it at checkout.
 */
async function deliveredOrder(items: Awaited<ReturnType<typeof fixtures.product>>[], shopper?: Shopper) {
  const buyer = shopper ?? (await shop.guest());
  const orderId = await fixtures.ordered(buyer, items);
  const [order] = await db().select({ email: orders.addressSnapshot }).from(orders).where(eq(orders.id, orderId));
  const email = order?.email.email_id ?? '';
  await recordConsents(db(), [{ person: { email }, purpose: 'marketing_email', given: true, source: 'checkout' }]);
  return { buyer, orderId, email };
}

/** The review requests an address received (the order's own messages go there too). */
const requestsTo = (email: string) =>
  mailbox.to(email).filter((m) => m.mail.subject?.startsWith('How are the clothes'));

const asked = async (orderId: number) =>
  (await db().select().from(reviewRequests).where(eq(reviewRequests.orderId, orderId))).length;

async function pageOf(productId: number) {
  const [row] = await db().select({ name: products.name }).from(products).where(eq(products.id, productId));
  return `https://kapaas.example.in/product-detail/${productPathSegment(productId, row?.name ?? '')}#reviews`;
}

describe('the review request', () => {
  it('goes once, review_request_days after delivery, linking to each product’s reviews, with the unsubscribe', async () => {
    const items = [await fixtures.product(), await fixtures.product()];
    const { orderId, email } = await deliveredOrder(items);
    // Delivered just now: too early (the shop's setting is 7 days).
    await queueReviewRequests(db(), new Date(Date.now() + 3 * DAY));
    expect(await asked(orderId)).toBe(0);
    const eightDaysOn = new Date(Date.now() + 8 * DAY);
    expect(await queueReviewRequests(db(), eightDaysOn)).toBeGreaterThanOrEqual(1);
    expect(await asked(orderId)).toBe(1);
    await queueReviewRequests(db(), eightDaysOn);
    await queueReviewRequests(db(), new Date(Date.now() + 9 * DAY));
    await deliver(shop.app, mailbox);
    const received = requestsTo(email);
    expect(received.map((m) => m.mail.subject)).toEqual([`How are the clothes from order #${orderId}?`]);
    const [message] = received;
    for (const item of items) expect(message?.mail.html).toContain(await pageOf(item.productId));
    expect(message?.mail.text).toContain('Write a review');
    expect(message?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('leaves out the products already reviewed, and orders whose every product was', async () => {
    const [reviewed, other, alone] = [await fixtures.product(), await fixtures.product(), await fixtures.product()];
    const first = await deliveredOrder([reviewed, other]);
    expectStatus(await first.buyer.post('review_add', reviewOf(reviewed.productId)), 200);
    const second = await deliveredOrder([alone]);
    expectStatus(await second.buyer.post('review_add', reviewOf(alone.productId)), 200);
    await queueReviewRequests(db(), new Date(Date.now() + 8 * DAY));
    expect(await asked(second.orderId)).toBe(0);
    await deliver(shop.app, mailbox);
    const [message, ...more] = requestsTo(first.email);
    expect(more).toHaveLength(0);
    expect(message?.mail.html).toContain(await pageOf(other.productId));
    expect(message?.mail.html).not.toContain(await pageOf(reviewed.productId));
    expect(requestsTo(second.email)).toHaveLength(0);
  });

  it('never asks about an order delivered more than 30 days ago, and follows the owner’s setting', async () => {
    const { orderId } = await deliveredOrder([await fixtures.product()]);
    await queueReviewRequests(db(), new Date(Date.now() + 31 * DAY));
    expect(await asked(orderId)).toBe(0);
    await queueReviewRequests(db(), new Date(Date.now() + 3 * DAY));
    expect(await asked(orderId)).toBe(0);
    await db().update(shopSettings).set({ reviewRequestDays: 2 }).where(eq(shopSettings.id, 1));
    try {
      await queueReviewRequests(db(), new Date(Date.now() + 3 * DAY));
    } finally {
      await db().update(shopSettings).set({ reviewRequestDays: 7 }).where(eq(shopSettings.id, 1));
    }
    expect(await asked(orderId)).toBe(1);
  });
});
