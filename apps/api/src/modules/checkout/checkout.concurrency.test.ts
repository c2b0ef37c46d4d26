import {
  couponRedemptions,
  coupons,
  eq,
  orderEvents,
  orderItems,
  orders,
  payments,
  sandboxRazorpayWebhooks,
} from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundFor } from '../../../test/bounds';
import { startTestShop, type TestShop } from '../../../test/shop';
import { checkoutFixtures } from './checkout.fixtures';

/*
 * The races real shops lost money to (product.md §14): oversold stock, a coupon past its limit, the
 * browser callback and the webhook both settling. On PGlite the calls interleave on one
 * connection; on PostgreSQL (CI's second pass) they run on parallel pool connections.
 */

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

const f = checkoutFixtures(() => shop);

/*
 * Each race is bounded by its work (test/bounds.ts), counted in these units and the checks that follow: a shopper
 * ready to check out and placing the order (a guest, the cart, the address, the order), and a payment (the sandbox's
 * dialog, the checkout's second call, its two webhooks).
 */
const SHOPPER = 4;
const PAYMENT = 4;
const CHECKS = 10;

/** Pieces of the item sold by paid orders. */
async function soldOf(item: { productId: number; sizeId: number }) {
  const rows = await shop.database.db
    .select({ quantity: orderItems.quantity, status: orders.status })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.productId, item.productId));
  return rows.filter((r) => r.status === 'paid').reduce((n, r) => n + r.quantity, 0);
}

