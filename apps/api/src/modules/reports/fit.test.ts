import {
  AdminSizeChartAnswer,
  FIT_REPORT_SORTS,
  FitReportAnswer,
  type FitReportRow,
  OrderCreatedAnswer,
  ReturnRequestAnswer,
  ReviewListAnswer,
  SizeAdviceAnswer,
} from '@kapaas/contract';
import { asc, eq, inArray, products, sizes, sql } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { returnFixtures } from '../returns/returns.fixtures';
import { reviewOf } from '../reviews/reviews.fixtures';
import { fitFigures, fitFiguresWhole } from './fit.repository';
import { periodOf } from './period';
import { ist, reportFixtures } from './reports.fixtures';

let shop: TestShop;
const admin = adminFixtures(() => shop);
let owner: AdminClient;
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

const DAY = '2024-06-11';
const BEFORE = '2024-06-03';

type Item = Awaited<ReturnType<typeof returns.twoSizes>>;
/**
 * A: most buyers say it runs small, and its pieces come back too small. B: its pieces come back too big. C: bought
 * after "find my size".
 */
let a: Item;
let b: Item;
let c: Item;
let names: { a: string; b: string; c: string };

/** What the test did to A's first size and B's first size, counted by itself as it went. */
const counted = {
  a: { delivered: 0, returned: 0, exchanged: 0, too_small: 0, too_big: 0 },
  b: { delivered: 0, returned: 0, exchanged: 0, too_small: 0, too_big: 0 },
  aFit: { runs_small: 0, true_to_size: 0, runs_large: 0 },
  c: { advices: 0, advice_bought: 0, advice_kept: 0 },
};

async function ask(shopper: Shopper, orderId: number, lines: unknown[]): Promise<number> {
  const response = await shopper.post('return_request', { order_id: orderId, lines });
  expect(response.statusCode, response.body).toBe(200);
  return ReturnRequestAnswer.parse(response.json()).return_id;
}

const line = (item: Item, reason: string, quantity = 1, kind: 'return' | 'exchange' = 'return') => ({
  product_id: item.item.productId,
  size: item.item.sizeId,
  quantity,
  kind,
  reason,
  ...(kind === 'exchange' ? { new_size: item.newSizeId } : {}),
});

/** A product in two sizes that nobody has reviewed yet (the demo's buyers reviewed some), so its fit is the test's. */
async function unreviewed(bought: number, spare: number): Promise<Item> {
  for (;;) {
    const item = await returns.twoSizes(bought, spare);
    const list = ReviewListAnswer.parse((await shop.post('review_list', { product_id: item.item.productId })).json());
    if (list.count === 0) return item;
  }
}

/** The orders to date once their returns are asked (dated first, a return window would have closed). */
const toDate: { orderId: number; day: string }[] = [];

/** An order of A or B delivered, to be dated on `day`; its pieces counted as delivered in the period. */
async function delivered(item: Item, quantity: number, key: 'a' | 'b', day = DAY) {
  const order = await returns.deliveredOnline(item.item, quantity);
  toDate.push({ orderId: order.orderId, day });
  if (day === DAY) counted[key].delivered += quantity;
  return order;
}

async function review(shopper: Shopper, productId: number, fit: 'runs_small' | 'true_to_size' | 'runs_large') {
  expectStatus(await shopper.post('review_add', reviewOf(productId, 4, fit)), 200);
  counted.aFit[fit] += 1;
}

