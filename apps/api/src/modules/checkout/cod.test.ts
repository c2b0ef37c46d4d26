import { and, couponRedemptions, coupons, eq, orderEvents, orderTaxLines, outboxMessages } from '@kapaas/db';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { boundFor } from '../../../test/bounds';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { DEFAULT_LIMITS } from '../../lib/rate-limit';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures, type DeliveryPlace, KOCHI } from './checkout.fixtures';

/*
 * Cash on delivery at the shop's own checkout and through Razorpay's (ADR 033): every rule checked again on the
 * server, the fee, the confirmation step, stock taken at placement and never released by the expiry sweep, the block
 * after a parcel came back, and shipping by the zone of the PIN code.
 */

let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
const db = () => shop.database.db;

/** The demo shop is registered in Maharashtra: Pune is local, Delhi a metro, Kochi the rest, Tezpur (Assam) remote. */
const PUNE: DeliveryPlace = { state: 'Maharashtra', pin: '411004', phone: '9822012345' };
const DELHI: DeliveryPlace = { state: 'Delhi', pin: '110001', phone: '9811012345' };
const TEZPUR: DeliveryPlace = { state: 'Assam', pin: '784001', phone: '9435012345' };

const COD_RULES = {
  cod_enabled: true,
  cod_min_order: 1,
  cod_max_order: 100_000,
  cod_fee: 49,
  cod_excluded_pins: [] as string[],
  cod_confirm_above: null as number | null,
};

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop.close();
});
beforeEach(async () => {
  expectStatus(await owner.patch('/settings', COD_RULES), 200);
});

type Item = Awaited<ReturnType<typeof f.stockedItem>>;

/** A guest with the item in the cart at `place`, placing the order with cash on delivery. */
async function placeCod(item: Item, quantity = 1, place: DeliveryPlace = KOCHI, extra: Record<string, unknown> = {}) {
  const { shopper, addressId } = await f.readyGuest(item, quantity, place);
  const response = await f.place(shopper, addressId, [{ item, quantity }], { payment_method: 'cod', ...extra });
  return { shopper, addressId, response };
}

/** The zone's charge, never free, so that the sums below show it. */
async function chargeEverywhere(rupees: number) {
  for (const zone of ['local', 'metro', 'rest', 'remote']) {
    expectStatus(await owner.patch(`/shipping_zones/${zone}`, { charge: rupees, free_above: null }), 200);
  }
}

