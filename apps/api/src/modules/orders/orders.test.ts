import { MyOrdersAnswer, OrderDetailsAnswer } from '@kapaas/contract';
import {
  eq,
  orderEvents,
  orderItems,
  orders,
  payments,
  productSizes,
  products,
  returnRequests,
  shopSettings,
  sizes,
} from '@kapaas/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_ADDRESS_SNAPSHOT } from '../../../test/address-snapshot';
import { startTestShop, type TestShop } from '../../../test/shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

const address = SAMPLE_ADDRESS_SNAPSHOT;

/** An order as checkout leaves it, written straight to the database: two lines, a status history. */
async function placeOrder(owner: { userId?: number; guestId?: number }, daysAgo: number, paid: boolean) {
  const [line] = await shop.database.db
    .select({ productId: productSizes.productId, sizeId: productSizes.sizeId, name: products.name, size: sizes.label })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .innerJoin(sizes, eq(sizes.id, productSizes.sizeId))
    .limit(1);
  if (!line) throw new Error('no product');
  const placedAt = new Date(Date.now() - daysAgo * 86_400_000);
  const [order] = await shop.database.db
    .insert(orders)
    .values({
      userId: owner.userId ?? null,
      guestId: owner.guestId ?? null,
      status: paid ? 'paid' : 'pending_payment',
      addressSnapshot: address,
      itemsTotalPaise: 3 * 54_900,
      discountPaise: 10_000,
      shippingPaise: 0,
      totalPaise: 3 * 54_900 - 10_000,
      couponSnapshot: {
        coupon_id: 1,
        code: 'WELCOME100',
        name: 'Welcome',
        type: 'Amount',
        amount_paise: 10_000,
        percentage: 0,
      },
      createdAt: placedAt,
    })
    .returning();
  if (!order) throw new Error('no order');
  await shop.database.db.insert(orderItems).values({
    orderId: order.id,
    productId: line.productId,
    sizeId: line.sizeId,
    productName: line.name,
    sizeLabel: line.size,
    productImage: '/media/demo/x.svg',
    unitPricePaise: 54_900,
    listPricePaise: 54_900,
    quantity: 3,
    lineTotalPaise: 3 * 54_900,
  });
  await shop.database.db
    .insert(orderEvents)
    .values({ orderId: order.id, status: 'pending_payment', createdAt: placedAt });
  if (paid) {
    await shop.database.db.insert(orderEvents).values({ orderId: order.id, status: 'paid', note: 'payment captured' });
    await shop.database.db.insert(payments).values({
      orderId: order.id,
      providerPaymentId: `pay_test${order.id}`,
      amountPaise: order.totalPaise,
      status: 'accepted',
    });
  }
  return order;
}

describe('my_orders', () => {
  it("lists the shopper's own orders, newest first, with items, total and status", async () => {
    const user = await shop.user();
    const other = await shop.user();
    const older = await placeOrder({ userId: user.userId }, 40, true);
    const newer = await placeOrder({ userId: user.userId }, 1, false);
    await placeOrder({ userId: other.userId }, 1, true);
    const answer = MyOrdersAnswer.parse((await user.post('my_orders')).json());
    expect(answer.data.map((o) => o.order_id)).toEqual([newer.id, older.id]);
    expect(answer.data[1]).toMatchObject({ status: 'paid', total_items: 3, total: 1547 });
    expect(answer.data[1]?.description[0]).toMatchObject({
      product_quantity: 3,
      product_amount: 549,
      product_total: 1647,
    });
  });

  it('narrows to the past 1, 2 or 3 months', async () => {
    const guest = await shop.guest();
    const recent = await placeOrder({ guestId: guest.guestId }, 10, true);
    const older = await placeOrder({ guestId: guest.guestId }, 45, true);
    const oldest = await placeOrder({ guestId: guest.guestId }, 75, true);
    const ids = async (months: unknown) =>
      MyOrdersAnswer.parse((await guest.post('my_orders', { months })).json()).data.map((o) => o.order_id);
    expect(await ids(1)).toEqual([recent.id]);
    expect(await ids('2')).toEqual([recent.id, older.id]);
    expect(await ids(3)).toEqual([recent.id, older.id, oldest.id]);
    expect((await guest.post('my_orders', { months: 6 })).statusCode).toBe(400);
  });
});

