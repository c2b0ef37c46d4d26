import { AdminReturnAnswer, ReturnDetailsAnswer, ReturnRequestAnswer } from '@kapaas/contract';
import { and, eq, sandboxShiprocketShipments, shipments } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import {
  SANDBOX_EMAIL,
  SANDBOX_PASSWORD,
  SANDBOX_PICKUP_PIN,
  SANDBOX_PREFIX,
  SANDBOX_WEBHOOK_TOKEN,
} from '../../dev/shiprocket-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import type { DeliveryPlace } from '../checkout/checkout.fixtures';
import { returnFixtures } from '../returns/returns.fixtures';
import { createShiprocketClient } from '../shiprocket/shiprocket.client';
import { bookReturnPickup } from './pickup';

/*
 * Issue 33, item 6: a reverse pickup for an approved return, booked in one click through the real Shiprocket client
 * talking to the built-in sandbox; the sandbox's tracking of that AWB receives the return when the parcel is back.
 */
let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const fx = returnFixtures(
  () => shop,
  () => owner,
);
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop?.close();
});

type Item = Awaited<ReturnType<typeof fx.twoSizes>>['item'];

/** A guest's order paid online, shipped and delivered by hand (so that any PIN code will do). */
async function delivered(item: Item, place?: DeliveryPlace) {
  const { shopper, addressId } = await fx.checkout.readyGuest(item, 1, place);
  const placed = await fx.checkout.placed(shopper, addressId, item, 1);
  const handler = await fx.checkout.paid(placed.razorpay_order_id);
  expect((await fx.checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
  await fx.checkout.webhooksDelivered();
  for (const status of ['packed', 'shipped', 'delivered']) {
    expectStatus(await owner.post(`/orders/${placed.order_id}/status`, { status }), 200);
  }
  return { shopper, orderId: placed.order_id };
}

/** The shopper asks to send one piece back; answers the return's id. */
async function askReturn(shopper: Shopper, orderId: number, item: Item, kind: 'return' | 'exchange', newSize?: number) {
  const line = { product_id: item.productId, size: item.sizeId, quantity: 1, kind, reason: 'too_small' };
  const body = { order_id: orderId, lines: [kind === 'exchange' ? { ...line, new_size: newSize } : line] };
  const response = await shopper.post('return_request', body);
  expect(response.statusCode, response.body).toBe(200);
  return ReturnRequestAnswer.parse(response.json()).return_id;
}

const bookPickup = (returnId: number) => owner.post(`/returns/${returnId}/pickup`, {});
const detail = async (returnId: number) =>
  AdminReturnAnswer.parse(expectStatus(await owner.get(`/returns/${returnId}`), 200)).data;
const pickupRows = (returnId: number) =>
  db()
    .select()
    .from(shipments)
    .where(and(eq(shipments.kind, 'return'), eq(shipments.returnId, returnId)));

/** Moves the return's parcel on in the sandbox, as its courier would, and waits for the webhooks to reach the shop. */
async function advance(awb: string, status: string, extra: Record<string, unknown> = {}) {
  const moved = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/test/advance`,
    payload: { awb, status, ...extra },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  await shop.app.courierSandbox?.deliveries.idle();
}

describe('booking a return pickup', () => {
  it('creates the courier return order once, from the shopper to the shop, though clicked twice at once', async () => {
    const { item } = await fx.twoSizes(5, 3);
    const { shopper, orderId } = await delivered(item);
    const returnId = await askReturn(shopper, orderId, item, 'return');
    expectStatus(await owner.post(`/returns/${returnId}/approve`, {}), 200);

    // Two owners at once: one books it; the other is told it is being booked (409), or, later, answered the same.
    const both = await Promise.all([bookPickup(returnId), bookPickup(returnId)]);
    const booked = both.filter((answer) => answer.statusCode === 200);
    expect(booked.length).toBeGreaterThanOrEqual(1);
    for (const answer of both.filter((a) => a.statusCode !== 200)) {
      expect(expectStatus(answer, 409).code).toBe('SHIPMENT_IN_PROGRESS');
    }
    const answers = booked.map((answer) => AdminReturnAnswer.parse(answer.json()).data);
    const pickup = answers[0]?.pickup;
    expect(pickup).toMatchObject({ status: 'booked' });
    expect(pickup?.awb).toMatch(/^\d{8,}$/);
    expect(pickup?.courier_name).toBeTruthy();
    expect(pickup?.tracking_url).toContain(pickup?.awb);
    for (const answer of answers) expect(answer.pickup?.awb).toBe(pickup?.awb);
    // Once more, later: the same pickup.
    const again = AdminReturnAnswer.parse(expectStatus(await bookPickup(returnId), 200)).data;
    expect(again.pickup?.awb).toBe(pickup?.awb);
    expect(again.status).toBe('approved');
    expect((await admin.lastAudit(owner, 'returns', returnId))?.action).toBe('book_pickup');

    const rows = await pickupRows(returnId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orderId, booking: 'booked', awb: pickup?.awb });
    // At the courier: one return order, picked up at the shopper's PIN code and going back to the shop's.
    const atCourier = await db()
      .select()
      .from(sandboxShiprocketShipments)
      .where(eq(sandboxShiprocketShipments.channelOrderId, `KPR-${returnId}`));
    expect(atCourier).toHaveLength(1);
    expect(atCourier[0]).toMatchObject({ isReturn: true, awb: pickup?.awb, paymentMethod: 'Prepaid' });
    expect(atCourier[0]?.customer.pincode).toBe('682017');
    expect(atCourier[0]?.returnTo?.pincode).toBe(SANDBOX_PICKUP_PIN);
    expect(atCourier[0]?.pickupToken).toBeTruthy();
    // The shopper reads that a courier comes for the parcel.
    const seen = ReturnDetailsAnswer.parse((await shopper.post('return_details', { return_id: returnId })).json()).data;
    expect(seen.history.map((h) => h.note).join('\n')).toContain(pickup?.awb ?? 'no AWB');
  });
});

describe("the pickup's tracking", () => {
  it('receives the return when the parcel is delivered back: its piece on sale once, repeats and late scans change nothing', async () => {
    const { item, newSizeId } = await fx.twoSizes(5, 3);
    const { shopper, orderId } = await delivered(item);
    const returnId = await askReturn(shopper, orderId, item, 'exchange', newSizeId);
    expectStatus(await owner.post(`/returns/${returnId}/approve`, {}), 200);
    const awb = AdminReturnAnswer.parse(expectStatus(await bookPickup(returnId), 200)).data.pickup?.awb ?? '';
    const before = await fx.stockOf(item.productId, item.sizeId);

    await advance(awb, 'picked_up');
    await advance(awb, 'in_transit', { repeat: 2 });
    let ret = await detail(returnId);
    expect(ret).toMatchObject({ status: 'approved', pickup: { status: 'in_transit' } });
    expect((await fx.stockOf(item.productId, item.sizeId)).stock).toBe(before.stock);

    await advance(awb, 'delivered', { repeat: 2 });
    ret = await detail(returnId);
    expect(ret).toMatchObject({ status: 'received', pickup: { status: 'delivered' }, actions: ['ship_exchange'] });
    expect((await fx.stockOf(item.productId, item.sizeId)).stock).toBe(before.stock + 1);
    expect(ret.history.at(-1)?.note).toContain(awb);

    // A scan from the way there, timestamped before the delivery, arriving after it.
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
        is_return: 1,
        scans: [],
      },
    });
    expect(late.statusCode).toBe(200);
    ret = await detail(returnId);
    expect(ret).toMatchObject({ status: 'received', pickup: { status: 'delivered' } });
    expect((await fx.stockOf(item.productId, item.sizeId)).stock).toBe(before.stock + 1);
    expect(ret.history.filter((h) => h.status === 'received')).toHaveLength(1);
    // The order itself stays delivered: the return's parcel is not the order's.
    const order = expectStatus(await owner.get(`/orders/${orderId}`), 200) as { data: { status: string } };
    expect(order.data.status).toBe('delivered');
  });

  it('ends received once when the courier’s webhooks arrive in reverse order', async () => {
    const { item } = await fx.twoSizes(5, 3);
    const { shopper, orderId } = await delivered(item);
    const returnId = await askReturn(shopper, orderId, item, 'return');
    expectStatus(await owner.post(`/returns/${returnId}/approve`, {}), 200);
    const awb = AdminReturnAnswer.parse(expectStatus(await bookPickup(returnId), 200)).data.pickup?.awb ?? '';
    const before = await fx.stockOf(item.productId, item.sizeId);
    for (const status of ['picked_up', 'in_transit', 'delivered']) await advance(awb, status, { hold: true });
    const released = await shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/test/release`,
      payload: { awb, order: 'reverse' },
    });
    expect(released.statusCode, released.body).toBe(200);
    await shop.app.courierSandbox?.deliveries.idle();
    const ret = await detail(returnId);
    expect(ret).toMatchObject({ status: 'received', pickup: { status: 'delivered' } });
    expect((await fx.stockOf(item.productId, item.sizeId)).stock).toBe(before.stock + 1);
    expect(ret.history.filter((h) => h.status === 'received')).toHaveLength(1);
  });

  it('changes nothing more when the owner marked the parcel received by hand first', async () => {
    const { item } = await fx.twoSizes(5, 3);
    const { shopper, orderId } = await delivered(item);
    const returnId = await askReturn(shopper, orderId, item, 'return');
    expectStatus(await owner.post(`/returns/${returnId}/approve`, {}), 200);
    const awb = AdminReturnAnswer.parse(expectStatus(await bookPickup(returnId), 200)).data.pickup?.awb ?? '';
    const before = await fx.stockOf(item.productId, item.sizeId);
    expectStatus(await owner.post(`/returns/${returnId}/receive`, {}), 200);
    await advance(awb, 'picked_up');
    await advance(awb, 'delivered');
    const ret = await detail(returnId);
    expect(ret).toMatchObject({ status: 'received', pickup: { status: 'delivered' } });
    expect((await fx.stockOf(item.productId, item.sizeId)).stock).toBe(before.stock + 1);
    expect(ret.history.filter((h) => h.status === 'received')).toHaveLength(1);
  });
});

