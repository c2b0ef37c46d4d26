import { carts, eq, shopSettings } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { type RegisteredShopper, startTestShop, type TestShop } from '../../../test/shop';
import { shopToday } from '../../lib/shop-day';
import { queueCartReminders } from '../cart';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { recordConsents } from '../consent';
import { queueSoldOutReport, sizesSoldOutOn } from '../inventory';

let shop: TestShop;
let mailbox: Mailbox;
const checkout = checkoutFixtures(() => shop);
const db = () => shop.database.db;
const HOUR = 3_600_000;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({ env: { PUBLIC_URL: 'https://kapaas.example.in' } });
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

/** A registered shopper with a piece in the cart, last touched `hoursAgo`; consenting to cart reminders unless told otherwise. */
async function leftCart(hoursAgo: number, options: { offers?: boolean } = {}) {
  const user = await shop.user();
  const item = await checkout.stockedItem(5);
  await checkout.addToCart(user, item, 1);
  if (options.offers ?? true) {
    await recordConsents(db(), [
      { person: { userId: user.userId }, purpose: 'cart_reminders', given: true, source: 'profile' },
    ]);
  }
  await db()
    .update(carts)
    .set({ updatedAt: new Date(Date.now() - hoursAgo * HOUR) })
    .where(eq(carts.userId, user.userId));
  return { user, item };
}

const remindersTo = (user: RegisteredShopper) =>
  mailbox.to(user.email).filter((m) => m.mail.subject === 'Your cart at Kapaas is waiting');

describe('the cart reminder', () => {
  it('reaches a shopper who said yes to offers and left the cart for a day, once, with the one-click unsubscribe', async () => {
    const { user } = await leftCart(25);
    const quiet = await leftCart(23);
    expect(await queueCartReminders(db())).toBeGreaterThanOrEqual(1);
    expect(await queueCartReminders(db())).toBe(0);
    await deliver(shop.app, mailbox);
    const [reminder, ...more] = remindersTo(user);
    expect(more).toHaveLength(0);
    expect(reminder?.mail.text).toContain('Return to your cart');
    expect(reminder?.mail.html).toContain('https://kapaas.example.in/shoping-cart');
    const unsubscribe = /^List-Unsubscribe: (.*)$/m.exec(reminder?.raw ?? '')?.[1];
    expect(unsubscribe).toMatch(
      /^<https:\/\/kapaas\.example\.in\/api\/unsubscribe\?e=[^&]+&p=cart_reminders&s=[\w-]+>$/,
    );
    expect(unsubscribe).toContain(encodeURIComponent(user.email.toLowerCase()));
    expect(reminder?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(remindersTo(quiet.user)).toHaveLength(0);
  });

  it('waits as long as the owner set', async () => {
    const { user } = await leftCart(13);
    await db().update(shopSettings).set({ cartReminderHours: 12 }).where(eq(shopSettings.id, 1));
    try {
      await queueCartReminders(db());
    } finally {
      await db().update(shopSettings).set({ cartReminderHours: 24 }).where(eq(shopSettings.id, 1));
    }
    await deliver(shop.app, mailbox);
    expect(remindersTo(user)).toHaveLength(1);
  });

  it('never goes to a shopper who did not say yes, who unsubscribed, or who ordered since', async () => {
    const notAsked = await leftCart(30, { offers: false });
    const unsubscribed = await leftCart(30);
    const person = { email: unsubscribed.user.email };
    await recordConsents(db(), [{ person, purpose: 'cart_reminders', given: false, source: 'message_footer' }]);
    const ordered = await leftCart(30);
    const addressId = await checkout.addressOf(ordered.user);
    await checkout.placed(ordered.user, addressId, ordered.item, 1);
    await db()
      .update(carts)
      .set({ updatedAt: new Date(Date.now() - 30 * HOUR) })
      .where(eq(carts.userId, ordered.user.userId));
    // The order was placed after the cart was last touched (the test moved the cart back in time): no reminder.
    await queueCartReminders(db());
    await deliver(shop.app, mailbox);
    for (const { user } of [notAsked, unsubscribed, ordered]) expect(remindersTo(user)).toHaveLength(0);
  });
});

describe('the owners’ daily report of sizes that ran out', () => {
  it('lists a size whose last piece sold that day, the morning after, once', async () => {
    const item = await checkout.stockedItem(1);
    const { shopper, addressId } = await checkout.readyGuest(item, 1);
    const placed = await checkout.placed(shopper, addressId, item, 1);
    const handler = await checkout.paid(placed.razorpay_order_id);
    expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
    await checkout.webhooksDelivered();
    const today = shopToday();
    const sizes = await sizesSoldOutOn(db(), today);
    expect(sizes.map((s) => s.product_id)).toContain(item.productId);
    const tomorrow = new Date(Date.now() + 24 * HOUR);
    expect(await queueSoldOutReport(db(), tomorrow)).toBe(true);
    expect(await queueSoldOutReport(db(), tomorrow)).toBe(false);
    await deliver(shop.app, mailbox);
    const report = mailbox.received.find((m) => /ran out on/.test(m.mail.subject ?? ''));
    const line = sizes.find((s) => s.product_id === item.productId);
    expect(report?.mail.text).toContain(`${line?.product_name}`);
    expect(report?.mail.text).toContain(`size ${line?.size}`);
    expect(report?.mail.html).toContain(`https://kapaas.example.in/admin/products/${item.productId}`);
    expect(report?.raw).not.toMatch(/^List-Unsubscribe/m);
  });
});
