import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../client';
import { prepareDatabase } from '../prepare';
import { SEED_ORDERS_DOMAIN, SeedOrdersRefused, seedOrders } from './orders';

const NOW = new Date('2026-11-25T12:00:00Z');
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
  await prepareDatabase(handle, { seedDemo: true, now: NOW });
}, 120_000);
afterAll(async () => {
  await handle.close();
});

it("refuses a second history even when the first was one guest's order (no account to find it by)", async () => {
  // Seed 2's only order is a guest's, on the demo shop.
  await seedOrders(handle.db, { orders: 1, seed: 2, now: NOW });
  const [row] = (
    (await handle.db.execute(sql`SELECT
        (SELECT count(*)::int FROM users WHERE email LIKE ${`%@${SEED_ORDERS_DOMAIN}`}) AS accounts,
        (SELECT count(*)::int FROM orders WHERE address_snapshot->>'email_id' LIKE ${`%@${SEED_ORDERS_DOMAIN}`}) AS orders`)) as unknown as {
      rows: { accounts: number; orders: number }[];
    }
  ).rows;
  expect(row).toEqual({ accounts: 0, orders: 1 });
  await expect(seedOrders(handle.db, { orders: 1, seed: 3, now: NOW })).rejects.toBeInstanceOf(SeedOrdersRefused);
}, 60_000);
