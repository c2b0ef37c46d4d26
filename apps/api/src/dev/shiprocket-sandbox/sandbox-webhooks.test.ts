import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { parseTrackingWebhook } from '../../modules/shiprocket';
import { SANDBOX_PICKUP_LOCATION, SANDBOX_PREFIX, SANDBOX_WEBHOOK_TOKEN, WEBHOOK_PATH } from './sandbox.constants';
import * as repo from './sandbox.repository';
import { createWebhookDeliverer, type WebhookDeliverer } from './sandbox.webhooks';

/*
 * The sandbox's tracking webhooks: written with the move that makes them (an outbox), sent with x-api-key, repeated,
 * held and let go out of order, kept while the shop has no receiver and sent once it has one. The shop's own
 * receiver belongs to the shipping module; here a small receiver of the test's own stands in for it, so that what
 * arrives can be seen and the route can be absent or present.
 */

let shop: TestShop;
let references = 0;
const receivers: FastifyInstance[] = [];
const deliverers: WebhookDeliverer[] = [];

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  for (const deliverer of deliverers) await deliverer.close();
  for (const receiver of receivers) await receiver.close();
  await shop.close();
});

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A receiver at the shop's webhook path answering `status`, or none at all (404) when `status` is null. */
async function receiver(status: number | null) {
  const received: Received[] = [];
  const app = Fastify();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  if (status !== null) {
    app.post(WEBHOOK_PATH, async (request, reply) => {
      received.push({ headers: request.headers, body: request.body as string });
      return reply.code(status).send({ ok: status < 300 });
    });
  }
  await app.ready();
  receivers.push(app);
  const deliverer = createWebhookDeliverer(app, shop.database.db, shop.app.log);
  deliverers.push(deliverer);
  return { received, deliverer };
}

/** A shipment booked through the real client, with its AWB. */
async function bookedAwb(): Promise<string> {
  references += 1;
  const { client } = shop.app.courier;
  const created = await client.createShipment({
    orderRef: `KP-HOOK-${references}-${Date.now()}`,
    orderDate: new Date(),
    pickupLocation: SANDBOX_PICKUP_LOCATION,
    deliverTo: {
      name: 'Ravi Kumar',
      phone: '9876501234',
      email: 'ravi@example.in',
      line1: '4 Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      pin: '700016',
    },
    items: [{ name: 'Block-print shirt', sku: 'SHI-BLK-L', units: 1, unitPricePaise: 1_499_00 }],
    paymentMethod: 'prepaid',
    totalPaise: 1_499_00,
    parcel: { weightGrams: 350, lengthCm: 28, breadthCm: 22, heightCm: 4 },
  });
  return (await client.assignAwb(created.shipmentId)).awb;
}

