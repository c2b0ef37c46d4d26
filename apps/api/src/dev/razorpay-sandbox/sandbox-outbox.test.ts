import { eq, sandboxRazorpayWebhooks } from '@kapaas/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { checkoutFixtures } from '../../modules/checkout/checkout.fixtures';
import { SANDBOX_KEY_SECRET, SANDBOX_WEBHOOK_SECRET } from './sandbox.constants';
import { pay } from './sandbox.service';

let shop: TestShop;
let restarted: FastifyInstance | undefined;
const checkout = checkoutFixtures(() => shop);

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await restarted?.close();
  await shop.close();
});

describe("the sandbox's webhook outbox", () => {
  it('delivers at start the webhooks a process wrote but never sent', async () => {
    const item = await checkout.stockedItem(5);
    const { shopper, addressId } = await checkout.readyGuest(item);
    const placed = await checkout.placed(shopper, addressId, item);

    // The payment is committed with its webhooks, and the process dies before sending them.
    await pay(
      shop.database.db,
      { keySecret: SANDBOX_KEY_SECRET, webhookSecret: SANDBOX_WEBHOOK_SECRET },
      { orderId: placed.razorpay_order_id, cardNumber: '4111 1111 1111 1111' },
    );
    await shop.app.close();
    const outbox = () =>
      shop.database.db
        .select()
        .from(sandboxRazorpayWebhooks)
        .where(eq(sandboxRazorpayWebhooks.orderId, placed.razorpay_order_id));
    const pending = await outbox();
    expect(pending.map((row) => ({ attempts: row.attempts, delivered: row.deliveredAt !== null }))).toEqual([
      { attempts: 0, delivered: false },
      { attempts: 0, delivered: false },
    ]);

    // The next start of the shop on the same database.
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    restarted = await buildApp({
      config,
      database: shop.database,
      mediaDir: '/nonexistent',
      privateDir: shop.privateDir,
      expirySweepMs: 0,
    });
    const deadline = Date.now() + 10_000;
    let rows = await outbox();
    while (Date.now() < deadline && rows.some((row) => row.deliveredAt === null)) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await outbox();
    }
    expect(
      rows.map((row) => ({ attempts: row.attempts, status: row.lastStatus, delivered: row.deliveredAt !== null })),
    ).toEqual([
      { attempts: 1, status: 200, delivered: true },
      { attempts: 1, status: 200, delivered: true },
    ]);
    // The webhook settled the order, though the shopper never came back to confirm.
    expect((await checkout.orderRow(placed.order_id)).status).toBe('paid');
  });
});
