import { createHmac } from 'node:crypto';
import { OrderDetailsAnswer } from '@kapaas/contract';
import { couponRedemptions, coupons, eq, orderEvents, orders, paymentEvents, payments } from '@kapaas/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX, SANDBOX_WEBHOOK_SECRET, WEBHOOK_PATH } from '../../dev/razorpay-sandbox/sandbox.constants';
import { checkoutFixtures } from './checkout.fixtures';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

const f = checkoutFixtures(() => shop);

/** Everything a refused call must leave as it was: orders, payments, stock, coupon uses. */
async function snapshot(item: Awaited<ReturnType<typeof f.stockedItem>>) {
  const { db } = shop.database;
  return {
    orders: await db.select().from(orders).orderBy(orders.id),
    payments: await db.select().from(payments).orderBy(payments.id),
    redemptions: await db.select().from(couponRedemptions),
    stock: await f.stockOf(item),
  };
}

describe('order_place, first call', () => {
  it('reserves the stock and prices the order on the server; the answer opens the checkout dialog', async () => {
    const item = await f.stockedItem(6);
    const { shopper, addressId } = await f.readyGuest(item, 2);
    const shipping = await f.shippingPaise(item.unitPaise * 2);
    const answer = await f.placed(shopper, addressId, item, 2);

    expect(answer).toMatchObject({
      success: true,
      message: 'Order created successfully.',
      amount: item.unitPaise * 2 + shipping,
      currency: 'INR',
      key: shop.app.payments.keyId,
      checkout_url: `${SANDBOX_PREFIX}/checkout.js`,
      items_total: (item.unitPaise * 2) / 100,
      coupon_discount: 0,
      total: (item.unitPaise * 2 + shipping) / 100,
      payment_method: 'online',
      cod_fee: 0,
      shipping_zone: 'rest',
      delivery_by: expect.stringMatching(/^2[0-9]{3}-[0-9]{2}-[0-9]{2}$/),
    });
    expect((await f.orderRow(answer.order_id)).deliveryBy).toBe(answer.delivery_by);
    expect(answer.razorpay_order_id).toMatch(/^order_/);
    expect(await f.stockOf(item)).toEqual({ stock: 6, reserved: 2 });
    const order = await f.orderRow(answer.order_id);
    expect(order).toMatchObject({ status: 'pending_payment', razorpayOrderId: answer.razorpay_order_id });
    expect(order.addressSnapshot).toMatchObject({ first_name: 'Asha', state: 'Kerala', pin_code: '682017' });
    // 30 minutes to pay by default.
    const minutes = ((order.expiresAt as Date).getTime() - order.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
    // The provider order is for the same amount, with the order's receipt.
    const provider = await shop.app.payments.client.fetchOrder(answer.razorpay_order_id);
    expect(provider).toMatchObject({ amount: answer.amount, currency: 'INR', status: 'created' });
    expect(provider.receipt).toMatch(new RegExp(`^kapaas_${answer.order_id}_`));

    // The shopper's order list shows it awaiting payment.
    const details = OrderDetailsAnswer.parse(
      (await shopper.post('order_details', { order_id: answer.order_id })).json(),
    );
    expect(details.data).toMatchObject({ status: 'pending_payment', total_items: 2, payment_id: null });
  });

  it('pays the one open order when the same purchase is placed again: a double-click or a reload holds stock once', async () => {
    const item = await f.stockedItem(10);
    const coupon = await f.couponWith({ minOrderPaise: 1, perCustomerLimit: 1 });
    const { shopper, addressId } = await f.readyGuest(item, 3);
    const ordersOf = async () =>
      (await shop.database.db.select().from(orders).where(eq(orders.guestId, shopper.guestId))).map((o) => o.id);

    // Three identical first calls at once, then a fourth after them (the reload).
    const first = await Promise.all(
      [1, 2, 3].map(() => f.placed(shopper, addressId, item, 2, { coupon_id: coupon.id })),
    );
    const again = await f.placed(shopper, addressId, item, 2, { coupon_id: coupon.id });
    for (const answer of [...first, again]) {
      expect(answer).toMatchObject({
        order_id: first[0]?.order_id,
        razorpay_order_id: first[0]?.razorpay_order_id,
        amount: first[0]?.amount,
        coupon_discount: 100,
      });
    }
    expect(await ordersOf()).toEqual([first[0]?.order_id]);
    expect(await f.stockOf(item)).toEqual({ stock: 10, reserved: 2 });

    // A different purchase (another quantity) is a new order, and the earlier unpaid one gives back its pieces.
    const three = await f.placed(shopper, addressId, item, 3);
    expect(three.order_id).not.toBe(first[0]?.order_id);
    expect((await f.orderRow(first[0]?.order_id as number)).status).toBe('expired');
    expect(await f.stockOf(item)).toEqual({ stock: 10, reserved: 3 });

    // An order about to expire is not handed out again: the shopper would run out of time. The new one replaces it.
    await shop.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(orders.id, three.order_id));
    const fresh = await f.placed(shopper, addressId, item, 3);
    expect(fresh.order_id).not.toBe(three.order_id);
    expect((await f.orderRow(three.order_id)).status).toBe('expired');
    expect(await f.stockOf(item)).toEqual({ stock: 10, reserved: 3 });
    expect(await ordersOf()).toHaveLength(3);
  });

  it('ignores the amounts the client sends: a ₹1 total, negative prices and a forged discount change nothing', async () => {
    const item = await f.stockedItem(5);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const shipping = await f.shippingPaise(item.unitPaise);
    const response = await shopper.post('order_place', {
      address_id: addressId,
      product_details: [
        { product_id: item.productId, size: item.sizeId, quantity: 1, product_amount: -500, product_total: -500 },
      ],
      coupon_discount: 99_999,
      total: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ amount: item.unitPaise + shipping, coupon_discount: 0 });
    const order = await f.orderRow(response.json().order_id);
    expect(order).toMatchObject({
      itemsTotalPaise: item.unitPaise,
      discountPaise: 0,
      totalPaise: item.unitPaise + shipping,
    });
  });

  it('takes a coupon only under its rules, and the discount is the server’s', async () => {
    const item = await f.stockedItem(5);
    const coupon = await f.couponWith({ minOrderPaise: 1 });
    const { shopper, addressId } = await f.readyGuest(item, 2);
    const answer = await f.placed(shopper, addressId, item, 2, { coupon_id: coupon.id, coupon_discount: 5000 });
    expect(answer.coupon_discount).toBe(100);
    expect(answer.amount).toBe(item.unitPaise * 2 - 10_000 + (await f.shippingPaise(item.unitPaise * 2 - 10_000)));
    expect((await f.orderRow(answer.order_id)).couponSnapshot).toMatchObject({
      code: coupon.code,
      amount_paise: 10_000,
    });

    const high = await f.couponWith({ minOrderPaise: 100_000_000 });
    const other = await f.readyGuest(item, 1);
    const before = await snapshot(item);
    const refused = await f.place(other.shopper, other.addressId, [{ item, quantity: 1 }], { coupon_id: high.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'COUPON_BELOW_MINIMUM' });
    expect(await snapshot(item)).toEqual(before);
  });

  it('refuses what cannot be bought, and changes nothing', async () => {
    const item = await f.stockedItem(3);
    const { shopper, addressId } = await f.readyGuest(item, 3);
    const stranger = await f.readyGuest(item, 1);
    const notInCart = await f.stockedItem(3);
    const before = await snapshot(item);
    const cases: [unknown, number, string?][] = [
      // someone else's address
      [
        {
          address_id: stranger.addressId,
          product_details: [{ product_id: item.productId, size: item.sizeId, quantity: 1 }],
        },
        404,
      ],
      // not in the cart
      [
        {
          address_id: addressId,
          product_details: [{ product_id: notInCart.productId, size: notInCart.sizeId, quantity: 1 }],
        },
        409,
        'CART_CHANGED',
      ],
      // more than there is
      [
        { address_id: addressId, product_details: [{ product_id: item.productId, size: item.sizeId, quantity: 4 }] },
        409,
        'INSUFFICIENT_STOCK',
      ],
      // the same line twice
      [
        {
          address_id: addressId,
          product_details: [
            { product_id: item.productId, size: item.sizeId, quantity: 1 },
            { product_id: item.productId, size: item.sizeId, quantity: 1 },
          ],
        },
        400,
      ],
      [{ address_id: addressId, product_details: [] }, 400],
      [
        { address_id: addressId, product_details: [{ product_id: item.productId, size: item.sizeId, quantity: 0 }] },
        400,
      ],
      [
        { address_id: addressId, product_details: [{ product_id: item.productId, size: item.sizeId, quantity: -2 }] },
        400,
      ],
      [
        { address_id: addressId, coupon_id: 999_999, product_details: [{ product_id: item.productId, quantity: 1 }] },
        404,
      ],
      [{ address_id: addressId, user_id: 1, product_details: [{ product_id: item.productId, quantity: 1 }] }, 403],
    ];
    for (const [body, status, code] of cases) {
      const response = await shopper.post('order_place', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().success).toBe(false);
      if (code) expect(response.json().code).toBe(code);
    }
    expect(await snapshot(item)).toEqual(before);
    const anonymous = await shop.post('order_place', {
      address_id: addressId,
      product_details: [{ product_id: item.productId, quantity: 1 }],
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('finds the size in the cart when the storefront leaves it out', async () => {
    const item = await f.stockedItem(4);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const response = await shopper.post('order_place', {
      address_id: addressId,
      product_details: [{ product_id: String(item.productId), quantity: 1, product_amount: '1', product_total: '1' }],
      coupon_id: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await f.stockOf(item)).toEqual({ stock: 4, reserved: 1 });
  });
});

describe('order_place with malformed bodies', () => {
  it('answers 4xx with success false and changes nothing, whatever the body', async () => {
    const item = await f.stockedItem(5);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const line = { product_id: item.productId, size: item.sizeId, quantity: 1 };
    const valid = { address_id: addressId, product_details: [line] };
    const bad = fc.oneof(
      fc.constantFrom(null, true, -1, 0, 1.5, 2 ** 31, '', 'x', '1; DROP TABLE orders; --', [], {}, [1, 2]),
      fc.string({ maxLength: 8 }).map((t) => t.padEnd(3000, 'x')),
    );
    const body = fc.oneof(
      fc
        .record({ field: fc.constantFrom('address_id', 'product_details', 'coupon_id'), value: bad })
        // null, 0 and "" are how the storefront says "no coupon"
        .filter(({ field, value }) => !(field === 'coupon_id' && (value === null || value === 0 || value === '')))
        .map(({ field, value }) => ({ ...valid, [field]: value })),
      fc.record({ field: fc.constantFrom('product_id', 'size', 'quantity'), value: bad }).map(({ field, value }) => ({
        ...valid,
        product_details: [{ ...line, [field]: value }],
      })),
      fc.constantFrom({ product_details: [line] }, { address_id: addressId }, { ...valid, surprise: 1 }),
      // second-call shapes with bad parts
      fc.record({ value: bad }).map(({ value }) => ({
        order_id: value,
        payment_id: 'pay_x',
        razorpay_signature: 'ab',
      })),
      fc.record({ value: bad }).map(({ value }) => ({ order_id: 1, payment_id: value, razorpay_signature: 'ab' })),
    );
    const before = await snapshot(item);
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const response = await shopper.post('order_place', sent);
        expect(response.statusCode, `${JSON.stringify(sent).slice(0, 200)} -> ${response.body}`).toBeGreaterThanOrEqual(
          400,
        );
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json().success).toBe(false);
      }),
      { numRuns: 60 },
    );
    expect(await snapshot(item)).toEqual(before);
  });
});

describe('order_place, second call', () => {
  it('settles the order once: paid, payment recorded, stock sold, coupon counted, cart emptied', async () => {
    const item = await f.stockedItem(5);
    const coupon = await f.couponWith({ usageLimit: 10 });
    const user = await shop.user();
    await f.addToCart(user, item, 2);
    const addressId = await f.addressOf(user);
    const answer = await f.placed(user, addressId, item, 2, { coupon_id: coupon.id });
    const handler = await f.paid(answer.razorpay_order_id);

    const confirmed = await f.confirm(user, answer.order_id, handler);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      success: true,
      message: 'Payment verified successfully.',
      order_id: answer.order_id,
      status: 'paid',
    });
    await f.webhooksDelivered();
    expect(await f.stockOf(item)).toEqual({ stock: 3, reserved: 0 });
    expect(await f.paymentsOf(answer.order_id)).toMatchObject([
      { providerPaymentId: handler.razorpay_payment_id, amountPaise: answer.amount, status: 'accepted', note: null },
    ]);
    const [used] = await shop.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(used?.usedCount).toBe(1);
    const cart = (await user.post('cart_list')).json();
    expect(cart.product).toEqual([]);

    // A repeat answers success and changes nothing.
    const before = await snapshot(item);
    const again = await f.confirm(user, answer.order_id, handler);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('paid');
    expect(await snapshot(item)).toEqual(before);

    const details = OrderDetailsAnswer.parse((await user.post('order_details', { order_id: answer.order_id })).json());
    expect(details.data).toMatchObject({
      status: 'paid',
      payment_id: handler.razorpay_payment_id,
      coupon_code: coupon.code,
    });
    expect(details.data.history.map((h) => h.status)).toEqual(['pending_payment', 'paid']);
  });

  it('refuses a forged signature, another order’s signature and a replayed payment id, changing nothing', async () => {
    const item = await f.stockedItem(10);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const mine = await f.placed(shopper, addressId, item, 1);
    const other = await f.readyGuest(item, 1);
    const theirs = await f.placed(other.shopper, other.addressId, item, 1);
    const theirPayment = await f.paid(theirs.razorpay_order_id);
    await f.webhooksDelivered();
    const before = await snapshot(item);

    const attempts = [
      // forged: a made-up signature
      { order_id: mine.order_id, payment_id: theirPayment.razorpay_payment_id, razorpay_signature: 'a'.repeat(64) },
      // another order's payment and signature, presented for mine
      {
        order_id: mine.order_id,
        payment_id: theirPayment.razorpay_payment_id,
        razorpay_order_id: theirPayment.razorpay_order_id,
        razorpay_signature: theirPayment.razorpay_signature,
      },
      // the right signature for their order, with my order's provider id claimed in the body
      {
        order_id: mine.order_id,
        payment_id: theirPayment.razorpay_payment_id,
        razorpay_order_id: mine.razorpay_order_id,
        razorpay_signature: theirPayment.razorpay_signature,
      },
    ];
    for (const body of attempts) {
      const response = await shopper.post('order_place', body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: 'Payment verification failed.' });
    }
    // Their order, confirmed by me: not mine to see.
    const stolen = await f.confirm(shopper, theirs.order_id, theirPayment);
    expect(stolen.statusCode).toBe(404);
    expect(await snapshot(item)).toEqual(before);
    expect((await f.orderRow(mine.order_id)).status).toBe('pending_payment');
  });

  it('settles from the webhook alone when the browser never comes back', async () => {
    const item = await f.stockedItem(3);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const answer = await f.placed(shopper, addressId, item, 1);
    const handler = await f.paid(answer.razorpay_order_id);
    await f.webhooksDelivered();
    expect((await f.orderRow(answer.order_id)).status).toBe('paid');
    expect(await f.paymentsOf(answer.order_id)).toHaveLength(1);
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 0 });
    // The browser's late second call still answers success and changes nothing.
    const late = await f.confirm(shopper, answer.order_id, handler);
    expect(late.json()).toMatchObject({ success: true, status: 'paid' });
    expect(await f.paymentsOf(answer.order_id)).toHaveLength(1);
  });

  it('a declined card fails the order and releases its stock; paying again on the same order still works', async () => {
    const item = await f.stockedItem(2);
    const { shopper, addressId } = await f.readyGuest(item, 2);
    const answer = await f.placed(shopper, addressId, item, 2);
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 2 });
    const declined = await f.pay(answer.razorpay_order_id, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(400);
    await f.webhooksDelivered();
    expect((await f.orderRow(answer.order_id)).status).toBe('payment_failed');
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 0 });

    // The shopper retries with a good card in the same dialog: the stock is still free, so it settles.
    const handler = await f.paid(answer.razorpay_order_id);
    const confirmed = await f.confirm(shopper, answer.order_id, handler);
    expect(confirmed.json()).toMatchObject({ success: true, status: 'paid' });
    await f.webhooksDelivered();
    expect(await f.stockOf(item)).toEqual({ stock: 0, reserved: 0 });
    // The order shows the payment that paid it, not the declined attempt.
    const details = OrderDetailsAnswer.parse(
      (await shopper.post('order_details', { order_id: answer.order_id })).json(),
    );
    expect(details.data.payment_id).toBe(handler.razorpay_payment_id);
    expect(details.data.history.map((h) => h.status)).toEqual(['pending_payment', 'payment_failed', 'paid']);
  });
});