describe('concurrent checkouts', () => {
  it('stock 5 and 40 concurrent checkouts of it: exactly 5 reservations, and after payment and expiry the stock adds up', {
    timeout: boundFor({ operations: 40 * SHOPPER + 3 * PAYMENT + CHECKS }),
  }, async () => {
    const initial = 5;
    const item = await f.stockedItem(initial);
    const shoppers: Awaited<ReturnType<typeof f.readyGuest>>[] = [];
    for (let i = 0; i < 40; i += 1) shoppers.push(await f.readyGuest(item, 1));

    const answers = await Promise.all(
      shoppers.map(({ shopper, addressId }) => f.place(shopper, addressId, [{ item, quantity: 1 }])),
    );
    const won = answers.filter((r) => r.statusCode === 200);
    const lost = answers.filter((r) => r.statusCode !== 200);
    expect(won).toHaveLength(5);
    expect(lost.every((r) => r.statusCode === 409 && r.json().code === 'INSUFFICIENT_STOCK')).toBe(true);
    expect(await f.stockOf(item)).toEqual({ stock: initial, reserved: 5 });

    // Three pay (at once), two never do and expire.
    const placed = won.map((r) => r.json() as { order_id: number; razorpay_order_id: string });
    const payers = placed.slice(0, 3);
    const handlers = await Promise.all(payers.map((o) => f.paid(o.razorpay_order_id)));
    const confirmations = await Promise.all(
      payers.map((o, i) => {
        const index = answers.findIndex((r) => r.statusCode === 200 && r.json().order_id === o.order_id);
        const shopper = shoppers[index]?.shopper;
        if (!shopper || !handlers[i]) throw new Error('lost track of a payer');
        return f.confirm(shopper, o.order_id, handlers[i]);
      }),
    );
    expect(confirmations.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await f.webhooksDelivered();
    await f.expireAfter(31);

    const sold = await soldOf(item);
    const { stock, reserved } = await f.stockOf(item);
    expect(sold).toBe(3);
    expect(reserved).toBe(0);
    // reserved + sold + left on the shelf = what there was
    expect(reserved + sold + (stock - reserved)).toBe(initial);
    expect(stock).toBe(2);
  });

  it('a coupon limited to 3 uses and 20 concurrent orders with it: exactly 3 discounted paid orders', {
    timeout: boundFor({ operations: 20 * SHOPPER + 3 * PAYMENT + CHECKS }),
  }, async () => {
    const item = await f.stockedItem(100);
    const coupon = await f.couponWith({ usageLimit: 3 });
    const shoppers: Awaited<ReturnType<typeof f.readyGuest>>[] = [];
    for (let i = 0; i < 20; i += 1) shoppers.push(await f.readyGuest(item, 1));

    const answers = await Promise.all(
      shoppers.map(({ shopper, addressId }) =>
        f.place(shopper, addressId, [{ item, quantity: 1 }], { coupon_id: coupon.id }),
      ),
    );
    const won = answers.flatMap((r, i) => (r.statusCode === 200 ? [{ answer: r.json(), ...shoppers[i] }] : []));
    expect(won).toHaveLength(3);
    expect(
      answers
        .filter((r) => r.statusCode !== 200)
        .every((r) => r.statusCode === 409 && r.json().code === 'COUPON_USED_UP'),
    ).toBe(true);

    await Promise.all(
      won.map(async ({ answer, shopper }) => {
        if (!shopper) throw new Error('lost a shopper');
        const confirmed = await f.confirm(shopper, answer.order_id, await f.paid(answer.razorpay_order_id));
        expect(confirmed.statusCode, confirmed.body).toBe(200);
      }),
    );
    await f.webhooksDelivered();
    const { db } = shop.database;
    const [counted] = await db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(counted?.usedCount).toBe(3);
    expect(await db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id))).toHaveLength(3);
    const discounted = await db.select().from(orders).where(eq(orders.couponId, coupon.id));
    expect(discounted.filter((o) => o.status === 'paid')).toHaveLength(3);
  });

  it('a coupon used up while orders waited: their late payments are refused at settlement and refunded', {
    // Four shoppers and their payments, a sweep, and two refunds.
    timeout: boundFor({ operations: 4 * (SHOPPER + PAYMENT) + 3 + CHECKS }),
  }, async () => {
    const item = await f.stockedItem(100);
    const coupon = await f.couponWith({ usageLimit: 2 });
    const early = [await f.readyGuest(item, 1), await f.readyGuest(item, 1)];
    const earlyOrders = await Promise.all(
      early.map(({ shopper, addressId }) => f.placed(shopper, addressId, item, 1, { coupon_id: coupon.id })),
    );
    // They do not pay in time; their hold on the coupon lapses and two others use it up.
    await f.expireAfter(31);
    for (let i = 0; i < 2; i += 1) {
      const { shopper, addressId } = await f.readyGuest(item, 1);
      const answer = await f.placed(shopper, addressId, item, 1, { coupon_id: coupon.id });
      await f.confirm(shopper, answer.order_id, await f.paid(answer.razorpay_order_id));
    }
    await f.webhooksDelivered();

    // Now the first two pay, late, concurrently.
    const late = await Promise.all(
      earlyOrders.map(async (answer, i) => {
        const shopper = early[i]?.shopper;
        if (!shopper) throw new Error('lost a shopper');
        return f.confirm(shopper, answer.order_id, await f.paid(answer.razorpay_order_id));
      }),
    );
    await f.webhooksDelivered();
    expect(late.map((r) => r.statusCode)).toEqual([409, 409]);
    for (const answer of earlyOrders) {
      expect((await f.orderRow(answer.order_id)).status).toBe('expired');
      const [payment] = await f.paymentsOf(answer.order_id);
      expect(payment).toMatchObject({ status: 'refunded', refundedPaise: answer.amount });
      expect(payment?.note).toMatch(/coupon/);
    }
    const [counted] = await shop.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(counted?.usedCount).toBe(2);
  });

  it('the browser callback and the webhook arriving together, 50 times: one paid order and one payment each time', {
    // Each round: a shopper, a payment with a second callback, and four checks.
    timeout: boundFor({ operations: 50 * (SHOPPER + PAYMENT + 1 + 4) + CHECKS }),
  }, async () => {
    const item = await f.stockedItem(50);
    for (let round = 0; round < 50; round += 1) {
      const { shopper, addressId } = await f.readyGuest(item, 1);
      const answer = await f.placed(shopper, addressId, item, 1);
      const handler = await f.paid(answer.razorpay_order_id); // the sandbox's webhooks are now on their way
      const [first, second] = await Promise.all([
        f.confirm(shopper, answer.order_id, handler),
        f.confirm(shopper, answer.order_id, handler),
        f.webhooksDelivered(),
      ]);
      expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
      const order = await f.orderRow(answer.order_id);
      expect(order.status).toBe('paid');
      const recorded = await shop.database.db.select().from(payments).where(eq(payments.orderId, answer.order_id));
      expect(recorded).toHaveLength(1);
      const paidEvents = await shop.database.db
        .select()
        .from(orderEvents)
        .where(eq(orderEvents.orderId, answer.order_id));
      expect(paidEvents.filter((e) => e.status === 'paid')).toHaveLength(1);
      // The shop answered every webhook (payment.captured and order.paid) with success, not an error.
      const webhooks = await shop.database.db
        .select()
        .from(sandboxRazorpayWebhooks)
        .where(eq(sandboxRazorpayWebhooks.orderId, answer.razorpay_order_id));
      expect(webhooks.map((w) => w.lastStatus)).toEqual([200, 200]);
    }
    expect(await f.stockOf(item)).toEqual({ stock: 0, reserved: 0 });
    expect(await soldOf(item)).toBe(50);
  });

  it('four expiry sweeps at once (as four processes would run them): each order expires once, its stock released once', {
    // Six shoppers, five sweeps, two checks of each order.
    timeout: boundFor({ operations: 6 * SHOPPER + 5 + 6 * 2 + CHECKS }),
  }, async () => {
    const item = await f.stockedItem(6);
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { shopper, addressId } = await f.readyGuest(item, 1);
      ids.push((await f.placed(shopper, addressId, item, 1)).order_id);
    }
    expect(await f.stockOf(item)).toEqual({ stock: 6, reserved: 6 });

    const counts = await Promise.all([f.expireAfter(31), f.expireAfter(31), f.expireAfter(31), f.expireAfter(31)]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(ids.length);
    for (const id of ids) {
      expect((await f.orderRow(id)).status).toBe('expired');
      const events = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
      expect(events.filter((e) => e.status === 'expired')).toHaveLength(1);
    }
    expect(await f.stockOf(item)).toEqual({ stock: 6, reserved: 0 });
    // Nothing is left for a fifth sweep.
    expect(await f.expireAfter(31)).toBe(0);
  });
});
