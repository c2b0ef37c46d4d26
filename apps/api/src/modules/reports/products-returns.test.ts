import {
  type ProductReportRow,
  ProductsReportAnswer,
  ReturnRequestAnswer,
  ReturnsReportAnswer,
  StockReportAnswer,
} from '@kapaas/contract';
import { eq, sizes, sql } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { returnFixtures } from '../returns/returns.fixtures';
import { ist, reportFixtures } from './reports.fixtures';

let shop: TestShop;
const admin = adminFixtures(() => shop);
let staff: AdminClient;
const report = reportFixtures(
  () => shop,
  () => staff,
);
const returns = returnFixtures(
  () => shop,
  () => staff,
);
const db = () => shop.database.db;

const DAY = '2024-05-14';
const BEFORE = '2024-05-13';

type Item = Awaited<ReturnType<typeof returns.twoSizes>>;
let a: Item;
let b: Item;
/** What the test sold and saw come back, summed by itself. */
const sold = { aOrders: 0, aUnits: 0, aGoods: 0, bGoods: 0 };
let labels: { a: string; b: string; aNew: string };
let names: { a: string; b: string };

async function ask(shopper: Shopper, orderId: number, lines: unknown[]): Promise<number> {
  const response = await shopper.post('return_request', { order_id: orderId, lines });
  expect(response.statusCode, response.body).toBe(200);
  return ReturnRequestAnswer.parse(response.json()).return_id;
}

const line = (item: Item, reason: string, quantity = 1) => ({
  product_id: item.item.productId,
  size: item.item.sizeId,
  quantity,
  kind: 'return',
  reason,
});

async function labelOf(sizeId: number) {
  const [row] = await db().select({ label: sizes.label }).from(sizes).where(eq(sizes.id, sizeId));
  return row?.label ?? '';
}

async function dateReturnsOf(orderId: number, instant: Date) {
  await db().execute(sql`UPDATE return_requests SET created_at = ${instant.toISOString()}::timestamptz
    WHERE order_id = ${orderId}`);
}

beforeAll(async () => {
  shop = await startTestShop();
  staff = await admin.staff(await admin.owner());
  a = await returns.twoSizes(20, 5);
  b = await returns.twoSizes(1, 0);
  labels = { a: await labelOf(a.item.sizeId), b: await labelOf(b.item.sizeId), aNew: await labelOf(a.newSizeId) };

  // Two orders of 2 pieces of A and one of B's only piece, all delivered.
  const first = await returns.deliveredOnline(a.item, 2);
  const second = await returns.deliveredOnline(a.item, 2);
  const third = await returns.deliveredOnline(b.item, 1);
  for (const order of [first, second]) {
    sold.aOrders += 1;
    sold.aUnits += 2;
    sold.aGoods += (await report.figures(order.orderId)).goodsPaise;
  }
  sold.bGoods = (await report.figures(third.orderId)).goodsPaise;

  // A comes back too small twice (one returned, one exchanged for the next size); B too big; a rejected request of
  // the second order does not count.
  await ask(first.shopper, first.orderId, [
    line(a, 'too_small'),
    { ...line(a, 'too_small'), kind: 'exchange', new_size: a.newSizeId },
  ]);
  await ask(third.shopper, third.orderId, [line(b, 'too_big')]);
  const rejected = await ask(second.shopper, second.orderId, [line(a, 'changed_mind', 2)]);
  expectStatus(await staff.post(`/returns/${rejected}/reject`, { message: 'Worn and washed.' }), 200);

  for (const order of [first, second, third]) {
    await report.dated(order.orderId, ist(DAY, '10:00:00.000'));
    await dateReturnsOf(order.orderId, ist(DAY, '20:00:00.000'));
  }
  // The funnel's counts for A: 40 views, 8 add-to-carts and 3 checkouts on DAY; 100 views the day before.
  await db().execute(sql`INSERT INTO funnel_counts (product_id, day, views, add_to_carts, checkouts, orders)
    VALUES (${a.item.productId}, ${DAY}, 40, 8, 3, 2), (${a.item.productId}, ${BEFORE}, 100, 0, 0, 0)`);
  const productName = async (id: number) =>
    (expectStatus(await staff.get(`/products/${id}`), 200).data as { name: string }).name;
  names = { a: await productName(a.item.productId), b: await productName(b.item.productId) };
}, 180_000);
afterAll(async () => {
  await shop.close();
});