describe('cash on delivery at checkout', () => {
  it('places the order with the fee, takes the stock for good, empties the cart, and it never expires', async () => {
    await chargeEverywhere(0);
    const item = await f.stockedItem(4);
    const { shopper, response } = await placeCod(item, 2);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      success: true,
      payment_method: 'cod',
      status: 'cod_confirmed',
      items_total: (item.unitPaise * 2) / 100,
      shipping_charge: 0,
      cod_fee: 49,
      total: (item.unitPaise * 2 + 4900) / 100,
      amount_due_on_delivery: (item.unitPaise * 2 + 4900) / 100,
      shipping_zone: 'rest',
    });
    expect(answer).not.toHaveProperty('razorpay_order_id');
    // Sold at once: nothing merely reserved, nothing to release.
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 0 });
    expect((await shopper.post('cart_list', {})).json().product).toEqual([]);
    const row = await f.orderRow(answer.order_id);
    expect(row).toMatchObject({ paymentMethod: 'cod', codFeePaise: 4900, expiresAt: null, paidAt: null });
    expect(row.deliveryBy).toBe(answer.delivery_by);

    // A day later the expiry sweep has nothing to do with it.
    await f.expireAfter(24 * 60);
    expect((await f.orderRow(answer.order_id)).status).toBe('cod_confirmed');
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 0 });

    // The shopper reads cash on delivery and what to pay at the door.
    const [listed] = (await shopper.post('my_orders', {})).json().data;
    expect(listed).toMatchObject({
      payment_method: 'cod',
      amount_due_on_delivery: answer.total,
      delivery_by: answer.delivery_by,
    });
    const detail = (await shopper.post('order_details', { order_id: answer.order_id })).json().data;
    expect(detail).toMatchObject({ cod_fee: 49, paid_at: null, delivery_by: answer.delivery_by });
  });

  it('taxes the fee like the shipping, at the rate of the principal line', async () => {
    await chargeEverywhere(79);
    const item = await f.stockedItem(2);
    const { response } = await placeCod(item);
    expect(response.statusCode, response.body).toBe(200);
    const lines = await db().select().from(orderTaxLines).where(eq(orderTaxLines.orderId, response.json().order_id));
    const goods = lines.find((line) => line.kind === 'goods');
    const fee = lines.find((line) => line.description === 'Cash-on-delivery fee');
    expect(fee).toMatchObject({ kind: 'shipping', paidPaise: 4900, ratePercent: goods?.ratePercent });
    expect(lines.find((line) => line.description === 'Shipping')).toMatchObject({ paidPaise: 7900 });
    expect(lines.reduce((sum, line) => sum + line.paidPaise, 0)).toBe(item.unitPaise + 7900 + 4900);
  });

  it('refuses what the rules refuse, saying why, and changes nothing', async () => {
    const item = await f.stockedItem(5);
    const refused = async (rules: Partial<typeof COD_RULES>, place: DeliveryPlace = KOCHI) => {
      expectStatus(await owner.patch('/settings', { ...COD_RULES, ...rules }), 200);
      const { shopper, response } = await placeCod(item, 1, place);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().code).toBe('COD_NOT_AVAILABLE');
      expect((await shopper.post('cart_list', {})).json().product).toHaveLength(1);
      return response.json().message as string;
    };
    const price = item.unitPaise / 100;
    expect(await refused({ cod_enabled: false })).toBe('This shop does not offer cash on delivery.');
    expect(await refused({ cod_min_order: price + 1 })).toMatch(/^Cash on delivery is available on orders of ₹/);
    expect(await refused({ cod_min_order: 1, cod_max_order: price - 1 })).toMatch(/orders up to ₹.*Please pay online/);
    expect(await refused({ cod_excluded_pins: ['682017'] })).toBe(
      'Cash on delivery is not available at PIN code 682017.',
    );
    expect(await refused({ cod_excluded_pins: ['78'] }, TEZPUR)).toBe(
      'Cash on delivery is not available at PIN code 784001.',
    );
    expect(await f.stockOf(item)).toEqual({ stock: 5, reserved: 0 });
    // The limits are on the items after the coupon: exactly the maximum is allowed.
    expectStatus(await owner.patch('/settings', { ...COD_RULES, cod_max_order: price }), 200);
    expect((await placeCod(item)).response.statusCode).toBe(200);
  });

  it('waits for the owner above the confirmation value', async () => {
    await chargeEverywhere(0);
    const item = await f.stockedItem(3);
    const price = item.unitPaise / 100;
    expectStatus(await owner.patch('/settings', { ...COD_RULES, cod_confirm_above: price + 49 }), 200);
    const small = (await placeCod(item)).response.json();
    expect(small).toMatchObject({ status: 'cod_confirmed' });
    const large = (await placeCod(item, 2)).response.json();
    expect(large).toMatchObject({ status: 'cod_pending_confirmation' });
    expect(large.message).toBe('Order placed. We will call you to confirm it before we pack it.');
  });

  it('cart_list tells whether cash on delivery is offered at the chosen address, and why not', async () => {
    const item = await f.stockedItem(3);
    const { shopper, addressId } = await f.readyGuest(item, 1, TEZPUR);
    const offered = (await shopper.post('cart_list', { address_id: addressId })).json();
    expect(offered.cod).toEqual({ offered: true, reason: null, fee: 49, min_order: 1, max_order: 100_000, advance: 0 });
    expectStatus(await owner.patch('/settings', { ...COD_RULES, cod_excluded_pins: ['784'] }), 200);
    const excluded = (await shopper.post('cart_list', {})).json();
    expect(excluded.cod).toMatchObject({
      offered: false,
      reason: 'Cash on delivery is not available at PIN code 784001.',
    });
    const stranger = await shop.guest();
    expect((await stranger.post('cart_list', { address_id: addressId })).statusCode).toBe(404);
  });
});

