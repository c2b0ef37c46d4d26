import { couponRedemptions, coupons, eq } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from './checkout.fixtures';

/*
 * What an order that never happened gives back (ADR 012, ADR 033): a cancelled order its coupon use, as well as its
 * pieces; and a shopper's earlier unpaid order, abandoned for a new order of the same cart, its pieces and its hold on
 * the coupon.
 */

let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  expectStatus(
    await owner.patch('/settings', {
      cod_enabled: true,
      cod_min_order: 1,
      cod_max_order: 100_000,
      cod_confirm_above: null,
    }),
    200,
  );
});
afterAll(async () => {
  await shop.close();
});

type Item = Awaited<ReturnType<typeof f.stockedItem>>;
type Coupon = Awaited<ReturnType<typeof f.couponWith>>;

const usedCount = async (coupon: Coupon) =>
  (await db().select().from(coupons).where(eq(coupons.id, coupon.id)))[0]?.usedCount;
const redemptionOf = (orderId: number) =>
  db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));

/** The shopper puts the item back in the cart and places it again with the coupon; answers the response. */
async function againWithCoupon(
  ready: Awaited<ReturnType<typeof f.readyGuest>>,
  item: Item,
  coupon: Coupon,
  paymentMethod: 'online' | 'cod',
) {
  await f.addToCart(ready.shopper, item, 1);
  return f.place(ready.shopper, ready.addressId, [{ item, quantity: 1 }], {
    coupon_id: coupon.id,
    payment_method: paymentMethod,
  });
}

describe('a cancelled order gives back its use of the coupon', () => {
  it('cash on delivery, cancelled in the console: a once-per-shopper coupon may be used again', async () => {
    const item = await f.stockedItem(5);
    const coupon = await f.couponWith({ minOrderPaise: 1, perCustomerLimit: 1, usageLimit: 1 });
    const ready = await f.readyGuest(item, 1);
    const placed = await f.place(ready.shopper, ready.addressId, [{ item, quantity: 1 }], {
      coupon_id: coupon.id,
      payment_method: 'cod',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order_id as number;
    expect(await usedCount(coupon)).toBe(1);
    // Used up: the same shopper cannot use it a second time meanwhile.
    expect((await againWithCoupon(ready, item, coupon, 'cod')).json().code).toBe('COUPON_USED_UP');

    expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'cancelled' }), 200);
    expect(await usedCount(coupon)).toBe(0);
    expect(await redemptionOf(orderId)).toEqual([]);
    const again = await f.place(ready.shopper, ready.addressId, [{ item, quantity: 1 }], {
      coupon_id: coupon.id,
      payment_method: 'cod',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await usedCount(coupon)).toBe(1);
  });

  it('paid online, cancelled in the console: the coupon counts the use no more', async () => {
    const item = await f.stockedItem(5);
    const coupon = await f.couponWith({ minOrderPaise: 1, perCustomerLimit: 1, usageLimit: 1 });
    const ready = await f.readyGuest(item, 1);
    const placed = await f.placed(ready.shopper, ready.addressId, item, 1, { coupon_id: coupon.id });
    expect((await f.confirm(ready.shopper, placed.order_id, await f.paid(placed.razorpay_order_id))).statusCode).toBe(
      200,
    );
    expect(await usedCount(coupon)).toBe(1);

    expectStatus(await owner.post(`/orders/${placed.order_id}/status`, { status: 'cancelled' }), 200);
    expect(await usedCount(coupon)).toBe(0);
    expect(await redemptionOf(placed.order_id)).toEqual([]);
    const again = await againWithCoupon(ready, item, coupon, 'online');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().coupon_discount).toBe(100);
  });
});

describe("placing an order releases the shopper's earlier unpaid order", () => {
  it('closed the payment dialog, then chose cash on delivery: the pieces and the coupon are held once', async () => {
    const item = await f.stockedItem(2);
    const coupon = await f.couponWith({ minOrderPaise: 1, usageLimit: 1 });
    const ready = await f.readyGuest(item, 2);
    const online = await f.placed(ready.shopper, ready.addressId, item, 2, { coupon_id: coupon.id });
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 2 });

    const cod = await f.place(ready.shopper, ready.addressId, [{ item, quantity: 2 }], {
      coupon_id: coupon.id,
      payment_method: 'cod',
    });
    expect(cod.statusCode, cod.body).toBe(200);
    expect(cod.json().coupon_discount).toBe(100);
    expect(await f.stockOf(item)).toEqual({ stock: 0, reserved: 0 });
    expect(await usedCount(coupon)).toBe(1);
    const earlier = await f.orderRow(online.order_id);
    expect(earlier.status).toBe('expired');
    const detail = (await ready.shopper.post('order_details', { order_id: online.order_id })).json().data;
    expect(detail.history.at(-1)).toMatchObject({
      status: 'expired',
      note: 'Closed unpaid, as you placed a new order instead.',
    });
    // The sweep later finds nothing more of it to give back.
    await f.expireAfter(60);
    expect(await f.stockOf(item)).toEqual({ stock: 0, reserved: 0 });
    const after = (await ready.shopper.post('order_details', { order_id: online.order_id })).json().data;
    expect(after.history.filter((event: { status: string }) => event.status === 'expired')).toHaveLength(1);
  });

  it("a new online order of the cart releases the earlier one; another shopper's unpaid order is left alone", async () => {
    const item = await f.stockedItem(6);
    const other = await f.readyGuest(item, 1);
    const theirs = await f.placed(other.shopper, other.addressId, item, 1);
    const ready = await f.readyGuest(item, 3);
    const first = await f.placed(ready.shopper, ready.addressId, item, 2);
    expect(await f.stockOf(item)).toEqual({ stock: 6, reserved: 3 });
    // The same purchase again is the same order (a double-click); another quantity is a new one.
    expect((await f.placed(ready.shopper, ready.addressId, item, 2)).order_id).toBe(first.order_id);
    const second = await f.placed(ready.shopper, ready.addressId, item, 3);
    expect(second.order_id).not.toBe(first.order_id);
    expect((await f.orderRow(first.order_id)).status).toBe('expired');
    expect((await f.orderRow(theirs.order_id)).status).toBe('pending_payment');
    expect(await f.stockOf(item)).toEqual({ stock: 6, reserved: 4 });
    // A payment for the released order that still arrives is taken while the stock lasts, as after any expiry.
    expect((await f.confirm(ready.shopper, first.order_id, await f.paid(first.razorpay_order_id))).statusCode).toBe(
      200,
    );
    expect((await f.orderRow(first.order_id)).status).toBe('paid');
  });

  it('a placement that is refused releases nothing', async () => {
    const item = await f.stockedItem(3);
    const ready = await f.readyGuest(item, 1);
    const online = await f.placed(ready.shopper, ready.addressId, item, 1);
    expectStatus(await owner.patch('/settings', { cod_max_order: 1 }), 200);
    const refused = await f.place(ready.shopper, ready.addressId, [{ item, quantity: 1 }], { payment_method: 'cod' });
    expectStatus(await owner.patch('/settings', { cod_max_order: 100_000 }), 200);
    expect(refused.json().code).toBe('COD_NOT_AVAILABLE');
    expect((await f.orderRow(online.order_id)).status).toBe('pending_payment');
    expect(await f.stockOf(item)).toEqual({ stock: 3, reserved: 1 });
  });
});
