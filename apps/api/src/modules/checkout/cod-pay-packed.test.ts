import { and, codPrepayments, eq, outboxMessages, payments, sandboxShiprocketShipments, taxInvoices } from '@kapaas/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from './checkout.fixtures';

/*
 * Cash on delivery to prepaid until the order ships (issue 34): a packed COD order can still be paid online, and stays
 * packed, paid; once its parcel is with the courier (a booking under way or done), the offer is withdrawn and a payment
 * that comes anyway is refunded in full. Paying and booking take the order's lock, so whichever comes first wins and
 * the other sees it: the courier is told Prepaid with nothing to collect, or the payment is given back.
 */

let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  expectStatus(
    await owner.patch('/settings', {
      cod_enabled: true,
      cod_min_order: 1,
      cod_max_order: 100_000,
      cod_fee: 49,
      cod_excluded_pins: [],
      cod_confirm_above: null,
      prepaid_discount_percent: 5,
      prepaid_discount_max: null,
      cod_pay_link_hours: 48,
    }),
    200,
  );
});

/** A guest's cash-on-delivery order of one piece, packed in the console. */
async function packedCodOrder() {
  const item = await f.stockedItem(10);
  const { shopper, addressId } = await f.readyGuest(item, 1);
  const response = await f.place(shopper, addressId, [{ item, quantity: 1 }], { payment_method: 'cod' });
  expect(response.statusCode, response.body).toBe(200);
  const orderId = response.json().order_id as number;
  expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'packed' }), 200);
  return { shopper, orderId, placed: await f.orderRow(orderId) };
}

const ship = (orderId: number) => owner.post(`/orders/${orderId}/shipment`, {});

/** The parcel the sandbox courier was asked to carry for an order. */
async function courierOrderOf(orderId: number) {
  const [row] = await db()
    .select()
    .from(sandboxShiprocketShipments)
    .where(eq(sandboxShiprocketShipments.channelOrderId, `KP-${orderId}`));
  return row;
}

/** The Razorpay order of the confirmation's payment link, from its hosted page. */
async function linkOrderOf(orderId: number) {
  const [offer] = await db()
    .select()
    .from(codPrepayments)
    .where(and(eq(codPrepayments.orderId, orderId), eq(codPrepayments.kind, 'link')));
  if (!offer?.shortUrl) throw new Error(`order ${orderId} has no payment link`);
  const page = await shop.app.inject({ method: 'GET', url: new URL(offer.shortUrl).pathname });
  const providerOrder = /data-order="(order_[A-Za-z0-9]+)"/.exec(page.body)?.[1];
  if (!providerOrder) throw new Error(`the link's page shows no order: ${page.body}`);
  return { offer, providerOrder };
}

/**
 * Holds the courier's createShipment until `release()`: the booking has claimed its shipment (under the order's lock)
 * and waits at the courier, as a slow Shiprocket would keep it. `reached` resolves once the booking is there.
 */
function holdCourierBooking() {
  const client = shop.app.courier.client;
  const real = client.createShipment;
  let release = () => {};
  let reached = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const arrived = new Promise<void>((resolve) => {
    reached = resolve;
  });
  client.createShipment = async (input) => {
    reached();
    await gate;
    return real.call(client, input);
  };
  return {
    reached: arrived,
    release: () => {
      client.createShipment = real;
      release();
    },
  };
}

const mailKeys = async (orderId: number) =>
  (await db().select({ key: outboxMessages.key }).from(outboxMessages))
    .map((row) => row.key)
    .filter((key) => key.endsWith(`:${orderId}`));

describe('a packed COD order paid online before it ships', () => {
  it('stays packed, paid online at the offer (no fee, prepaid discount, invoiced); the shopper gets the paid message, no packed one', async () => {
    const { shopper, orderId, placed } = await packedCodOrder();
    const details = async () => (await shopper.post('order_details', { order_id: orderId })).json().data;
    const offered = (await details()).pay_online;
    expect(offered).not.toBeNull();

    const started = await shopper.post('cod_pay_online', { order_id: orderId });
    expect(started.statusCode, started.body).toBe(200);
    const offer = started.json();
    expect(offer.amount).toBe(Math.round(offered.total * 100));
    expect(offer.amount).toBe(placed.totalPaise - placed.codFeePaise - offer.prepaid_discount * 100);
    const confirmed = await f.confirm(shopper, orderId, await f.paid(offer.razorpay_order_id));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ order_id: orderId, status: 'packed' });
    await f.webhooksDelivered();

    const row = await f.orderRow(orderId);
    expect(row).toMatchObject({ status: 'packed', paymentMethod: 'online', codFeePaise: 0, totalPaise: offer.amount });
    expect(row.paidAt).not.toBeNull();
    expect(await db().select().from(taxInvoices).where(eq(taxInvoices.orderId, orderId))).toHaveLength(1);
    expect(await f.paymentsOf(orderId)).toMatchObject([{ status: 'accepted', amountPaise: offer.amount }]);
    const keys = await mailKeys(orderId);
    expect(keys).toContain(`order-paid:${orderId}`);
    expect(keys.filter((key) => key.startsWith('order-packed'))).toEqual([]);
    expect((await details()).pay_online).toBeNull();

    // Booked afterwards: the courier carries a prepaid parcel, nothing to collect; the order is invoiced once.
    expectStatus(await ship(orderId), 200);
    expect(await courierOrderOf(orderId)).toMatchObject({ paymentMethod: 'Prepaid', codPaise: 0 });
    expect((await f.orderRow(orderId)).status).toBe('shipped');
    expect(await db().select().from(taxInvoices).where(eq(taxInvoices.orderId, orderId))).toHaveLength(1);
  });
});