describe('after a parcel came back', () => {
  it('offers only online payment for 90 days to the same guest or phone number', async () => {
    await chargeEverywhere(0);
    const item = await f.stockedItem(6);
    const RETURNING: DeliveryPlace = { ...KOCHI, phone: '9847099999' };
    const { shopper, response } = await placeCod(item, 1, RETURNING);
    const orderId = response.json().order_id as number;
    for (const status of ['packed', 'shipped', 'returned_to_origin']) {
      expectStatus(await owner.post(`/orders/${orderId}/status`, { status }), 200);
    }
    const blocked =
      'Cash on delivery is not available for this order, as an earlier parcel came back to us unaccepted. Please pay online.';
    // The same guest, and a new guest giving the same phone number, are refused; cart_list says why.
    await f.addToCart(shopper, item, 1);
    const again = await f.place(shopper, await f.addressOf(shopper, RETURNING), [{ item, quantity: 1 }], {
      payment_method: 'cod',
    });
    expect(again.json()).toMatchObject({ code: 'COD_NOT_AVAILABLE', message: blocked });
    const samePhone = await placeCod(item, 1, RETURNING);
    expect(samePhone.response.statusCode).toBe(409);
    expect((await samePhone.shopper.post('cart_list', {})).json().cod).toMatchObject({
      offered: false,
      reason: blocked,
    });
    // Paying online is still open to them, and another phone number may pay cash.
    const online = await f.place(samePhone.shopper, samePhone.addressId, [{ item, quantity: 1 }]);
    expect(online.statusCode, online.body).toBe(200);
    expect((await placeCod(item, 1, { ...KOCHI, phone: '9847088888' })).response.statusCode).toBe(200);
    // 91 days later the block has lapsed.
    await db()
      .update(orderEvents)
      .set({ createdAt: new Date(Date.now() - 91 * 86_400_000) })
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'returned_to_origin')));
    expect((await placeCod(item, 1, RETURNING)).response.statusCode).toBe(200);
  });
});

describe('shipping by zone', () => {
  it('charges each zone its own amount, free from its threshold on the items after the coupon', async () => {
    const item = await f.stockedItem(20);
    const price = item.unitPaise;
    const terms = { local: [29, 5], metro: [39, 5], rest: [59, 5], remote: [99, 2] } as const;
    for (const [zone, [charge, freeFromPieces]] of Object.entries(terms)) {
      const free_above = (price * freeFromPieces) / 100;
      expectStatus(await owner.patch(`/shipping_zones/${zone}`, { charge, free_above, active: true }), 200);
    }
    const shippingOf = async (place: DeliveryPlace, quantity: number) => {
      const { shopper, addressId } = await f.readyGuest(item, quantity, place);
      const cart = (await shopper.post('cart_list', { address_id: addressId })).json();
      const placed = await f.place(shopper, addressId, [{ item, quantity }]);
      expect(placed.statusCode, placed.body).toBe(200);
      const answer = placed.json();
      expect(answer.shipping_charge).toBe(cart.shipping_charge);
      expect(answer.delivery_by).toBe(cart.delivery_by);
      expect(answer.shipping_zone).toBe(cart.shipping_zone);
      return [answer.shipping_zone, answer.shipping_charge];
    };
    expect(await shippingOf(PUNE, 1)).toEqual(['local', 29]);
    expect(await shippingOf(DELHI, 1)).toEqual(['metro', 39]);
    expect(await shippingOf(KOCHI, 1)).toEqual(['rest', 59]);
    expect(await shippingOf(TEZPUR, 1)).toEqual(['remote', 99]);
    expect(await shippingOf(TEZPUR, 2)).toEqual(['remote', 0]);
    expect(await shippingOf(KOCHI, 5)).toEqual(['rest', 0]);
  });

  it('a coupon that takes the items below the threshold brings the charge back', async () => {
    const item = await f.stockedItem(5);
    expectStatus(
      await owner.patch('/shipping_zones/rest', { charge: 59, free_above: (item.unitPaise * 2) / 100, active: true }),
      200,
    );
    const coupon = await f.couponWith({ minOrderPaise: 1 });
    const { shopper, addressId } = await f.readyGuest(item, 2);
    const cart = (await shopper.post('cart_list', { address_id: addressId })).json();
    expect(cart).toMatchObject({
      shipping_charge: 0,
      zone_charge: 59,
      free_shipping_above: (item.unitPaise * 2) / 100,
    });
    const answer = await f.placed(shopper, addressId, item, 2, { coupon_id: coupon.id });
    expect(answer).toMatchObject({ coupon_discount: 100, shipping_charge: 59 });
  });

  it('refuses an order to a zone the owner switched off', async () => {
    const item = await f.stockedItem(2);
    expectStatus(await owner.patch('/shipping_zones/remote', { active: false }), 200);
    const { shopper, addressId } = await f.readyGuest(item, 1, TEZPUR);
    const cart = (await shopper.post('cart_list', { address_id: addressId })).json();
    expect(cart).toMatchObject({ delivery_by: null, cod: { offered: false } });
    const refused = await f.place(shopper, addressId, [{ item, quantity: 1 }]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'NOT_SERVICEABLE',
      message: 'We do not deliver to this PIN code yet.',
    });
    expectStatus(await owner.patch('/shipping_zones/remote', { active: true }), 200);
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 0 });
  });
});