/** A's own chart: heights 50, 61, 68, 77 cm and weights 3, 5.5, 7.5, 10 kg at the start of its four sizes. */
async function chartForA() {
  const four = await db().select({ id: sizes.id }).from(sizes).orderBy(asc(sizes.sortOrder), asc(sizes.id)).limit(4);
  const starts = [
    { height: [50, 60], weight: [3, 5.4] },
    { height: [61, 67], weight: [5.5, 7.4] },
    { height: [68, 76], weight: [7.5, 9.9] },
    { height: [77, 82], weight: [10, 11] },
  ];
  const rows = four.map((size, i) => ({
    size_id: size.id,
    age_min_months: i * 3,
    age_max_months: i * 3 + 3,
    height_min_cm: starts[i]?.height[0],
    height_max_cm: starts[i]?.height[1],
    weight_min_kg: starts[i]?.weight[0],
    weight_max_kg: starts[i]?.weight[1],
    chest_cm: 40 + i * 2,
    length_cm: 30 + i * 3,
  }));
  const saved = await shop.app.inject({
    method: 'PUT',
    url: `/admin/api/size-charts/product/${a.item.productId}`,
    headers: { authorization: `Bearer ${staff.token}` },
    payload: { rows },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A: 6 pieces delivered in the period, 3 sent back too small (one rejected, one for another reason). */
async function historyOfA() {
  const first = await delivered(a, 2, 'a');
  const second = await delivered(a, 2, 'a');
  const third = await delivered(a, 1, 'a');
  const fourth = await delivered(a, 1, 'a');
  await ask(first.shopper, first.orderId, [line(a, 'too_small'), line(a, 'too_small', 1, 'exchange')]);
  counted.a.returned += 1;
  counted.a.exchanged += 1;
  counted.a.too_small += 2;
  await ask(third.shopper, third.orderId, [line(a, 'too_small')]);
  counted.a.returned += 1;
  counted.a.too_small += 1;
  // Not a size reason: not counted as a size return.
  await ask(fourth.shopper, fourth.orderId, [line(a, 'changed_mind')]);
  // Rejected: does not count.
  const rejected = await ask(second.shopper, second.orderId, [line(a, 'too_small', 2)]);
  expectStatus(await staff.post(`/returns/${rejected}/reject`, { message: 'Worn and washed.' }), 200);
  // Sold and delivered the week before, and sent back too small: outside the period.
  const early = await delivered(a, 1, 'a', BEFORE);
  await ask(early.shopper, early.orderId, [line(a, 'too_small')]);
  // Paid in the period but not delivered yet: sold, not delivered.
  const waiting = await report.online({ item: a.item });
  toDate.push({ orderId: waiting.orderId, day: DAY });
  // Three buyers' reviews: two say it runs small.
  await review(first.shopper, a.item.productId, 'runs_small');
  await review(third.shopper, a.item.productId, 'runs_small');
  await review(fourth.shopper, a.item.productId, 'true_to_size');
}

/** B: 3 pieces delivered, all sent back too big (one returned, two exchanged); no reviews. */
async function historyOfB() {
  const order = await delivered(b, 3, 'b');
  await ask(order.shopper, order.orderId, [line(b, 'too_big'), line(b, 'too_big', 2, 'exchange')]);
  counted.b.returned += 1;
  counted.b.exchanged += 2;
  counted.b.too_big += 3;
}

/** C's own chart: its first size for ages 0–6 months, its second for 7–12, in the sizes' order. */
async function chartForC() {
  const two = await db()
    .select({ id: sizes.id })
    .from(sizes)
    .where(inArray(sizes.id, [c.item.sizeId, c.newSizeId]))
    .orderBy(asc(sizes.sortOrder), asc(sizes.id));
  const rows = two.map((size, i) => ({
    size_id: size.id,
    age_min_months: i * 7,
    age_max_months: i === 0 ? 6 : 12,
    height_min_cm: 50 + i * 12,
    height_max_cm: 61 + i * 12,
    weight_min_kg: 3 + i * 3,
    weight_max_kg: 5.9 + i * 3,
    chest_cm: 40 + i * 2,
    length_cm: 30 + i * 3,
  }));
  const saved = await shop.app.inject({
    method: 'PUT',
    url: `/admin/api/size-charts/product/${c.item.productId}`,
    headers: { authorization: `Bearer ${staff.token}` },
    payload: { rows },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // The age that names C's first size.
  return two[0]?.id === c.item.sizeId ? 3 : 10;
}

/** A guest asks "find my size" for C and is told its first size; the advice is dated on `day`. */
async function advised(shopper: Shopper, age: number, day = DAY): Promise<number> {
  const response = await shopper.post('size_advice', { product_id: c.item.productId, age_months: age });
  const advice = SizeAdviceAnswer.parse(expectStatus(response, 200));
  expect(advice.size_id).toBe(c.item.sizeId);
  const id = advice.advice_id ?? 0;
  await db().execute(sql`UPDATE size_advices SET created_at = ${ist(day, '10:00:00.000').toISOString()}::timestamptz
    WHERE id = ${id}`);
  if (day === DAY) counted.c.advices += 1;
  return id;
}

/** A guest told C's first size adds it with the advice, and pays; delivered unless told. */
async function boughtAfterAdvice(age: number, until: 'paid' | 'delivered') {
  const shopper = await shop.guest();
  const adviceId = await advised(shopper, age);
  const added = await shopper.post('add_cart', {
    product_id: c.item.productId,
    size: c.item.sizeId,
    quantity: 1,
    advice_id: adviceId,
  });
  expect(added.statusCode, added.body).toBe(200);
  const addressId = await returns.checkout.addressOf(shopper);
  const placed = await returns.checkout.place(shopper, addressId, [{ item: c.item, quantity: 1 }]);
  const order = OrderCreatedAnswer.parse(expectStatus(placed, 200));
  const handler = await returns.checkout.paid(order.razorpay_order_id);
  expect((await returns.checkout.confirm(shopper, order.order_id, handler)).statusCode).toBe(200);
  await returns.checkout.webhooksDelivered();
  if (until === 'delivered') {
    for (const status of ['packed', 'shipped', 'delivered']) {
      expectStatus(await staff.post(`/orders/${order.order_id}/status`, { status }), 200);
    }
  }
  toDate.push({ orderId: order.order_id, day: DAY });
  counted.c.advice_bought += 1;
  return { shopper, orderId: order.order_id };
}

/**
 * C: four advices in the period and one the week before. Of the four, one bought and kept, one bought and sent back
 * too small, one bought and not delivered yet, one never bought.
 */
async function historyOfC() {
  const age = await chartForC();
  await boughtAfterAdvice(age, 'delivered');
  counted.c.advice_kept += 1;
  const back = await boughtAfterAdvice(age, 'delivered');
  await ask(back.shopper, back.orderId, [line(c, 'too_small')]);
  await boughtAfterAdvice(age, 'paid');
  await advised(await shop.guest(), age);
  await advised(await shop.guest(), age, BEFORE);
}

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  staff = await admin.staff(owner);
  a = await unreviewed(30, 5);
  b = await unreviewed(10, 5);
  c = await unreviewed(20, 5);
  const nameOf = async (id: number) =>
    (await db().select({ name: products.name }).from(products).where(eq(products.id, id)))[0]?.name ?? '';
  names = { a: await nameOf(a.item.productId), b: await nameOf(b.item.productId), c: await nameOf(c.item.productId) };
  await chartForA();
  await historyOfA();
  await historyOfB();
  await historyOfC();
  for (const { orderId, day } of toDate) await report.dated(orderId, ist(day, '11:00:00.000'));
}, 240_000);
afterAll(async () => {
  await shop.close();
});

const fitReport = async (query: Record<string, string>) =>
  FitReportAnswer.parse(expectStatus(await staff.get('/reports/fit', { from: DAY, to: DAY, ...query }), 200)).data;

/** A rate as the reports give it: four decimals. */
const fourPlaces = (rate: number) => Math.round(rate * 10_000) / 10_000;

const rowOf = async (item: Item, name: string): Promise<FitReportRow> => {
  const row = (await fitReport({ q: name })).rows.find((one) => one.product_id === item.item.productId);
  if (!row) throw new Error(`${name} is not in the fit report`);
  return row;
};

describe('the fit report', () => {
  it("counts each size's delivered pieces and those sent back too small or too big, with their rates", async () => {
    const rowA = await rowOf(a, names.a);
    const sizeA = rowA.sizes.find((size) => size.size_id === a.item.sizeId);
    const expected = {
      ...counted.a,
      return_rate: fourPlaces(counted.a.returned / counted.a.delivered),
      exchange_rate: fourPlaces(counted.a.exchanged / counted.a.delivered),
      size_return_rate: fourPlaces((counted.a.returned + counted.a.exchanged) / counted.a.delivered),
    };
    expect(sizeA).toMatchObject(expected);
    // A's only size sold is its first, so the product's figures are the size's.
    expect(rowA).toMatchObject(expected);
    const rowB = await rowOf(b, names.b);
    expect(rowB).toMatchObject({ ...counted.b, return_rate: fourPlaces(1 / 3), size_return_rate: 1 });
  });

  it("gives the reviews' fit answers per product and per size of the line reviewed", async () => {
    const rowA = await rowOf(a, names.a);
    expect(rowA.fit).toEqual(counted.aFit);
    expect(rowA.sizes.find((size) => size.size_id === a.item.sizeId)?.fit).toEqual(counted.aFit);
    expect((await rowOf(b, names.b)).fit).toEqual({ runs_small: 0, true_to_size: 0, runs_large: 0 });
  });

  it('flags a product most buyers call small, with a correction from its own chart', async () => {
    const rowA = await rowOf(a, names.a);
    expect(rowA.flag).toBe('runs_small');
    expect(rowA.flag_basis).toEqual(['reviews', 'returns']);
    // The chart's sizes start 11, 7 and 9 cm apart (median 9: half is 4.5, so 5 cm) and 2.5, 2 and 2.5 kg apart
    // (median 2.5: half is 1.25, so 1.3 kg).
    expect(rowA.correction).toMatchObject({ chart: 'product', direction: 'down', height_cm: 5, weight_kg: 1.3 });
    expect(rowA.correction?.words).toContain('Buyers find it small');
    expect(rowA.correction?.words).toContain('down by about 5 cm');
  });

  it('flags a product whose pieces come back too big from its returns alone, with its category’s chart', async () => {
    const rowB = await rowOf(b, names.b);
    expect(rowB).toMatchObject({ flag: 'runs_large', flag_basis: ['returns'] });
    const [product] = await db().select().from(products).where(eq(products.id, b.item.productId));
    const chart = AdminSizeChartAnswer.parse(
      expectStatus(await staff.get(`/size-charts/category/${product?.categoryId}`), 200),
    ).data;
    if (chart.rows.length > 1) expect(rowB.correction).toMatchObject({ chart: 'category', direction: 'up' });
    else expect(rowB.correction).toMatchObject({ chart: chart.rows.length === 1 ? 'category' : null, height_cm: null });
  });

  it('counts the "find my size" advice made in the period, bought with it, and kept', async () => {
    const rowC = await rowOf(c, names.c);
    const expected = { ...counted.c, advice_kept_share: fourPlaces(counted.c.advice_kept / counted.c.advices) };
    expect(rowC).toMatchObject(expected);
    expect(rowC.sizes.find((size) => size.size_id === c.item.sizeId)).toMatchObject(expected);
    // The piece sent back too small after the advice counts as a size return too.
    expect(rowC).toMatchObject({ delivered: 2, returned: 1, too_small: 1 });
    // A and B were bought without advice.
    expect(await rowOf(a, names.a)).toMatchObject({ advices: 0, advice_bought: 0, advice_kept: 0 });
  });

  it('sorts by the size-return rate by default, searches names, and refuses an unknown sort beside the field', async () => {
    const all = await fitReport({ per_page: '100' });
    const rates = all.rows.map((row) => row.size_return_rate ?? -1);
    expect(rates).toEqual([...rates].sort((x, y) => y - x));
    // B's every piece came back: nothing in the period can come before it.
    expect(all.rows[0]?.size_return_rate).toBe(1);
    const found = await fitReport({ q: names.b });
    expect(found.rows.every((row) => row.name.toLowerCase().includes(names.b.toLowerCase()))).toBe(true);
    const bad = expectStatus(await staff.get('/reports/fit', { from: DAY, to: DAY, sort: 'price' }), 400);
    expect(Object.keys(bad.errors)).toEqual(['sort']);
  });

  it('answers every page of every sort from the products with its figure first as from every product', async () => {
    const period = periodOf(DAY, DAY);
    let fromLead = 0;
    for (const sort of FIT_REPORT_SORTS.flatMap((name) => [name, `-${name}` as const])) {
      for (const perPage of [1, 2, 5]) {
        for (let page = 1; page <= 6; page++) {
          const query = { sort, page, per_page: perPage };
          const whole = await fitFiguresWhole(db(), period, query);
          expect(await fitFigures(db(), period, query), `${sort} page ${page} of ${perPage}`).toEqual(whole);
          if (sort === 'size_return_rate' && (whole[0]?.delivered ?? 0) > 0) fromLead += 1;
        }
      }
    }
    // The first pages by size-return rate hold products with pieces delivered: the lead answered them.
    expect(fromLead).toBeGreaterThan(0);
  });

  it('is refused without a token, and to a staff account the owner switched off', async () => {
    expect((await admin.client().get('/reports/fit', { from: DAY, to: DAY })).statusCode).toBe(401);
    const gone = await admin.staff(owner);
    expect((await gone.get('/reports/fit', { from: DAY, to: DAY })).statusCode).toBe(200);
    expectStatus(await owner.patch(`/admins/${gone.id}`, { active: false }), 200);
    expect((await gone.get('/reports/fit', { from: DAY, to: DAY })).statusCode).toBe(401);
  });
});