describe('a packed COD order whose parcel is with the courier', () => {
  it('booking under way first: the offer is withdrawn, the link and the dialog paid anyway are refunded in full; the courier collects cash', async () => {
    const { shopper, orderId, placed } = await packedCodOrder();
    const { providerOrder } = await linkOrderOf(orderId);
    // The shopper opened the dialog's offer while the order was still packed and not booked.
    const opened = (await shopper.post('cod_pay_online', { order_id: orderId })).json();
    expect(opened.razorpay_order_id).toMatch(/^order_/);

    const held = holdCourierBooking();
    const booking = ship(orderId);
    await held.reached;
    try {
      expect((await shopper.post('order_details', { order_id: orderId })).json().data.pay_online).toBeNull();
      const refused = await shopper.post('cod_pay_online', { order_id: orderId });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('TOO_LATE_TO_PREPAY');

      // The link, paid while the courier books the parcel: refunded in full.
      const paid = await shop.app.inject({
        method: 'POST',
        url: '/sandbox/razorpay/test/pay',
        payload: { order_id: providerOrder, method: 'upi', vpa: 'success@razorpay' },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      await f.webhooksDelivered();
      // The dialog opened before, paid now: refused too.
      const late = await f.confirm(shopper, orderId, await f.paid(opened.razorpay_order_id));
      expect(late.statusCode).toBe(409);
      await f.webhooksDelivered();
    } finally {
      held.release();
    }
    expectStatus(await booking, 200);

    const rows = await f.paymentsOf(orderId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'refunded', refundedPaise: row.amountPaise });
      expect(row.refusalReason).toMatch(/courier/);
    }
    const order = await f.orderRow(orderId);
    expect(order).toMatchObject({ status: 'shipped', paymentMethod: 'cod', totalPaise: placed.totalPaise });
    expect(order.paidAt).toBeNull();
    expect(await courierOrderOf(orderId)).toMatchObject({ paymentMethod: 'COD', codPaise: placed.totalPaise });
    expect(await mailKeys(orderId)).not.toContain(`order-paid:${orderId}`);
  });

  it('a booking that failed at the courier still holds the parcel: a payment is refunded and the order stays COD', async () => {
    const item = await f.stockedItem(10);
    // Arunachal Pradesh: the sandbox courier serves no PIN code there, so the booking is refused.
    const { shopper, addressId } = await f.readyGuest(item, 1, { state: 'Arunachal Pradesh', pin: '791111' });
    const response = await f.place(shopper, addressId, [{ item, quantity: 1 }], { payment_method: 'cod' });
    expect(response.statusCode, response.body).toBe(200);
    const orderId = response.json().order_id as number;
    expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'packed' }), 200);
    const { providerOrder } = await linkOrderOf(orderId);
    expect(expectStatus(await ship(orderId), 409).code).toBe('COURIER_REFUSED');

    expect((await shopper.post('order_details', { order_id: orderId })).json().data.pay_online).toBeNull();
    const paid = await shop.app.inject({
      method: 'POST',
      url: '/sandbox/razorpay/test/pay',
      payload: { order_id: providerOrder, card_number: '4111 1111 1111 1111' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await f.webhooksDelivered();
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: 'refunded' });
    expect(await f.orderRow(orderId)).toMatchObject({ status: 'packed', paymentMethod: 'cod' });
  });
});

describe('paying and shipping with the courier at once', () => {
  /** Pays the order online while the owner ships it: the link (its webhook settles) or the dialog (confirmed). */
  async function payWhileShipping(round: number, orderId: number, shopper: Shopper) {
    if (round % 2 === 0) {
      const { offer, providerOrder } = await linkOrderOf(orderId);
      const [shipped, paid] = await Promise.all([
        ship(orderId),
        shop.app.inject({
          method: 'POST',
          url: '/sandbox/razorpay/test/pay',
          payload: { order_id: providerOrder, method: 'upi', vpa: 'success@razorpay' },
        }),
      ]);
      expect(paid.statusCode, paid.body).toBe(200);
      return { shipped, amountPaise: offer.amountPaise };
    }
    const offer = (await shopper.post('cod_pay_online', { order_id: orderId })).json();
    const handler = await f.paid(offer.razorpay_order_id);
    const [shipped] = await Promise.all([ship(orderId), f.confirm(shopper, orderId, handler)]);
    return { shipped, amountPaise: offer.amount as number };
  }

  it('6 times: the courier carries a prepaid parcel and the payment is kept, or a COD parcel and the payment is refunded', async () => {
    for (let round = 0; round < 6; round += 1) {
      const { shopper, orderId, placed } = await packedCodOrder();
      const { shipped, amountPaise } = await payWhileShipping(round, orderId, shopper);
      expectStatus(shipped, 200);
      await f.webhooksDelivered();
      const courier = await courierOrderOf(orderId);
      const order = await f.orderRow(orderId);
      const rows = await f.paymentsOf(orderId);
      expect(rows).toHaveLength(1);
      expect(order.status).toBe('shipped');
      // Which comes first is the database's to say (both happen, on PGlite and PostgreSQL); each ends whole.
      if (courier?.paymentMethod === 'Prepaid') {
        expect(courier.codPaise).toBe(0);
        expect(order).toMatchObject({ paymentMethod: 'online', totalPaise: amountPaise });
        expect(rows[0]).toMatchObject({ status: 'accepted', refundedPaise: 0 });
      } else {
        expect(courier).toMatchObject({ paymentMethod: 'COD', codPaise: placed.totalPaise });
        expect(order).toMatchObject({ paymentMethod: 'cod', totalPaise: placed.totalPaise });
        expect(rows[0]).toMatchObject({ status: 'refunded', refundedPaise: amountPaise });
      }
    }
  });
});