describe('the Razorpay webhook', () => {
  const send = (body: string, signature: string, eventId = `evt_${Math.random().toString(36).slice(2)}`) =>
    shop.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        'x-razorpay-event-id': eventId,
      },
    });

  /** A payment.captured event for a real sandbox payment, as Razorpay would send it. */
  async function capturedEvent() {
    const item = await f.stockedItem(4);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const answer = await f.placed(shopper, addressId, item, 1);
    // Pay with the sandbox but keep its own webhooks from reaching the shop: we send the event ourselves.
    const handler = await f.paid(answer.razorpay_order_id);
    const payment = await shop.app.payments.client.fetchPayment(handler.razorpay_payment_id);
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_test',
      event: 'payment.captured',
      contains: ['payment'],
      payload: { payment: { entity: payment } },
      created_at: Math.floor(Date.now() / 1000),
    });
    return { item, answer, body };
  }

  it('refuses a bad or missing signature and changes nothing', async () => {
    const { item, body } = await capturedEvent();
    await f.webhooksDelivered();
    const before = await snapshot(item);
    const events = await shop.database.db.select().from(paymentEvents);
    for (const signature of ['', 'f'.repeat(64), createHmac('sha256', 'wrong-secret').update(body).digest('hex')]) {
      const response = await send(body, signature);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ success: false, message: 'Invalid webhook signature.' });
    }
    // A signature over different bytes (the body re-serialised) is refused too.
    const reserialised = JSON.stringify(JSON.parse(body), null, 2);
    const tampered = await send(reserialised, createHmac('sha256', SANDBOX_WEBHOOK_SECRET).update(body).digest('hex'));
    expect(tampered.statusCode).toBe(400);
    expect(await snapshot(item)).toEqual(before);
    expect(await shop.database.db.select().from(paymentEvents)).toEqual(events);
  });

  it('deduplicates by event id and handles a signed event once', async () => {
    const { answer, body } = await capturedEvent();
    await f.webhooksDelivered();
    const signature = createHmac('sha256', SANDBOX_WEBHOOK_SECRET).update(body).digest('hex');
    const first = await send(body, signature, 'evt_dedupe_test_1');
    expect(first.statusCode).toBe(200);
    const second = await send(body, signature, 'evt_dedupe_test_1');
    expect(second.statusCode).toBe(200);
    expect(second.json().message).toBe('Already handled.');
    const rows = await shop.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.providerEventId, 'evt_dedupe_test_1'));
    expect(rows).toHaveLength(1);
    expect(await f.paymentsOf(answer.order_id)).toHaveLength(1);
    const history = await shop.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, answer.order_id));
    expect(history.filter((h) => h.status === 'paid')).toHaveLength(1);
  });
});

