import { AdminShipmentAnswer, OrderDetailsAnswer, TrackOrderAnswer } from '@kapaas/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX } from '../../dev/shiprocket-sandbox/sandbox.constants';
import { DEFAULT_LIMITS } from '../../lib/rate-limit';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from '../checkout/checkout.fixtures';

/*
 * The shopper sees the parcel (issue 33, item 5): order_details' `shipment` and the public track_order, answered from
 * what the Shiprocket sandbox's tracking webhooks told the shop.
 */
let shop: TestShop;
const admin = adminFixtures(() => shop);
const checkout = checkoutFixtures(() => shop);
let owner: AdminClient;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop?.close();
});

let households = 0;

/** A guest's paid order to a phone number of its own, packed in the console. */
async function packedOrder() {
  households += 1;
  const phone = `9123${String(households).padStart(6, '0')}`;
  const item = await checkout.stockedItem(5);
  const { shopper, addressId } = await checkout.readyGuest(item, 1, {
    state: 'Kerala',
    pin: '682001',
    phone,
  });
  const placed = await checkout.placed(shopper, addressId, item, 1);
  const handler = await checkout.paid(placed.razorpay_order_id);
  expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
  await checkout.webhooksDelivered();
  expectStatus(await owner.post(`/orders/${placed.order_id}/status`, { status: 'packed' }), 200);
  return { orderId: placed.order_id, shopper, phone };
}

async function shipped() {
  const order = await packedOrder();
  const { awb } = AdminShipmentAnswer.parse(
    expectStatus(await owner.post(`/orders/${order.orderId}/shipment`, {}), 200),
  ).data;
  return { ...order, awb };
}

/** Moves a parcel on in the sandbox, as the courier would, and waits for its webhooks to reach the shop. */
async function advance(awb: string, status: string) {
  const moved = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/test/advance`,
    payload: { awb, status },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  await shop.app.courierSandbox?.deliveries.idle();
}

const track = (body: Record<string, unknown>, remoteAddress = '203.0.113.7') =>
  shop.app.inject({ method: 'POST', url: '/api/track_order', payload: body, remoteAddress });

describe("order_details' shipment", () => {
  it('is null before the parcel is booked, then the courier, AWB, link and events oldest first', async () => {
    const { orderId, shopper } = await packedOrder();
    const before = OrderDetailsAnswer.parse((await shopper.post('order_details', { order_id: orderId })).json());
    expect(before.data.shipment).toBeNull();

    const { awb } = AdminShipmentAnswer.parse(
      expectStatus(await owner.post(`/orders/${orderId}/shipment`, {}), 200),
    ).data;
    await advance(awb, 'picked_up');
    await advance(awb, 'in_transit');
    await advance(awb, 'out_for_delivery');
    const answer = (await shopper.post('order_details', { order_id: orderId })).json();
    const { data } = OrderDetailsAnswer.parse(answer);
    expect(data.shipment).toMatchObject({ awb, status: 'out_for_delivery' });
    expect(data.shipment?.courier_name).toBeTruthy();
    expect(data.shipment?.tracking_url).toContain(awb);
    const events = data.shipment?.events ?? [];
    expect(events.map((event) => event.status)).toEqual(['picked_up', 'in_transit', 'out_for_delivery']);
    const times = events.map((event) => Date.parse(event.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The shop's words only: no courier payload, no reason, nothing else of the courier's.
    for (const event of answer.data.shipment.events)
      expect(Object.keys(event).sort()).toEqual(['at', 'location', 'status']);
  });
});

describe('track_order', () => {
  it("answers the order's status and its parcel to its number and phone, and nothing personal", async () => {
    const { orderId, phone, awb } = await shipped();
    await advance(awb, 'picked_up');
    const answer = await track({ order_id: orderId, phone_number: phone });
    expect(answer.statusCode, answer.body).toBe(200);
    const { data } = TrackOrderAnswer.parse(answer.json());
    expect(data).toMatchObject({ order_id: orderId, status: 'shipped', shipment: { awb, status: 'picked_up' } });
    expect(data.shipment?.events.map((event) => event.status)).toEqual(['picked_up']);
    expect(Object.keys(answer.json().data).sort()).toEqual([
      'created_date',
      'delivery_by',
      'order_id',
      'shipment',
      'status',
    ]);
    expect(answer.body).not.toContain(phone);
    // The order number as the storefront's form sends it, a string.
    expect((await track({ order_id: String(orderId), phone_number: phone })).statusCode).toBe(200);
  });

  it('answers a wrong phone exactly as an unknown order: 404, the same message', async () => {
    const { orderId } = await shipped();
    const wrongPhone = await track({ order_id: orderId, phone_number: '9000000001' });
    const unknown = await track({ order_id: 999_999, phone_number: '9000000001' });
    expect(wrongPhone.statusCode).toBe(404);
    expect(wrongPhone.json()).toEqual(unknown.json());
  });

  it('puts a clear error beside each field of a bad request', async () => {
    const answer = await track({ order_id: 'abc', phone_number: '12345' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toMatchObject({
      order_id: ['Enter your order number: the digits after # in your order e-mail.'],
      phone_number: ['Phone number must be 10 digits'],
    });
  });

  it('answers an order not yet booked with a courier with its status and no parcel', async () => {
    const { orderId, phone } = await packedOrder();
    const { data } = TrackOrderAnswer.parse((await track({ order_id: orderId, phone_number: phone })).json());
    expect(data).toMatchObject({ order_id: orderId, status: 'packed', shipment: null });
  });
});

describe("track_order's limit", () => {
  it('refuses a client address past its tries with 429 and Retry-After, counting wrong guesses, not other addresses', async () => {
    const limited = await startTestShop({
      limits: { ...DEFAULT_LIMITS, trackOrdersPerAddress: { max: 2, windowSeconds: 3600 } },
    });
    try {
      const ask = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/track_order',
          payload: { order_id: 999_999, phone_number: '9000000001' },
          remoteAddress,
        });
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await ask('198.51.100.1')).statusCode);
      expect(codes).toEqual([404, 404, 429]);
      const refused = await ask('198.51.100.1');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await ask('198.51.100.2')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
