import { and, carts, eq, outboxMessages } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestShop, type TestShop } from '../../test/shop';
import { checkoutFixtures } from '../modules/checkout/checkout.fixtures';

const EVERY_MS = 60_000;
let shop: TestShop;
const checkout = checkoutFixtures(() => shop);
const db = () => shop.database.db;

beforeAll(async () => {
  // Only the intervals are the test's to move: the pass runs when the test says, never by the clock.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  shop = await startTestShop({ scheduledMessagesMs: EVERY_MS });
});
afterAll(async () => {
  vi.useRealTimers();
  await shop?.close();
});

const remindersTo = (email: string) =>
  db()
    .select({ recipient: outboxMessages.recipient })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.kind, 'cart_reminder'), eq(outboxMessages.recipient, email)));

describe('the scheduled messages, as app.ts hands the modules’ jobs to the plugin', () => {
  it("queues a left cart's reminder on the pass every scheduledMessagesMs, and closing waits for the pass", async () => {
    const user = await shop.user();
    await checkout.addToCart(user, await checkout.stockedItem(5), 1);
    // A reminder goes only while the shopper's cart_reminders consent stands in the ledger (ADR 049).
    const consent = await user.post('consent_update', { purpose: 'cart_reminders', given: true, notice_version: 1 });
    expect(consent.statusCode).toBe(200);
    const dayAndAnHourAgo = new Date(Date.now() - 25 * 3_600_000);
    await db().update(carts).set({ updatedAt: dayAndAnHourAgo }).where(eq(carts.userId, user.userId));
    expect(await remindersTo(user.email)).toEqual([]);

    await vi.advanceTimersByTimeAsync(EVERY_MS);
    // The pass is under way on the database; closing the app waits for it (onClose stops the timer and awaits it).
    await shop.app.close();
    expect(await remindersTo(user.email)).toEqual([{ recipient: user.email }]);
  });
});