const productsReport = async (query: Record<string, string>) =>
  ProductsReportAnswer.parse(expectStatus(await staff.get('/reports/products', query), 200)).data;

describe('the products report', () => {
  it('gives each product its funnel, orders, units, revenue after discounts, returns and their rates', async () => {
    const data = await productsReport({ from: DAY, to: DAY });
    const rowOf = (id: number) => data.rows.find((row) => row.product_id === id);
    expect(rowOf(a.item.productId)).toMatchObject({
      name: names.a,
      views: 40,
      add_to_carts: 8,
      checkouts: 3,
      orders: sold.aOrders,
      units: sold.aUnits,
      revenue: sold.aGoods / 100,
      conversion: sold.aOrders / 40,
      returns: 1,
      exchanges: 1,
      return_rate: 2 / sold.aUnits,
    } satisfies Partial<ProductReportRow>);
    expect(rowOf(b.item.productId)).toMatchObject({ orders: 1, units: 1, returns: 1, return_rate: 1, views: 0 });
    expect(rowOf(b.item.productId)?.conversion).toBeNull();
    // Sorted by revenue, largest first: the two products sold lead every product that sold nothing.
    const leaders = [a.item.productId, b.item.productId].sort(
      (x, y) =>
        (x === a.item.productId ? -sold.aGoods : -sold.bGoods) - (y === a.item.productId ? -sold.aGoods : -sold.bGoods),
    );
    expect(data.rows.slice(0, 2).map((row) => row.product_id)).toEqual(leaders);
  });

  it('searches product names, sorts by any column, and sums per category', async () => {
    const found = await productsReport({ from: DAY, to: DAY, q: names.a });
    expect(found.rows.map((row) => row.product_id)).toContain(a.item.productId);
    expect(found.total).toBe(found.rows.length);
    // A search narrows the rows and changes no figure: each product's row is the one the report without it shows.
    const unsearched = await productsReport({ from: DAY, to: DAY, per_page: '100' });
    for (const [name, product] of [
      [names.a, a.item.productId],
      [names.b, b.item.productId],
    ] as const) {
      const searched = await productsReport({ from: DAY, to: DAY, q: name });
      expect(searched.rows.find((row) => row.product_id === product)).toEqual(
        unsearched.rows.find((row) => row.product_id === product),
      );
    }
    const byViews = await productsReport({ from: DAY, to: DAY, sort: 'views', per_page: '1' });
    expect(byViews.rows.map((row) => row.product_id)).toEqual([a.item.productId]);
    expect(byViews.total).toBeGreaterThan(2);
    const rowA = (await productsReport({ from: DAY, to: DAY, q: names.a })).rows[0];
    const rowB = (await productsReport({ from: DAY, to: DAY, q: names.b })).rows[0];
    const categories = await productsReport({ from: DAY, to: DAY, by: 'category', per_page: '100' });
    const ofA = categories.rows.find((row) => row.name === rowA?.category);
    const sameCategory = rowA?.category === rowB?.category;
    expect(ofA).toMatchObject({
      product_id: null,
      views: 40,
      orders: sold.aOrders + (sameCategory ? 1 : 0),
      units: sold.aUnits + (sameCategory ? 1 : 0),
      revenue: (sold.aGoods + (sameCategory ? sold.bGoods : 0)) / 100,
    });
  });

  it('refuses an unknown sort or grouping beside the field', async () => {
    const bad = expectStatus(await staff.get('/reports/products', { from: DAY, to: DAY, sort: 'price' }), 400);
    expect(Object.keys(bad.errors)).toEqual(['sort']);
    expect((await staff.get('/reports/products', { from: DAY, to: DAY, by: 'size' })).statusCode).toBe(400);
  });
});