const sendWebhook = (event: string, entity: object) => f.sendWebhook(event, entity);

/** A pending cash-on-delivery payment as Razorpay's own COD reports it for a provider order. */
const codPayment = (providerOrderId: string, amount: number) => ({
  id: `pay_cod${Math.random().toString(36).slice(2, 10)}`,
  entity: 'payment',
  order_id: providerOrderId,
  amount,
  currency: 'INR',
  status: 'pending',
  method: 'cod',
  captured: false,
  created_at: Math.floor(Date.now() / 1000),
});

describe("Razorpay's own cash on delivery (payment.pending, method cod)", () => {
  it('makes the online order a COD order that keeps its stock and never expires', async () => {
    const item = await f.stockedItem(3);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const placed = await f.placed(shopper, addressId, item, 1);
    const payment = codPayment(placed.razorpay_order_id, placed.amount);
    const answer = await sendWebhook('payment.pending', payment);
    expect(answer.json()).toMatchObject({ success: true, outcome: 'cod_accepted' });
    expect(await f.orderRow(placed.order_id)).toMatchObject({
      status: 'cod_confirmed',
      paymentMethod: 'cod',
      expiresAt: null,
      codFeePaise: 0,
    });
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 0 });
    await f.expireAfter(24 * 60);
    expect((await f.orderRow(placed.order_id)).status).toBe('cod_confirmed');
    expect((await shopper.post('cart_list', {})).json().product).toEqual([]);
    // The same event again (Razorpay retries) changes nothing.
    expect((await sendWebhook('payment.pending', payment)).json().outcome).toBe('cod_already');
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 0 });
  });

  it('fails the order, saying why, when the shop does not offer cash on delivery there', async () => {
    const item = await f.stockedItem(3);
    expectStatus(await owner.patch('/settings', { ...COD_RULES, cod_enabled: false }), 200);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const placed = await f.placed(shopper, addressId, item, 1);
    const answer = await sendWebhook('payment.pending', codPayment(placed.razorpay_order_id, placed.amount));
    expect(answer.json().outcome).toBe('cod_refused');
    expect((await f.orderRow(placed.order_id)).status).toBe('payment_failed');
    expect(await f.stockOf(item)).toEqual({ stock: 3, reserved: 0 });
    const detail = (await shopper.post('order_details', { order_id: placed.order_id })).json().data;
    expect(detail.history.at(-1).note).toBe(
      'Cash on delivery is not available for this order. Nothing was charged: please order again and pay online.',
    );
  });

  it('the expiry check turns the order into a COD order when the webhook was lost', async () => {
    const item = await f.stockedItem(2);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const placed = await f.placed(shopper, addressId, item, 1);
    const { app } = shop;
    const payment = codPayment(placed.razorpay_order_id, placed.amount);
    const { expireDueOrders } = await import('./expiry');
    const client = { ...app.payments.client, fetchOrderPayments: async () => [payment as never] };
    await expireDueOrders(
      { db: db(), payments: { ...app.payments, client }, catalogue: app.catalogue, log: app.log },
      new Date(Date.now() + 60 * 60_000),
    );
    expect((await f.orderRow(placed.order_id)).status).toBe('cod_confirmed');
  });
});

/**
 * The race's size and its bound. Twelve shoppers for five pieces still make more than twice as many contenders as
 * pieces, which is what proves that no piece is sold twice. Each shopper costs four calls (a guest, the cart, the
 * address, the order), then the sweep and the checks a few more; the bound counts them (test/bounds.ts), so it grows
 * with the work rather than with a guess at how busy the machine is (40 shoppers timed out at 30 s on a machine shared
 * by several test runs).
 */
const RACERS = 12;
const RACE_BOUND_MS = boundFor({ operations: RACERS * 4 + 10 });

describe(`${RACERS} shoppers, the last 5 pieces, cash on delivery`, () => {
  it('exactly 5 orders are placed, and none expires', { timeout: RACE_BOUND_MS }, async () => {
    await chargeEverywhere(0);
    const item = await f.stockedItem(5);
    const shoppers: Awaited<ReturnType<typeof f.readyGuest>>[] = [];
    // Each fixture guest has a phone number and a street of its own: no shopper is held back by another's open orders.
    for (let i = 0; i < RACERS; i += 1) shoppers.push(await f.readyGuest(item, 1));
    const answers = await Promise.all(
      shoppers.map(({ shopper, addressId }) =>
        f.place(shopper, addressId, [{ item, quantity: 1 }], { payment_method: 'cod' }),
      ),
    );
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(5);
    expect(
      answers
        .filter((r) => r.statusCode !== 200)
        .every((r) => r.statusCode === 409 && r.json().code === 'INSUFFICIENT_STOCK'),
    ).toBe(true);
    expect(await f.stockOf(item)).toEqual({ stock: 0, reserved: 0 });
    await f.expireAfter(7 * 24 * 60);
    for (const answer of won) expect((await f.orderRow(answer.json().order_id)).status).toBe('cod_confirmed');
    expect(await f.stockOf(item)).toEqual({ stock: 0, reserved: 0 });
  });
});

