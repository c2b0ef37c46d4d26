import { admin } from '@kapaas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresShops, type RunningShop } from './postgres-shops';

/**
 * The funnel's counts from two shop processes on one PostgreSQL add up (ADR 053): each process holds its own counts and
 * writes them with an upsert that adds, on close at the latest. Runs only on PostgreSQL (CI's second pass).
 */
const processes = new PostgresShops(process.env.DATABASE_URL ?? '', 'funnel');

async function call(shop: RunningShop, endpoint: string, body: unknown = {}): Promise<Response> {
  return fetch(`${shop.baseUrl}/api/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the funnel of two shop processes on one PostgreSQL database', () => {
  let shops: RunningShop[] = [];
  beforeAll(async () => {
    shops = await processes.start(2);
  });
  afterAll(async () => {
    await processes.close();
  });

  it("adds both processes' add-to-carts of one product and day, each written when its process stops", async () => {
    const [first, second] = shops as [RunningShop, RunningShop];
    const { product_id, size } = await inStock(first);
    // A logged-out shopper's item, added as they start as a guest: one add-to-cart each, three here and two there.
    const adds = [first, first, first, second, second].map(async (shop) => {
      const started = await call(shop, 'get_guest_id', { product_id, size, quantity: 1 });
      expect(started.status, await started.clone().text()).toBe(200);
    });
    await Promise.all(adds);
    // SIGTERM closes each app, which writes what it holds; both at once.
    await Promise.all(
      shops.map(async (shop) => {
        shop.child.kill('SIGTERM');
        await shop.exited;
      }),
    );
    const stored = await admin(processes.databaseUrl, (client) =>
      client.query('SELECT views, add_to_carts, checkouts, orders FROM funnel_counts WHERE product_id = $1', [
        product_id,
      ]),
    );
    expect(stored.rows).toEqual([{ views: 0, add_to_carts: 5, checkouts: 0, orders: 0 }]);
  });
});

/** A product of the demo shop and a size of it with at least five pieces free. */
async function inStock(shop: RunningShop): Promise<{ product_id: number; size: number }> {
  const found = await admin(processes.databaseUrl, (client) =>
    client.query(
      `SELECT ps.product_id, ps.size_id FROM product_sizes ps JOIN products p ON p.id = ps.product_id
       WHERE p.status = 'active' AND ps.stock - ps.reserved >= 5 ORDER BY ps.id LIMIT 1`,
    ),
  );
  const row = found.rows[0] as { product_id: number; size_id: number } | undefined;
  if (!row) throw new Error(`the demo shop at ${shop.baseUrl} has no size with five pieces free`);
  return { product_id: row.product_id, size: row.size_id };
}