describe('the returns report', () => {
  it('counts the pieces asked back by reason and by size, rejected requests left out', async () => {
    const data = ReturnsReportAnswer.parse(
      expectStatus(await staff.get('/reports/returns', { from: DAY, to: DAY }), 200),
    ).data;
    expect(data.totals).toEqual({ returns: 2, exchanges: 1, units: 3, sold_units: 5, return_rate: 3 / 5 });
    expect(data.previous).toMatchObject({ units: 0, return_rate: null });
    const reason = (name: string) => data.by_reason.find((row) => row.reason === name);
    expect(reason('too_small')).toEqual({
      reason: 'too_small',
      label: 'Too small',
      returns: 1,
      exchanges: 1,
      units: 2,
    });
    expect(reason('too_big')).toMatchObject({ returns: 1, units: 1 });
    expect(reason('changed_mind')).toMatchObject({ units: 0 });
    // Sizes summed by label, as the test bought them.
    const expected = new Map<
      string,
      { sold_units: number; returned_units: number; too_small: number; too_big: number }
    >();
    const add = (
      label: string,
      figures: { sold_units: number; returned_units: number; too_small: number; too_big: number },
    ) => {
      const found = expected.get(label) ?? { sold_units: 0, returned_units: 0, too_small: 0, too_big: 0 };
      for (const key of Object.keys(figures) as (keyof typeof figures)[]) found[key] += figures[key];
      expected.set(label, found);
    };
    add(labels.a, { sold_units: 4, returned_units: 2, too_small: 2, too_big: 0 });
    add(labels.b, { sold_units: 1, returned_units: 1, too_small: 0, too_big: 1 });
    for (const [label, figures] of expected) {
      expect(data.by_size.find((row) => row.size === label)).toMatchObject(figures);
    }
    // The demo shop's reviews may already say A runs small: the count is theirs, all time.
    const stats = await db().execute(sql`SELECT runs_small FROM review_stats WHERE product_id = ${a.item.productId}`);
    const fit = (stats as unknown as { rows: { runs_small: number }[] }).rows[0]?.runs_small ?? 0;
    expect(data.runs_small).toEqual([
      {
        product_id: a.item.productId,
        name: names.a,
        sold_units: 4,
        too_small: 2,
        too_small_share: 0.5,
        fit_runs_small: fit,
      },
    ]);
  });
});

describe('the stock report', () => {
  it('gives each size what is left, the sell-through and days of cover at the period’s pace', async () => {
    const data = StockReportAnswer.parse(
      expectStatus(await staff.get('/reports/stock', { from: DAY, to: DAY, q: names.a }), 200),
    ).data;
    const ofA = data.rows.filter((row) => row.product_id === a.item.productId);
    // 20 on the shelf less 4 sold leaves 16; 4 a day lasts 4 days: selling out. The next size holds 1 for the exchange.
    // A's other sizes (the demo product has more) sold nothing in the period and follow.
    expect(ofA.slice(2).every((row) => row.sold === 0 && row.days_of_cover === null)).toBe(true);
    expect(ofA.slice(0, 2)).toEqual([
      {
        product_id: a.item.productId,
        name: names.a,
        size: labels.a,
        stock: 16,
        sold: 4,
        sell_through: 0.2,
        days_of_cover: 4,
        sold_out: false,
        selling_out: true,
      },
      {
        product_id: a.item.productId,
        name: names.a,
        size: labels.aNew,
        stock: 4,
        sold: 0,
        sell_through: 0,
        days_of_cover: null,
        sold_out: false,
        selling_out: false,
      },
    ]);
    expect(data.selling_out_sizes).toBeGreaterThanOrEqual(1);
  });

  it('lists the sizes sold out, and takes the last 30 days without a period', async () => {
    const soldOut = StockReportAnswer.parse(
      expectStatus(await staff.get('/reports/stock', { only: 'sold_out', q: names.b }), 200),
    ).data;
    // B's two sizes, which the fixture emptied: its other sizes keep the demo's stock, which may be none (the fixture
    // picks a product of a returnable category, ADR 058, and some of those are sold out in a third size).
    const bSizes = [labels.b, await labelOf(b.newSizeId)];
    const bRows = soldOut.rows.filter((row) => row.product_id === b.item.productId && bSizes.includes(row.size));
    expect(bRows.map((row) => row.sold_out)).toEqual([true, true]);
    expect(soldOut.sold_out_sizes).toBeGreaterThanOrEqual(2);
    // A page past the last has no row, and the shop's counts all the same.
    const beyond = StockReportAnswer.parse(
      expectStatus(await staff.get('/reports/stock', { only: 'sold_out', q: names.b, page: 1000 }), 200),
    ).data;
    expect(beyond).toMatchObject({
      rows: [],
      sold_out_sizes: soldOut.sold_out_sizes,
      selling_out_sizes: soldOut.selling_out_sizes,
    });
    expect(soldOut.rows.every((row) => row.sold_out)).toBe(true);
    const [from, to] = [soldOut.from, soldOut.to].map((day) => Date.parse(`${day}T00:00:00Z`));
    expect(((to as number) - (from as number)) / 86_400_000).toBe(29);
    expect(expectStatus(await staff.get('/reports/stock', { from: DAY }), 400).errors).toHaveProperty('to');
  });
});