describe('order_details', () => {
  it('answers the order with its address, coupon, payment id and status history', async () => {
    const user = await shop.user();
    const order = await placeOrder({ userId: user.userId }, 2, true);
    const { data } = OrderDetailsAnswer.parse((await user.post('order_details', { order_id: order.id })).json());
    expect(data).toMatchObject({
      order_id: order.id,
      status: 'paid',
      shipping_address: address,
      shipping_charge: 0,
      coupon_code: 'WELCOME100',
      coupon_discount: 100,
      total: 1547,
      payment_id: `pay_test${order.id}`,
    });
    expect(data.history.map((h) => h.status)).toEqual(['pending_payment', 'paid']);
    expect(data.return_until).toBeNull();
    expect(data.returns).toEqual([]);
    const [line] = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(data.description[0]?.size_id).toBe(line?.sizeId);
  });

  it('answers a delivered order’s return_until (delivery + the return window) and its return requests', async () => {
    const db = shop.database.db;
    const user = await shop.user();
    const order = await placeOrder({ userId: user.userId }, 12, true);
    const deliveredAt = new Date('2026-11-02T10:30:00.000Z');
    await db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, order.id));
    await db.insert(orderEvents).values({ orderId: order.id, status: 'delivered', createdAt: deliveredAt });
    await db.update(shopSettings).set({ returnWindowDays: 10 }).where(eq(shopSettings.id, 1));
    const [request] = await db.insert(returnRequests).values({ orderId: order.id }).returning();
    try {
      const { data } = OrderDetailsAnswer.parse((await user.post('order_details', { order_id: order.id })).json());
      expect(data.return_until).toBe('2026-11-12T10:30:00.000Z');
      expect(data.returns).toEqual([{ return_id: request?.id, status: 'requested' }]);
    } finally {
      await db.update(shopSettings).set({ returnWindowDays: 7 }).where(eq(shopSettings.id, 1));
    }
  });

  it("answers 404 for someone else's order, exactly as for an unknown one", async () => {
    const owner = await shop.guest();
    const order = await placeOrder({ guestId: owner.guestId }, 1, true);
    const stranger = await shop.user();
    const theirs = await stranger.post('order_details', { order_id: order.id });
    const unknown = await stranger.post('order_details', { order_id: 999_999 });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
  });
});

describe('whose orders', () => {
  it('answers 401 without a session and 403 for another shopper’s id', async () => {
    const owner = await shop.user();
    const order = await placeOrder({ userId: owner.userId }, 1, true);
    expect((await shop.post('my_orders')).statusCode).toBe(401);
    expect((await shop.post('order_details', { order_id: order.id })).statusCode).toBe(401);
    const guest = await shop.guest();
    expect((await guest.post('my_orders', { user_id: owner.userId })).statusCode).toBe(403);
    expect((await guest.post('order_details', { order_id: order.id, user_id: owner.userId })).statusCode).toBe(403);
    expect(MyOrdersAnswer.parse((await guest.post('my_orders')).json()).data).toEqual([]);
  });

  it('answers 4xx to malformed bodies', async () => {
    const guest = await shop.guest();
    const bad = fc.oneof(
      fc.constant(null),
      fc.boolean(),
      fc.string().filter((s) => !/^[1-9][0-9]*$/.test(s)),
      fc.constantFrom(-1, 0, 1.5, 2 ** 40, 4, '4'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('my_orders', 'order_details'), bad, async (endpoint, value) => {
        const body = endpoint === 'my_orders' ? { months: value } : { order_id: value };
        const response = await guest.post(endpoint, body);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 80 },
    );
  });
});