describe('a pickup refused', () => {
  it('for a return not approved, in words, booking nothing', async () => {
    const { item } = await fx.twoSizes(5, 3);
    const { shopper, orderId } = await delivered(item);
    const returnId = await askReturn(shopper, orderId, item, 'return');
    const refused = expectStatus(await bookPickup(returnId), 409);
    expect(refused.message).toMatch(/approved/);
    expect(refused.message).toMatch(/requested/);
    expect(await pickupRows(returnId)).toHaveLength(0);
    expectStatus(await owner.post('/returns/999999/pickup', {}), 404);
  });

  it('for an address the courier cannot reach: its reason, the return still approved and nothing booked', async () => {
    const { item } = await fx.twoSizes(5, 3);
    const { shopper, orderId } = await delivered(item, { state: 'Arunachal Pradesh', pin: '791111' });
    const returnId = await askReturn(shopper, orderId, item, 'return');
    expectStatus(await owner.post(`/returns/${returnId}/approve`, {}), 200);
    const refused = expectStatus(await bookPickup(returnId), 409);
    expect(refused.code).toBe('COURIER_REFUSED');
    expect(refused.message).toContain('791111');
    // Pressed again at once: the courier's reason again, not "being booked right now".
    expect(expectStatus(await bookPickup(returnId), 409).code).toBe('COURIER_REFUSED');
    const ret = await detail(returnId);
    expect(ret).toMatchObject({ status: 'approved', pickup: null });
    expect((await pickupRows(returnId)).every((row) => row.booking !== 'booked')).toBe(true);
  });

  it('when the courier cannot be reached: 502 in words, and a later click books it', async () => {
    const { item } = await fx.twoSizes(5, 3);
    const { shopper, orderId } = await delivered(item);
    const returnId = await askReturn(shopper, orderId, item, 'return');
    expectStatus(await owner.post(`/returns/${returnId}/approve`, {}), 200);
    // The real client, pointed where nothing listens: the courier is down.
    const down = createShiprocketClient({
      email: SANDBOX_EMAIL,
      password: SANDBOX_PASSWORD,
      apiBase: 'http://127.0.0.1:9/v1/external',
      timeoutMs: 2_000,
    });
    const deps = { ...shop.app.deps, courier: { ...shop.app.courier, client: down } };
    await expect(bookReturnPickup(deps, returnId, 'owner@test')).rejects.toMatchObject({
      statusCode: 502,
      options: { code: 'COURIER_UNAVAILABLE' },
    });
    expect((await detail(returnId)).pickup).toBeNull();
    expect((await pickupRows(returnId)).every((row) => row.booking !== 'booked')).toBe(true);
    const booked = AdminReturnAnswer.parse(expectStatus(await bookPickup(returnId), 200)).data;
    expect(booked.pickup?.status).toBe('booked');
  });
});