/** What a shopper reads when one of the keys already holds as many open COD orders as the shop allows. */
const TOO_MANY_OPEN = {
  shopper: (n: number) =>
    `You already have ${n} cash-on-delivery orders that have not shipped yet, as many as we take at once. Please pay online, or choose cash on delivery again once one of them has shipped.`,
  phone: (n: number) =>
    `This phone number already has ${n} cash-on-delivery orders that have not shipped yet, as many as we take at once. Please pay online, or choose cash on delivery again once one of them has shipped.`,
  address: (n: number) =>
    `This delivery address already has ${n} cash-on-delivery orders that have not shipped yet, as many as we take at once. Please pay online, or choose cash on delivery again once one of them has shipped.`,
};

/** Places a COD order of one piece for a shopper whose cart may have lost the line to an earlier order. */
async function codAgain(shopper: Shopper, addressId: number, item: Item): Promise<LightMyRequestResponse> {
  if ((await shopper.post('cart_list', {})).json().product.length === 0) await f.addToCart(shopper, item, 1);
  return f.place(shopper, addressId, [{ item, quantity: 1 }], { payment_method: 'cod' });
}

const refusedWith = (response: LightMyRequestResponse, message: string) => {
  expect(response.statusCode, response.body).toBe(409);
  expect(response.json()).toMatchObject({ code: 'COD_NOT_AVAILABLE', message });
};

