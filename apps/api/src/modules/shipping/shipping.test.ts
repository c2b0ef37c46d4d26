import { AdminOrderAnswer, AdminShipmentAnswer, AdminShipmentListAnswer } from '@kapaas/contract';
import { eq, outboxMessages, shipmentEvents } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX, SANDBOX_WEBHOOK_TOKEN } from '../../dev/shiprocket-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures, type DeliveryPlace } from '../checkout/checkout.fixtures';

/*
 * The courier loop through the built-in Shiprocket sandbox (issue 33): the console books a packed order with the
 * real Shiprocket client talking to the sandbox, and the sandbox's tracking webhooks move the order.
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

/** A guest's paid order, packed in the console. */
async function packedOrder(place?: DeliveryPlace) {
  const item = await checkout.stockedItem(5);
  const { shopper, addressId } = await checkout.readyGuest(item, 1, place);
  const placed = await checkout.placed(shopper, addressId, item, 1);
  const handler = await checkout.paid(placed.razorpay_order_id);
  expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
  await checkout.webhooksDelivered();
  expectStatus(await owner.post(`/orders/${placed.order_id}/status`, { status: 'packed' }), 200);
  return { orderId: placed.order_id, shopper };
}

const ship = (orderId: number) => owner.post(`/orders/${orderId}/shipment`, {});

