import { openDatabase } from '@kapaas/db';
import { admin } from '@kapaas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER } from '../src/modules/admin/admin.fixtures';
import { dailyLines, dailyNewCustomers, dailySales } from '../src/modules/reports/aggregates.fixtures';
import { boundFor } from './bounds';
import { HttpClient } from './http-client';
import { expectOk, HttpShoppers } from './http-shopping';
import { PostgresShops, type RunningShop } from './postgres-shops';

/**
 * The reports' daily aggregates (ADR 062) under two shop processes on one PostgreSQL database: both place
 * cash-on-delivery orders (confirmed at once, so sold today) at the same moment, then both consoles cancel some of
 * them at once. Every order adds to the same day's rows (today, cash on delivery; today's new customers), each in the
 * transaction of its own change, by an upsert that adds; none may be lost: the aggregates end equal to the figures
 * computed from the orders. Runs only on PostgreSQL (CI's second pass).
 */
const processes = new PostgresShops(process.env.DATABASE_URL ?? '', 'report_aggregates');
const sql = <T>(text: string, values: unknown[] = []): Promise<T[]> =>
  admin(processes.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);

/** Orders placed by each process. */
const EACH = 6;

let shops: [RunningShop, RunningShop];
const owner = new HttpClient('127.0.0.2');
/** The shoppers, from 127.0.0.131 on (each race test file keeps its own range). */
const shoppers = new HttpShoppers(sql, 131);

beforeAll(
  async () => {
    shops = (await processes.start(2)) as [RunningShop, RunningShop];
    owner.token = expectOk(await owner.console(shops[0].baseUrl, 'POST', '/login', OWNER)).token;
    const rules = { cod_enabled: true, cod_min_order: 1, cod_max_order: 100_000, cod_confirm_above: null };
    expectOk(await owner.send('PATCH', `${shops[0].baseUrl}/admin/api/settings`, rules));
    await shoppers.prepare(shops[0].baseUrl, EACH * 2);
  },
  boundFor({ operations: 20, processStarts: 2 }),
);

afterAll(async () => {
  owner.close();
  shoppers.close();
  await processes.close();
});

async function expectAggregatesEqualOrders(): Promise<void> {
  const handle = await openDatabase({ kind: 'postgres', url: processes.databaseUrl });
  try {
    const sales = await dailySales(handle.db);
    expect(sales.kept).toEqual(sales.raw);
    const lines = await dailyLines(handle.db);
    expect(lines.kept).toEqual(lines.raw);
    const customers = await dailyNewCustomers(handle.db);
    expect(customers.kept).toEqual(customers.raw);
  } finally {
    await handle.close();
  }
}

describe('the reports’ aggregates of two shop processes on one PostgreSQL database', () => {
  it('count every order both place at once, and take out every one both consoles cancel at once', async () => {
    const placing = shops.flatMap((shop) => Array.from({ length: EACH }, () => shoppers.codOrder(shop.baseUrl, 1)));
    const orders = await Promise.all(placing);
    const [today] = await sql<{ orders: number }>(
      `SELECT orders FROM report_daily_sales WHERE payment_method = 'cod' AND paid_by = ''
        AND day = ((now() AT TIME ZONE 'UTC') + interval '330 minutes')::date`,
    );
    expect(today?.orders).toBeGreaterThanOrEqual(EACH * 2);
    await expectAggregatesEqualOrders();

    // Every other order cancelled, from the two consoles in turn, all at once.
    const cancelling = orders
      .filter((_, i) => i % 2 === 0)
      .map((order, i) =>
        owner.console((shops[i % 2] as RunningShop).baseUrl, 'POST', `/orders/${order.id}/status`, {
          status: 'cancelled',
        }),
      );
    for (const answer of await Promise.all(cancelling)) expectOk(answer);
    await expectAggregatesEqualOrders();
  }, 120_000);
});
