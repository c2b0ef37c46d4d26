import { admin } from '@kapaas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_WEBHOOK_TOKEN } from '../src/dev/shiprocket-sandbox/sandbox.constants';
import { OWNER } from '../src/modules/admin/admin.fixtures';
import { boundFor } from './bounds';
import { HttpClient, type JsonAnswer } from './http-client';
import { expectOk, HttpShoppers } from './http-shopping';
import { PostgresShops, type RunningShop } from './postgres-shops';

/**
 * Issue 33: the same Shiprocket tracking webhook reaching two shop processes at the same moment (a retry racing the
 * first delivery, behind a load balancer) is applied once (runs only on PostgreSQL, CI's second pass). The orders are
 * placed, paid, packed and booked with the courier over HTTP; the courier is the built-in Shiprocket sandbox, whose
 * state both processes share in the database. The checks read the database.
 */
const processes = new PostgresShops(process.env.DATABASE_URL ?? '', 'shipping_race');
const sql = <T>(text: string, values: unknown[] = []): Promise<T[]> =>
  admin(processes.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);

/** Parcels each reported delivered to both processes at once. */
const ROUNDS = 4;

let shopA: RunningShop;
let shopB: RunningShop;
const owner = new HttpClient('127.0.0.2');
const courier = new HttpClient('127.0.0.5');
const shoppers = new HttpShoppers(sql, 31);

beforeAll(
  async () => {
    [shopA, shopB] = (await processes.start(2)) as [RunningShop, RunningShop];
    owner.token = expectOk(await owner.console(shopA.baseUrl, 'POST', '/login', OWNER)).token;
    await shoppers.prepare(shopA.baseUrl, ROUNDS);
  },
  boundFor({ operations: 40, processStarts: 2 }),
);

afterAll(async () => {
  owner.close();
  courier.close();
  shoppers.close();
  await processes.close();
});

/** An order paid, packed and booked with the courier through `shop`; answers its id and AWB. */
async function bookedOrder(shop: RunningShop) {
  const order = await shoppers.paidOrder(shop.baseUrl, 1);
  expectOk(await owner.console(shop.baseUrl, 'POST', `/orders/${order.id}/status`, { status: 'packed' }));
  const shipment = expectOk(await owner.console(shop.baseUrl, 'POST', `/orders/${order.id}/shipment`, {})).data;
  return { orderId: order.id, awb: shipment.awb as string };
}

/** Shiprocket's "delivered" update for a parcel, as it posts it, with the token set in its panel. */
function deliveredWebhook(shop: RunningShop, awb: string): Promise<JsonAnswer> {
  return courier.sendWith(
    `${shop.baseUrl}/api/shiprocket_webhook`,
    { 'x-api-key': SANDBOX_WEBHOOK_TOKEN },
    {
      awb,
      current_status: 'DELIVERED',
      current_status_id: 7,
      shipment_status_id: 7,
      current_timestamp: '28 11 2026 11:30:00',
      scans: [{ date: '2026-11-28 11:30:00', activity: 'Delivered', location: 'Kochi' }],
    },
  );
}

describe('one tracking webhook reaching two processes at once (PostgreSQL)', () => {
  it(
    `is applied once, ${ROUNDS} times: one event, the order delivered once, the shopper told once`,
    async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const { orderId, awb } = await bookedOrder(round % 2 ? shopB : shopA);
        const answers = await Promise.all([deliveredWebhook(shopA, awb), deliveredWebhook(shopB, awb)]);
        expect(answers.map((a) => a.status)).toEqual([200, 200]);
        const events = await sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM shipment_events e JOIN shipments s ON s.id = e.shipment_id
            WHERE s.awb = $1 AND e.status = 'delivered'`,
          [awb],
        );
        expect(events[0]?.n).toBe(1);
        const [order] = await sql<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
        expect(order?.status).toBe('delivered');
        const moves = await sql<{ n: number }>(
          `SELECT count(*)::int AS n FROM order_events WHERE order_id = $1 AND status = 'delivered'`,
          [orderId],
        );
        expect(moves[0]?.n).toBe(1);
        const told = await sql<{ n: number }>('SELECT count(*)::int AS n FROM outbox_messages WHERE key = $1', [
          `order-delivered:${orderId}`,
        ]);
        expect(told[0]?.n).toBe(1);
      }
    },
    boundFor({ operations: 30 * ROUNDS }),
  );
});