describe('the storefront catalogue follows the stock', () => {
  it('shows a reservation at once, the same after payment, and the pieces back at expiry; as a full reload would', async () => {
    const item = await f.stockedItem(3);
    await shop.app.catalogue.refresh();
    const sizeOf = async () => {
      const answer = (await shop.post('product_detail', { product_id: item.productId })).json();
      return answer.products.sizes.find((s: { size_id: number }) => s.size_id === item.sizeId);
    };
    /** What the view answers now must be what a reload from the database answers. */
    const sameAsFullReload = async () => {
      const { catalogue } = shop.app;
      const categoryId = catalogue.view.product(item.productId)?.card.category_id as number;
      const narrow = [
        catalogue.view.productDetail(item.productId),
        catalogue.view.productsOf('category', categoryId, 1, 96),
      ];
      await catalogue.refresh();
      expect([
        catalogue.view.productDetail(item.productId),
        catalogue.view.productsOf('category', categoryId, 1, 96),
      ]).toEqual(narrow);
    };
    expect(await sizeOf()).toMatchObject({ max_quantity: 3, in_stock: true });

    const first = await f.readyGuest(item, 2);
    const two = await f.placed(first.shopper, first.addressId, item, 2);
    expect(await sizeOf()).toMatchObject({ max_quantity: 1, in_stock: true });
    await sameAsFullReload();

    await f.confirm(first.shopper, two.order_id, await f.paid(two.razorpay_order_id));
    await f.webhooksDelivered();
    expect(await f.stockOf(item)).toEqual({ stock: 1, reserved: 0 });
    expect(await sizeOf()).toMatchObject({ max_quantity: 1, in_stock: true });

    const second = await f.readyGuest(item, 1);
    const last = await f.placed(second.shopper, second.addressId, item, 1);
    expect(await sizeOf()).toMatchObject({ max_quantity: 0, in_stock: false });
    await sameAsFullReload();

    expect(await f.expireAfter(31)).toBeGreaterThanOrEqual(1);
    expect((await f.orderRow(last.order_id)).status).toBe('expired');
    expect(await sizeOf()).toMatchObject({ max_quantity: 1, in_stock: true });
    await sameAsFullReload();
  });
});