async function advance(body: Record<string, unknown>) {
  const response = await shop.app.inject({ method: 'POST', url: `${SANDBOX_PREFIX}/test/advance`, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const rowsOf = (awb: string) => repo.webhooksFor(shop.database.db, awb);
const statusesOf = (received: Received[]) =>
  received.map((entry) => {
    const parsed = parseTrackingWebhook(JSON.parse(entry.body));
    return parsed.ok ? parsed.update.status : parsed.problem;
  });

describe("the sandbox's tracking webhooks", () => {
  it("sends the shop's route each move with x-api-key, as the shop's own deliverer does after the answer", async () => {
    const awb = await bookedAwb();
    await advance({ awb, status: 'picked_up' });
    await shop.app.courierSandbox?.deliveries.idle();
    const [row] = await rowsOf(awb);
    // The shop's receiver is the shipping module's: it answers (200, an AWB it did not book being logged) or, before
    // that module registers it, the route is missing (404). Either way the delivery was made, once.
    expect(row?.attempts).toBe(1);
    expect([200, 404]).toContain(row?.lastStatus);

    const { received, deliverer } = await receiver(200);
    await advance({ awb, status: 'in_transit', hold: true });
    const ids = await repo.releaseHeld(shop.database.db, awb);
    deliverer.send(ids);
    await deliverer.idle();
    expect(received).toHaveLength(1);
    expect(received[0]?.headers['x-api-key']).toBe(SANDBOX_WEBHOOK_TOKEN);
    expect(received[0]?.headers['content-type']).toBe('application/json');
    const body = JSON.parse(received[0]?.body ?? '{}');
    expect(body).toMatchObject({
      awb,
      current_status: 'IN TRANSIT',
      shipment_status_id: 18,
      current_status_id: 18,
      courier_name: 'Xpressbees Surface',
      is_return: 0,
    });
    expect(body.current_timestamp).toMatch(/^\d{2} \d{2} \d{4} \d{2}:\d{2}:\d{2}$/);
    expect(body.scans.map((scan: { 'sr-status': string }) => scan['sr-status'])).toEqual(['1', '42', '18']);
    const stored = (await rowsOf(awb)).find((entry) => entry.id === ids[0]);
    expect(stored).toMatchObject({ attempts: 1, lastStatus: 200, held: false });
    expect(stored?.deliveredAt).toBeInstanceOf(Date);
  });

  it('sends a webhook twice with repeat: 2, byte for byte the same', async () => {
    const awb = await bookedAwb();
    const { received, deliverer } = await receiver(200);
    expect(await advance({ awb, status: 'picked_up', repeat: 2, hold: true })).toMatchObject({
      webhooks: 2,
      held: true,
    });
    deliverer.send(await repo.releaseHeld(shop.database.db, awb));
    await deliverer.idle();
    expect(received).toHaveLength(2);
    expect(received[0]?.body).toBe(received[1]?.body);
    expect(statusesOf(received)).toEqual(['picked_up', 'picked_up']);
  });

  it('holds updates and lets them go newest first, so that a late "in transit" arrives after "delivered"', async () => {
    const awb = await bookedAwb();
    const { received, deliverer } = await receiver(200);
    for (const status of ['picked_up', 'in_transit', 'out_for_delivery', 'delivered']) {
      await advance({ awb, status, hold: true });
    }
    expect((await rowsOf(awb)).every((row) => row.held && row.attempts === 0)).toBe(true);
    const ids = await repo.releaseHeld(shop.database.db, awb);
    deliverer.send([...ids].reverse());
    await deliverer.idle();
    expect(statusesOf(received)).toEqual(['delivered', 'out_for_delivery', 'in_transit', 'picked_up']);
    // Each update keeps its own time: the shop can tell the late one from the newest.
    const times = received.map((entry) => JSON.parse(entry.body).current_timestamp);
    expect(new Set(times).size).toBe(4);
  });

  it('lets held updates go through test/release, in the order asked', async () => {
    const awb = await bookedAwb();
    await advance({ awb, status: 'picked_up', hold: true });
    await advance({ awb, status: 'in_transit', hold: true });
    const response = await shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/test/release`,
      payload: { awb, order: 'reverse' },
    });
    expect(response.json()).toEqual({ released: 2, order: 'reverse' });
    await shop.app.courierSandbox?.deliveries.idle();
    const rows = await rowsOf(awb);
    expect(rows.every((row) => !row.held && row.attempts === 1)).toBe(true);
    const bad = await shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/test/release`,
      payload: { order: 'sideways' },
    });
    expect(bad.statusCode).toBe(422);
  });

  it('keeps a webhook the shop has no route for (404) queued, and sends it when a start finds the route', async () => {
    const awb = await bookedAwb();
    await advance({ awb, status: 'picked_up', hold: true });
    const ids = await repo.releaseHeld(shop.database.db, awb);
    const missing = await receiver(null);
    missing.deliverer.send(ids);
    await missing.deliverer.idle();
    await missing.deliverer.close();
    expect(await rowsOf(awb)).toMatchObject([{ attempts: 1, lastStatus: 404, deliveredAt: null }]);
    const owed = await repo.pendingWebhooks(shop.database.db, 3);
    expect(owed.map((row) => row.id)).toContain(ids[0]);

    // The next start has the receiver: it sends what is owed.
    const present = await receiver(200);
    await present.deliverer.resume();
    await present.deliverer.idle();
    expect(statusesOf(present.received.filter((entry) => JSON.parse(entry.body).awb === awb))).toEqual(['picked_up']);
    expect(await rowsOf(awb)).toMatchObject([{ attempts: 2, lastStatus: 200 }]);
  });

  it('keeps a webhook the shop refuses with 401 on its row, and does not send it again', async () => {
    const awb = await bookedAwb();
    await advance({ awb, status: 'picked_up', hold: true });
    const ids = await repo.releaseHeld(shop.database.db, awb);
    const refusing = await receiver(401);
    refusing.deliverer.send(ids);
    await refusing.deliverer.idle();
    expect(await rowsOf(awb)).toMatchObject([{ attempts: 1, lastStatus: 401, deliveredAt: null }]);
    expect((await repo.pendingWebhooks(shop.database.db, 3)).map((row) => row.id)).not.toContain(ids[0]);
  });

  it('lists what was written for an AWB, with how each delivery went', async () => {
    const awb = await bookedAwb();
    await advance({ awb, status: 'picked_up', hold: true, repeat: 2 });
    const response = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/test/webhooks?awb=${awb}` });
    expect(response.json()).toMatchObject([
      { awb, status_id: 42, held: true, attempts: 0, last_status: null, delivered: false, body: { awb } },
      { awb, status_id: 42, held: true, attempts: 0, last_status: null, delivered: false, body: { awb } },
    ]);
  });
});