/** Moves a parcel on in the sandbox, as the courier would, and waits for its webhooks to reach the shop. */
async function advance(awb: string, status: string, extra: Record<string, unknown> = {}) {
  const moved = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/test/advance`,
    payload: { awb, status, ...extra },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  await shop.app.courierSandbox?.deliveries.idle();
}

const orderOf = async (orderId: number) =>
  AdminOrderAnswer.parse(expectStatus(await owner.get(`/orders/${orderId}`), 200)).data;

describe('shipping an order with the courier', () => {
  it('books it once: serviceability, courier order, AWB, pickup; the order is shipped and the shopper told', async () => {
    const { orderId } = await packedOrder();
    const booked = AdminShipmentAnswer.parse(expectStatus(await ship(orderId), 200)).data;
    expect(booked).toMatchObject({ status: 'booked', attempts: 0 });
    expect(booked.awb).toMatch(/^\d{8,}$/);
    expect(booked.courier_name).toBeTruthy();
    expect(booked.tracking_url).toContain(booked.awb);
    expect(booked.label_url).toMatch(/^https?:\/\/|^\//);
    // Again, and twice at once: the same parcel.
    const again = await Promise.all([ship(orderId), ship(orderId)]);
    for (const answer of again) expect(AdminShipmentAnswer.parse(expectStatus(answer, 200)).data.awb).toBe(booked.awb);
    const order = await orderOf(orderId);
    expect(order.status).toBe('shipped');
    expect(order.shipment?.awb).toBe(booked.awb);
    const mail = await shop.database.db
      .select({ payload: outboxMessages.payload })
      .from(outboxMessages)
      .where(eq(outboxMessages.key, `order-shipped:${orderId}`));
    expect(JSON.stringify(mail[0]?.payload)).toContain(booked.awb);
  });

  it('refuses an order that is not packed, and an address no courier serves, leaving the order as it was', async () => {
    const { orderId } = await packedOrder({ state: 'Arunachal Pradesh', pin: '791111' });
    const refused = expectStatus(await ship(orderId), 409);
    expect(refused.message).toMatch(/courier/i);
    expect((await orderOf(orderId)).status).toBe('packed');
    // Pressed again at once: the courier's reason again, not "being shipped right now".
    expect(expectStatus(await ship(orderId), 409).code).toBe('COURIER_REFUSED');
    const unpacked = await packedOrder();
    expectStatus(await owner.post(`/orders/${unpacked.orderId}/status`, { status: 'shipped' }), 200);
    expect(expectStatus(await ship(unpacked.orderId), 409).message).toContain('packed');
  });
});

describe("the courier's tracking", () => {
  it('moves the order to delivered; repeated and late updates change nothing', async () => {
    const { orderId } = await packedOrder();
    const { awb } = AdminShipmentAnswer.parse(expectStatus(await ship(orderId), 200)).data;
    await advance(awb, 'picked_up');
    await advance(awb, 'in_transit', { repeat: 2 });
    await advance(awb, 'out_for_delivery');
    expect((await orderOf(orderId)).shipment?.status).toBe('out_for_delivery');
    await advance(awb, 'delivered');
    const order = await orderOf(orderId);
    expect(order.status).toBe('delivered');
    expect(order.shipment?.status).toBe('delivered');
    const events = await shop.database.db.select().from(shipmentEvents);
    const mine = events.filter((e) => e.status === 'in_transit' && JSON.stringify(e.raw).includes(awb));
    expect(mine).toHaveLength(1);
    // A scan from the way, timestamped before the delivery, arriving after it.
    const late = await shop.app.inject({
      method: 'POST',
      url: '/api/shiprocket_webhook',
      headers: { 'x-api-key': SANDBOX_WEBHOOK_TOKEN },
      payload: {
        awb,
        current_status: 'IN TRANSIT',
        current_status_id: 18,
        shipment_status_id: 18,
        current_timestamp: '01 01 2026 10:00:00',
        scans: [],
      },
    });
    expect(late.statusCode).toBe(200);
    expect(await orderOf(orderId)).toMatchObject({ status: 'delivered', shipment: { status: 'delivered' } });
  });

  it('after a failed attempt and an RTO, the order is returned to origin', async () => {
    const { orderId } = await packedOrder();
    const { awb } = AdminShipmentAnswer.parse(expectStatus(await ship(orderId), 200)).data;
    await advance(awb, 'picked_up');
    await advance(awb, 'undelivered', { reason: 'Customer refused the parcel' });
    let order = await orderOf(orderId);
    expect(order.shipment).toMatchObject({
      status: 'undelivered',
      attempts: 1,
      last_reason: 'Customer refused the parcel',
    });
    expect(order.status).toBe('shipped');
    await advance(awb, 'rto_initiated');
    await advance(awb, 'rto_delivered');
    order = await orderOf(orderId);
    expect(order.status).toBe('returned_to_origin');
    expect(order.history.map((h) => h.note).join('\n')).toContain(awb);
  });

  it('answers an unknown AWB 200, and refuses a wrong x-api-key with 401, storing nothing', async () => {
    const before = (await shop.database.db.select().from(shipmentEvents)).length;
    const body = {
      awb: '99999999999',
      current_status: 'DELIVERED',
      current_status_id: 7,
      shipment_status_id: 7,
      current_timestamp: '27 11 2026 10:00:00',
      scans: [],
    };
    const post = (key: string) =>
      shop.app.inject({ method: 'POST', url: '/api/shiprocket_webhook', headers: { 'x-api-key': key }, payload: body });
    expect((await post(SANDBOX_WEBHOOK_TOKEN)).statusCode).toBe(200);
    expect((await post('not-the-token')).statusCode).toBe(401);
    expect((await shop.database.db.select().from(shipmentEvents)).length).toBe(before);
  });
});

describe('the undelivered queue', () => {
  it('lists a failed delivery with its reason and the shopper to call; a re-attempt reaches the courier, then delivered', async () => {
    const { orderId } = await packedOrder();
    const { awb } = AdminShipmentAnswer.parse(expectStatus(await ship(orderId), 200)).data;
    await advance(awb, 'picked_up');
    await advance(awb, 'undelivered', { reason: 'Customer not available' });
    const queue = AdminShipmentListAnswer.parse(
      expectStatus(await owner.get('/shipments', { status: 'undelivered' }), 200),
    );
    const listed = queue.data.find((s) => s.awb === awb);
    expect(listed).toMatchObject({ order_id: orderId, attempts: 1, last_reason: 'Customer not available' });
    expect(listed?.phone_number).toMatch(/^\d{10}$/);
    const invalid = await owner.post(`/shipments/${awb}/ndr-action`, { action: 're-attempt', date: '30-11-2026' });
    expect(expectStatus(invalid, 400).errors?.date).toBeDefined();
    expectStatus(await owner.post(`/shipments/${awb}/ndr-action`, { action: 're-attempt', date: '2026-11-30' }), 200);
    expect((await orderOf(orderId)).history.map((h) => h.note).join('\n')).toContain(
      'to try the delivery again on 2026-11-30',
    );
    await advance(awb, 'out_for_delivery');
    await advance(awb, 'delivered');
    expect((await orderOf(orderId)).status).toBe('delivered');
    expect(expectStatus(await owner.post(`/shipments/${awb}/ndr-action`, { action: 'return' }), 409).message).toContain(
      'delivered',
    );
    expectStatus(await owner.post('/shipments/000000000000/ndr-action', { action: 'return' }), 404);
  });

  it('a return sends the parcel back: the courier starts the RTO, and back at the shop the order is returned to origin', async () => {
    const { orderId } = await packedOrder();
    const { awb } = AdminShipmentAnswer.parse(expectStatus(await ship(orderId), 200)).data;
    await advance(awb, 'picked_up');
    await advance(awb, 'undelivered', { reason: 'Address not found' });
    expectStatus(await owner.post(`/shipments/${awb}/ndr-action`, { action: 'return' }), 200);
    await shop.app.courierSandbox?.deliveries.idle();
    await advance(awb, 'rto_delivered');
    expect((await orderOf(orderId)).status).toBe('returned_to_origin');
  });
});