describe('expiry', () => {
  it('expires an unpaid order after the setting’s minutes and releases its stock', async () => {
    const item = await f.stockedItem(3);
    const { shopper, addressId } = await f.readyGuest(item, 2);
    const answer = await f.placed(shopper, addressId, item, 2);
    expect(await f.expireAfter(29)).toBe(0);
    expect((await f.orderRow(answer.order_id)).status).toBe('pending_payment');
    expect(await f.expireAfter(31)).toBeGreaterThanOrEqual(1);
    expect((await f.orderRow(answer.order_id)).status).toBe('expired');
    expect(await f.stockOf(item)).toEqual({ stock: 3, reserved: 0 });
    // A second sweep (another process) changes nothing more.
    await f.expireAfter(31);
    expect(await f.stockOf(item)).toEqual({ stock: 3, reserved: 0 });
  });

  it('a late payment for an expired order settles while stock allows, else it is refunded with the reason', async () => {
    const item = await f.stockedItem(1);
    const early = await f.readyGuest(item, 1);
    const first = await f.placed(early.shopper, early.addressId, item, 1);
    await f.expireAfter(31);
    expect((await f.orderRow(first.order_id)).status).toBe('expired');

    // Someone else buys the last piece meanwhile.
    const other = await f.readyGuest(item, 1);
    const second = await f.placed(other.shopper, other.addressId, item, 1);
    await f.confirm(other.shopper, second.order_id, await f.paid(second.razorpay_order_id));
    await f.webhooksDelivered();

    // The first shopper's dialog was still open: they pay late.
    const late = await f.paid(first.razorpay_order_id);
    const answer = await f.confirm(early.shopper, first.order_id, late);
    await f.webhooksDelivered();
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toMatch(/REFUNDED|NOT_ACCEPTED/);
    expect((await f.orderRow(first.order_id)).status).toBe('expired');
    const [payment] = await f.paymentsOf(first.order_id);
    expect(payment).toMatchObject({ status: 'refunded', refundedPaise: first.amount });
    expect(payment?.note).toMatch(/sold out/);
    // The shopper's order page says so in their words.
    const seen = OrderDetailsAnswer.parse(
      (await early.shopper.post('order_details', { order_id: first.order_id })).json(),
    );
    expect(seen.data.history.at(-1)?.note).toBe(
      `A payment of ₹${first.amount / 100} could not be accepted because the order had expired and its items sold out. It is being refunded in full.`,
    );
    const provider = await shop.app.payments.client.fetchPayment(late.razorpay_payment_id);
    expect(provider).toMatchObject({ status: 'refunded', amount_refunded: first.amount });
    expect(await f.stockOf(item)).toEqual({ stock: 0, reserved: 0 });

    // With stock there, a late payment settles.
    const roomy = await f.stockedItem(5);
    const third = await f.readyGuest(roomy, 2);
    const placed = await f.placed(third.shopper, third.addressId, roomy, 2);
    await f.expireAfter(31);
    await f.confirm(third.shopper, placed.order_id, await f.paid(placed.razorpay_order_id));
    await f.webhooksDelivered();
    expect((await f.orderRow(placed.order_id)).status).toBe('paid');
    expect(await f.stockOf(roomy)).toEqual({ stock: 3, reserved: 0 });
  });
});