describe('open cash-on-delivery orders, at most cod_max_open_orders (2 by default)', () => {
  // 16 tries of up to three calls each (the cart, perhaps an add, the order), and the checks.
  const auditWork = { operations: 16 * 3 + 6 };
  it("the audit's guest: one guest, one phone, one address, 16 tries; 2 are placed and the size stays on sale", {
    timeout: boundFor(auditWork),
  }, async () => {
    await chargeEverywhere(0);
    const item = await f.stockedItem(8);
    const shopper = await shop.guest();
    const addressId = await f.addressOf(shopper, { ...KOCHI, phone: '9847011111', street: '7 Temple Road, Kaloor' });
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 16; i += 1) {
      if ((await shopper.post('cart_list', {})).json().product.length === 0) await f.addToCart(shopper, item, 2);
      answers.push(await f.place(shopper, addressId, [{ item, quantity: 2 }], { payment_method: 'cod' }));
    }
    expect(answers.slice(0, 2).map((r) => r.statusCode)).toEqual([200, 200]);
    for (const refused of answers.slice(2)) refusedWith(refused, TOO_MANY_OPEN.shopper(2));
    expect(await f.stockOf(item)).toEqual({ stock: 4, reserved: 0 });
    // The checkout says so beside the choice before the shopper tries.
    expect((await shopper.post('cart_list', { address_id: addressId })).json().cod).toMatchObject({
      offered: false,
      reason: TOO_MANY_OPEN.shopper(2),
    });
  });

  // Thirteen placements of four calls each (a guest, the cart, the address, the order), a user's three, and the moves.
  const perKeyWork = { operations: 13 * 4 + 4 + 3 * 3 + 8 };
  it('counts per phone number, per delivery address and per shopper; a shipped or cancelled order frees a place', {
    timeout: boundFor(perKeyWork),
  }, async () => {
    await chargeEverywhere(0);
    const item = await f.stockedItem(20);
    // Two guests with one phone number, each at an address of their own: a third guest with that number is refused.
    const phone = { ...KOCHI, phone: '9847033333' };
    const first = await placeCod(item, 1, phone);
    expect((await placeCod(item, 1, phone)).response.statusCode).toBe(200);
    const third = await placeCod(item, 1, phone);
    refusedWith(third.response, TOO_MANY_OPEN.phone(2));
    expect((await third.shopper.post('cart_list', {})).json().cod).toMatchObject({
      offered: false,
      reason: TOO_MANY_OPEN.phone(2),
    });
    // One street written three ways, at one PIN code, is one address; the same street at another PIN code is not.
    const street = (line: string) => ({ ...KOCHI, street: line });
    const atHome = await placeCod(item, 1, street('9 Temple Road, Kaloor'));
    expect(atHome.response.statusCode).toBe(200);
    expect((await placeCod(item, 1, street('9, temple road  kaloor'))).response.statusCode).toBe(200);
    refusedWith((await placeCod(item, 1, street('9 TEMPLE ROAD KALOOR.'))).response, TOO_MANY_OPEN.address(2));
    expect((await placeCod(item, 1, { ...PUNE, street: '9 Temple Road, Kaloor' })).response.statusCode).toBe(200);
    // A registered shopper with three addresses and three phone numbers.
    const user = await shop.user();
    const addresses = [await f.addressOf(user), await f.addressOf(user), await f.addressOf(user)];
    expect((await codAgain(user, addresses[0] as number, item)).statusCode).toBe(200);
    expect((await codAgain(user, addresses[1] as number, item)).statusCode).toBe(200);
    refusedWith(await codAgain(user, addresses[2] as number, item), TOO_MANY_OPEN.shopper(2));
    // Paying online is still open to each of them.
    expect((await f.place(third.shopper, third.addressId, [{ item, quantity: 1 }])).statusCode).toBe(200);

    // Once one of the phone number's orders has shipped, and one of the address's is cancelled, each takes one more.
    const firstId = first.response.json().order_id as number;
    for (const status of ['packed', 'shipped']) {
      expectStatus(await owner.post(`/orders/${firstId}/status`, { status }), 200);
    }
    expect((await placeCod(item, 1, phone)).response.statusCode).toBe(200);
    expectStatus(await owner.post(`/orders/${atHome.response.json().order_id}/status`, { status: 'cancelled' }), 200);
    expect((await placeCod(item, 1, street('9 Temple Road Kaloor'))).response.statusCode).toBe(200);
  });

  it('holds when the placements come at once: of 6 for one phone number, 2 are placed', async () => {
    await chargeEverywhere(0);
    const item = await f.stockedItem(10);
    const ready: Awaited<ReturnType<typeof f.readyGuest>>[] = [];
    for (let i = 0; i < 6; i += 1) ready.push(await f.readyGuest(item, 1, { ...KOCHI, phone: '9847044444' }));
    const answers = await Promise.all(
      ready.map(({ shopper, addressId }) =>
        f.place(shopper, addressId, [{ item, quantity: 1 }], { payment_method: 'cod' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) refusedWith(refused, TOO_MANY_OPEN.phone(2));
    expect(await f.stockOf(item)).toEqual({ stock: 8, reserved: 0 });
  });

  // Four runs of at most six guests, each four calls (a guest, the cart, the address, the order).
  const propertyWork = { operations: 4 * 6 * 4 + 2 };
  it('property: placements at once never leave a phone number or an address above the limit', {
    timeout: boundFor(propertyWork),
  }, async () => {
    await chargeEverywhere(0);
    const item = await f.stockedItem(1_000);
    let run = 0;
    // Each placement is a new guest; its phone number and its street are drawn from two of each per run.
    const placement = fc.record({ phone: fc.integer({ min: 0, max: 1 }), street: fc.integer({ min: 0, max: 1 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(placement, { minLength: 3, maxLength: 6 }), async (drawn) => {
        run += 1;
        const places = drawn.map(({ phone, street }) => ({
          ...KOCHI,
          phone: `98470${String(run).padStart(3, '0')}${phone}0`,
          street: `${run} Race Street, house ${street}`,
        }));
        const ready = [];
        for (const place of places) ready.push(await f.readyGuest(item, 1, place));
        const answers = await Promise.all(
          ready.map(({ shopper, addressId }) =>
            f.place(shopper, addressId, [{ item, quantity: 1 }], { payment_method: 'cod' }),
          ),
        );
        const placed = places.filter((_, i) => answers[i]?.statusCode === 200);
        for (const key of ['phone', 'street'] as const) {
          const perKey = new Map<string, number>();
          for (const place of placed) perKey.set(place[key], (perKey.get(place[key]) ?? 0) + 1);
          expect(Math.max(0, ...perKey.values())).toBeLessThanOrEqual(2);
        }
        // A refused placement met a full key: its phone number or its address had 2 placed.
        answers.forEach((answer, i) => {
          if (answer.statusCode === 200) return;
          expect(answer.json().code).toBe('COD_NOT_AVAILABLE');
          const place = places[i] as (typeof places)[number];
          const full = (key: 'phone' | 'street') => placed.filter((p) => p[key] === place[key]).length >= 2;
          expect(full('phone') || full('street')).toBe(true);
        });
      }),
      { numRuns: 4, seed: 31 },
    );
  });

  it("the console's order shows the shopper's other open COD orders and what each shares with it", async () => {
    await chargeEverywhere(0);
    const item = await f.stockedItem(6);
    const user = await shop.user();
    const home = { ...KOCHI, phone: '9847066666', street: '3 Canal Road, Kaloor' };
    const first = await codAgain(user, await f.addressOf(user, home), item);
    const second = await codAgain(user, await f.addressOf(user, { ...KOCHI, phone: '9847077777' }), item);
    // A guest at the same address with another phone number, and an online order of the user's, which is not counted.
    const neighbour = (await placeCod(item, 1, { ...home, phone: '9847088880' })).response.json().order_id as number;
    const online = await f.readyGuest(item, 1, home);
    expect((await f.place(online.shopper, online.addressId, [{ item, quantity: 1 }])).statusCode).toBe(200);
    const ids = [first, second].map((r) => r.json().order_id as number);
    const seen = expectStatus(await owner.get(`/orders/${ids[0]}`), 200).data.open_cod_orders;
    expect(seen).toEqual([
      expect.objectContaining({ id: neighbour, status: 'cod_confirmed', shared: ['address'] }),
      expect.objectContaining({ id: ids[1], status: 'cod_confirmed', shared: ['shopper'] }),
    ]);
    expect(seen[1].total).toBe(second.json().total);
    // Once it ships, an order is no longer open.
    for (const status of ['packed', 'shipped']) {
      expectStatus(await owner.post(`/orders/${neighbour}/status`, { status }), 200);
    }
    expect(expectStatus(await owner.get(`/orders/${ids[0]}`), 200).data.open_cod_orders).toEqual([
      expect.objectContaining({ id: ids[1] }),
    ]);
  });

  it('the owner sets the limit (1 to 50, owners only), and a lower one refuses more', async () => {
    expect((await owner.get('/settings')).json().data).toMatchObject({ cod_max_open_orders: 2, cod_confirm_hours: 48 });
    for (const [field, value, message] of [
      ['cod_max_open_orders', 0, 'At least 1.'],
      ['cod_max_open_orders', 51, 'At most 50.'],
      ['cod_max_open_orders', 2.5, 'A whole number.'],
      ['cod_confirm_hours', 0, 'At least 1 hour.'],
      ['cod_confirm_hours', 721, 'At most 720 hours (30 days).'],
    ] as const) {
      const refused = expectStatus(await owner.patch('/settings', { [field]: value }), 400);
      expect(refused.errors[field]).toEqual([message]);
    }
    const staff = await admin.staff(owner);
    expect((await staff.patch('/settings', { cod_max_open_orders: 5 })).statusCode).toBe(403);
    expect((await owner.get('/settings')).json().data).toMatchObject({ cod_max_open_orders: 2, cod_confirm_hours: 48 });

    await chargeEverywhere(0);
    const item = await f.stockedItem(5);
    expectStatus(await owner.patch('/settings', { cod_max_open_orders: 1 }), 200);
    const phone = { ...KOCHI, phone: '9847055555' };
    expect((await placeCod(item, 1, phone)).response.statusCode).toBe(200);
    refusedWith((await placeCod(item, 1, phone)).response, TOO_MANY_OPEN.phone(1));
    expectStatus(await owner.patch('/settings', { cod_max_open_orders: 3 }), 200);
    expect((await placeCod(item, 1, phone)).response.statusCode).toBe(200);
    expectStatus(await owner.patch('/settings', { cod_max_open_orders: 2 }), 200);
  });
});

describe('cash-on-delivery placements per client address and hour', () => {
  it('refuses the one past the limit with 429, counting only orders placed', async () => {
    const limits = { ...DEFAULT_LIMITS, codOrdersPerAddress: { max: 2, windowSeconds: 3600 } };
    const limited = await startTestShop({ limits });
    try {
      const lf = checkoutFixtures(() => limited);
      const lowner = await adminFixtures(() => limited).owner();
      expectStatus(await lowner.patch('/settings', COD_RULES), 200);
      const item = await lf.stockedItem(10);
      const cod = async (place?: DeliveryPlace) => {
        const { shopper, addressId } = await lf.readyGuest(item, 1, place);
        return lf.place(shopper, addressId, [{ item, quantity: 1 }], { payment_method: 'cod' });
      };
      // A placement refused for another reason (its PIN code) is not counted.
      expectStatus(await lowner.patch('/settings', { cod_excluded_pins: ['784'] }), 200);
      expect((await cod(TEZPUR)).statusCode).toBe(409);
      expect((await cod()).statusCode).toBe(200);
      expect((await cod()).statusCode).toBe(200);
      const third = await cod();
      expect(third.statusCode, third.body).toBe(429);
      expect(third.json().message).toBe(
        'Too many cash-on-delivery orders from your network in the last hour. Please pay online, or try again later.',
      );
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      expect(await lf.stockOf(item)).toEqual({ stock: 8, reserved: 0 });
      // Paying online is not limited by it.
      const { shopper, addressId } = await lf.readyGuest(item, 1);
      expect((await lf.place(shopper, addressId, [{ item, quantity: 1 }])).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('cash-on-delivery orders nobody confirmed', () => {
  it('are cancelled after cod_confirm_hours (48 by default): stock and coupon back, the shopper told', async () => {
    await chargeEverywhere(0);
    const { sweepOrders } = await import('./expiry');
    const sweepAt = (hours: number) => {
      const { app } = shop;
      return sweepOrders(
        { db: db(), payments: app.payments, catalogue: app.catalogue, log: app.log },
        new Date(Date.now() + hours * 3_600_000),
      );
    };
    const item = await f.stockedItem(6);
    expectStatus(await owner.patch('/settings', { ...COD_RULES, cod_confirm_above: 0 }), 200);
    const coupon = await f.couponWith({ minOrderPaise: 1, perCustomerLimit: 1, usageLimit: 5 });
    const waiting = await placeCod(item, 2, KOCHI, { coupon_id: coupon.id });
    expect(waiting.response.statusCode, waiting.response.body).toBe(200);
    const waitingId = waiting.response.json().order_id as number;
    expect(waiting.response.json().status).toBe('cod_pending_confirmation');
    const confirmed = (await placeCod(item, 1)).response.json().order_id as number;
    expectStatus(await owner.post(`/orders/${confirmed}/status`, { status: 'cod_confirmed' }), 200);
    expect(await f.stockOf(item)).toEqual({ stock: 3, reserved: 0 });

    await sweepAt(47);
    expect((await f.orderRow(waitingId)).status).toBe('cod_pending_confirmation');
    await sweepAt(49);
    expect((await f.orderRow(waitingId)).status).toBe('cancelled');
    expect((await f.orderRow(confirmed)).status).toBe('cod_confirmed');
    expect(await f.stockOf(item)).toEqual({ stock: 5, reserved: 0 });
    // The coupon's use is given back: counted nowhere, and the shopper may use it again.
    expect(await db().select().from(couponRedemptions).where(eq(couponRedemptions.orderId, waitingId))).toEqual([]);
    const [counted] = await db().select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(counted?.usedCount).toBe(0);
    // The shopper hears of it once, however often the sweep runs.
    await sweepAt(50);
    const mails = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.key, `order-cancelled:${waitingId}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'order_cod_unconfirmed', recipient: 'asha@example.in' });
    const detail = (await waiting.shopper.post('order_details', { order_id: waitingId })).json().data;
    expect(detail.history.at(-1)).toMatchObject({
      status: 'cancelled',
      note: 'We could not confirm this cash-on-delivery order in time, so it was cancelled. Nothing is to be paid.',
    });
    await f.addToCart(waiting.shopper, item, 1);
    const again = await f.place(waiting.shopper, waiting.addressId, [{ item, quantity: 1 }], {
      payment_method: 'cod',
      coupon_id: coupon.id,
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('waits as long as the owner says', async () => {
    await chargeEverywhere(0);
    const { sweepOrders } = await import('./expiry');
    const { app } = shop;
    const sweepAt = (hours: number) =>
      sweepOrders(
        { db: db(), payments: app.payments, catalogue: app.catalogue, log: app.log },
        new Date(Date.now() + hours * 3_600_000),
      );
    const item = await f.stockedItem(2);
    expectStatus(await owner.patch('/settings', { ...COD_RULES, cod_confirm_above: 0, cod_confirm_hours: 72 }), 200);
    const orderId = (await placeCod(item)).response.json().order_id as number;
    await sweepAt(49);
    expect((await f.orderRow(orderId)).status).toBe('cod_pending_confirmation');
    await sweepAt(73);
    expect((await f.orderRow(orderId)).status).toBe('cancelled');
    expectStatus(await owner.patch('/settings', { cod_confirm_hours: 48 }), 200);
  });
});
