import { ErrorAnswer, ReviewListAnswer, SizeAdviceAnswer } from '@kapaas/contract';
import { and, asc, cartItems, carts, eq, orderItems, products, sizeAdvices, sizeCharts, sizes } from '@kapaas/db';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { reviewFixtures, reviewOf } from '../reviews/reviews.fixtures';
import { saveSizeChart } from './size-charts';

let shop: TestShop;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const fixtures = reviewFixtures(
  () => shop,
  () => staff,
);
/** The demo shop's first five sizes, in their order: 0-3M, 3-6M, 6-12M, 12-18M, 18-24M. */
let first: { id: number; label: string }[];

beforeAll(async () => {
  shop = await startTestShop();
  staff = await admin.staff(await admin.owner());
  const all = await shop.database.db.select().from(sizes).orderBy(asc(sizes.sortOrder), asc(sizes.id));
  first = all.slice(0, 5);
});
afterAll(async () => {
  await shop.close();
});

/** Heights with a centimetre's gap between 3-6M and 6-12M, ages sharing their ends, as advice.test.ts's chart. */
const FIGURES = [
  { age: [0, 3], height: [50, 61], weight: [3, 6] },
  { age: [3, 6], height: [61, 67], weight: [6, 7.5] },
  { age: [6, 12], height: [68, 76], weight: [7.6, 9.9] },
  { age: [12, 18], height: [77, 82], weight: [10, 11] },
  { age: [18, 24], height: [83, 88], weight: [11.1, 12.5] },
];

const sizeId = (i: number) => first[i]?.id ?? 0;
const label = (i: number) => first[i]?.label ?? '';

/**
 * A product nobody reviewed, sold in the five sizes with `stock[i]` pieces each (the console's edit, so the catalogue
 * hears of it), with a chart of its own; answers the item its buyers order (its first size's).
 */
async function productWithChart(stock = [10, 10, 10, 10, 10]) {
  const item = await fixtures.product();
  const body = { sizes: stock.map((pieces, i) => ({ size_id: sizeId(i), stock: pieces })) };
  expectStatus(await staff.patch(`/products/${item.productId}`, body), 200);
  await saveSizeChart(
    shop.database.db,
    { productId: item.productId },
    FIGURES.map((f, i) => ({
      size_id: sizeId(i),
      age_min_months: f.age[0] ?? 0,
      age_max_months: f.age[1] ?? 0,
      height_min_cm: f.height[0] ?? 0,
      height_max_cm: f.height[1] ?? 0,
      weight_min_kg: f.weight[0] ?? 0,
      weight_max_kg: f.weight[1] ?? 0,
      chest_cm: 40 + i * 2,
      length_cm: 30 + i * 3,
    })),
  );
  return { ...item, sizeId: sizeId(0) };
}

function advised(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  return SizeAdviceAnswer.parse(response.json());
}

function refused(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return ErrorAnswer.parse(response.json());
}

describe('size_advice', () => {
  it('answers a visitor without a session, a guest and a logged-in shopper alike, with the size and why', async () => {
    const { productId } = await productWithChart();
    const expected = {
      success: true,
      outcome: 'size',
      size_id: sizeId(2),
      size_name: label(2),
      confidence: 'high',
      reason: `Height 74 cm is in ${label(2)}'s range.`,
      alternatives: [],
      measure: 'height',
      sold_out: false,
      advice_id: expect.any(Number),
    };
    const guest = await shop.guest();
    const user = await shop.user();
    for (const asker of [shop, guest, user] as (TestShop | Shopper)[]) {
      expect(advised(await asker.post('size_advice', { product_id: productId, height_cm: 74 }))).toEqual(expected);
    }
    // An id as digits in a string, as the original storefront sends ids; a 4-month-old by age alone.
    const byAge = advised(await shop.post('size_advice', { product_id: String(productId), age_months: 4 }));
    expect(byAge).toMatchObject({ size_id: sizeId(1), confidence: 'low', measure: 'age' });
    const byWeight = advised(await shop.post('size_advice', { product_id: productId, weight_kg: 8.5, age_months: 30 }));
    expect(byWeight).toMatchObject({ size_id: sizeId(2), confidence: 'medium', measure: 'weight' });
    expect(byWeight.reason).toBe(
      `Weight 8.5 kg is in ${label(2)}'s range. Age 30 months is above this chart, but weight is the surer guide.`,
    );
  });

  it('says a child is out of the chart rather than guess, and takes the bigger of two sizes', async () => {
    const { productId } = await productWithChart();
    const small = advised(await shop.post('size_advice', { product_id: productId, height_cm: 45 }));
    expect(small).toMatchObject({ outcome: 'out_of_chart', size_id: null, size_name: null, confidence: null });
    expect(small.reason).toBe(
      `Height 45 cm is below this chart: its smallest size, ${label(0)}, starts at 50 cm, so we would rather not guess a size.`,
    );
    const between = advised(await shop.post('size_advice', { product_id: productId, height_cm: 67.5 }));
    expect(between).toMatchObject({ outcome: 'size', size_id: sizeId(2), confidence: 'medium' });
    expect(between.alternatives.map((a) => a.size_id)).toEqual([sizeId(1)]);
  });

  it('refuses bad measures beside their field, and asks for one of the three when none is given', async () => {
    const { productId } = await productWithChart();
    const none = refused(await shop.post('size_advice', { product_id: productId }), 400);
    const nothing = ["Give the child's age, height or weight."];
    expect(none.errors).toEqual({ age_months: nothing, height_cm: nothing, weight_kg: nothing });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ height_cm: 39.9 }, 'height_cm', 'At least 40 cm.'],
      [{ height_cm: 151 }, 'height_cm', 'At most 150 cm.'],
      [{ height_cm: 74.25 }, 'height_cm', 'Give the height to one decimal at most.'],
      [{ height_cm: '74' }, 'height_cm', 'Give the height as a number.'],
      [{ weight_kg: 1.9 }, 'weight_kg', 'At least 2 kg.'],
      [{ weight_kg: 40.1 }, 'weight_kg', 'At most 40 kg.'],
      [{ age_months: -1 }, 'age_months', 'At least 0 months.'],
      [{ age_months: 145 }, 'age_months', 'At most 144 months.'],
      [{ age_months: 4.5 }, 'age_months', 'Give the age in whole months.'],
    ];
    for (const [body, field, message] of cases) {
      const answer = refused(await shop.post('size_advice', { product_id: productId, ...body }), 400);
      expect(answer).toMatchObject({ code: 'INVALID_DATA', errors: { [field]: [message] } });
    }
    expect(refused(await shop.post('size_advice', { product_id: productId, age_months: 4, shoe: 5 }), 400).code).toBe(
      'INVALID_DATA',
    );
  });

  it('is 404 for an unknown or archived product, and NO_SIZE_CHART for one without a chart, its category having none', async () => {
    expect(refused(await shop.post('size_advice', { product_id: 999_999, age_months: 4 }), 404).message).toBe(
      'Product not found.',
    );
    const archived = await productWithChart();
    expectStatus(await staff.patch(`/products/${archived.productId}`, { status: 'archived' }), 200);
    refused(await shop.post('size_advice', { product_id: archived.productId, age_months: 4 }), 404);

    // A product without a chart of its own reads its category's (the demo shop's, from the WHO medians) ...
    const plain = await fixtures.product();
    const byCategory = advised(await shop.post('size_advice', { product_id: plain.productId, age_months: 4 }));
    expect(byCategory.measure).toBe('age');
    // ... and with that gone there is none.
    const [product] = await shop.database.db.select().from(products).where(eq(products.id, plain.productId));
    if (!product) throw new Error('the product vanished');
    await shop.database.db.delete(sizeCharts).where(eq(sizeCharts.categoryId, product.categoryId));
    const answer = refused(await shop.post('size_advice', { product_id: plain.productId, age_months: 4 }), 404);
    expect(answer).toMatchObject({
      code: 'NO_SIZE_CHART',
      message: 'This product has no size chart yet, so we cannot suggest a size.',
    });
  });

  it('shifts a size up once enough buyers said it runs small: the product page’s own threshold, from real reviews', async () => {
    const item = await productWithChart();
    const buyers = [];
    for (let i = 0; i < 3; i += 1) buyers.push(await fixtures.guestBuyer([item]));
    const ask = () => shop.post('size_advice', { product_id: item.productId, height_cm: 74 });
    for (const buyer of buyers.slice(0, 2)) {
      expect((await buyer.post('review_add', reviewOf(item.productId, 3, 'runs_small'))).statusCode).toBe(200);
    }
    // Two answers are below the fit summary's threshold: the product page shows no fit yet, and nothing shifts.
    const page = () => shop.post('review_list', { product_id: item.productId });
    expect(ReviewListAnswer.parse((await page()).json()).fit).toBeNull();
    expect(advised(await ask())).toMatchObject({
      size_id: sizeId(2),
      reason: `Height 74 cm is in ${label(2)}'s range.`,
    });

    expect((await buyers[2]?.post('review_add', reviewOf(item.productId, 4, 'runs_small')))?.statusCode).toBe(200);
    expect(ReviewListAnswer.parse((await page()).json()).fit?.most).toBe('runs_small');
    const advice = advised(await ask());
    expect(advice).toMatchObject({ outcome: 'size', size_id: sizeId(3), size_name: label(3), confidence: 'high' });
    expect(advice.reason).toBe(
      `Height 74 cm is in ${label(2)}'s range; most buyers say this runs small, so ${label(3)} leaves room to grow.`,
    );
    expect(advice.alternatives).toEqual([
      {
        size_id: sizeId(2),
        size_name: label(2),
        reason: "The chart's size for the height given, if you would rather it fit closely",
      },
    ]);
  });

  it('names a sold-out size with its Notify me, which stock_alert then takes, and offers the nearest size in stock', async () => {
    const { productId } = await productWithChart([10, 10, 0, 10, 10]);
    const advice = advised(await shop.post('size_advice', { product_id: productId, height_cm: 74 }));
    expect(advice).toMatchObject({ outcome: 'size', size_id: sizeId(2), sold_out: true });
    expect(advice.reason).toBe(
      `Height 74 cm is in ${label(2)}'s range. ${label(2)} is sold out now: choose Notify me to hear when it is back.`,
    );
    expect(advice.alternatives).toEqual([
      { size_id: sizeId(3), size_name: label(3), reason: `In stock now, one size bigger than ${label(2)}` },
    ]);
    const alert = await shop.post('stock_alert', {
      product_id: productId,
      size_id: sizeId(2),
      email: 'asha@example.in',
    });
    expect(alert.statusCode, alert.body).toBe(200);
  });

  it('answers any measures within the bounds with a size of the chart or a reason, and refuses any outside beside the field', async () => {
    const { productId } = await productWithChart([10, 0, 10, 10, 10]);
    const chartSizes = new Set(FIGURES.map((_, i) => sizeId(i)));
    const tenths = (min: number, max: number) => fc.integer({ min: min * 10, max: max * 10 }).map((t) => t / 10);
    const within = fc
      .record(
        { age_months: fc.integer({ min: 0, max: 144 }), height_cm: tenths(40, 150), weight_kg: tenths(2, 40) },
        { requiredKeys: [] },
      )
      .filter((measures) => Object.keys(measures).length > 0);
    await fc.assert(
      fc.asyncProperty(within, async (measures) => {
        const advice = advised(await shop.post('size_advice', { product_id: productId, ...measures }));
        if (advice.outcome === 'size') expect(chartSizes.has(advice.size_id ?? 0)).toBe(true);
        else expect(advice).toMatchObject({ size_id: null, alternatives: [] });
        expect(advice.reason).not.toBe('');
      }),
      { numRuns: 60 },
    );
    const outside = fc.oneof(
      fc.record({ age_months: fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: 145 })) }),
      fc.record({ height_cm: fc.oneof(tenths(0, 39.9), tenths(150.1, 1000)) }),
      fc.record({ weight_kg: fc.oneof(tenths(0, 1.9), tenths(40.1, 1000)) }),
    );
    await fc.assert(
      fc.asyncProperty(outside, async (measures) => {
        const answer = refused(await shop.post('size_advice', { product_id: productId, ...measures }), 400);
        expect(Object.keys(answer.errors ?? {})).toEqual(Object.keys(measures));
      }),
      { numRuns: 30 },
    );
  });
});

/** The advice carried from the product page to the order line (ADR 060), for the owner's "advised, bought, kept". */
describe('size_advice recorded and carried', () => {
  const checkout = checkoutFixtures(() => shop);
  const db = () => shop.database.db;
  const advicesOf = (productId: number) =>
    db()
      .select({ productId: sizeAdvices.productId, sizeId: sizeAdvices.sizeId, confidence: sizeAdvices.confidence })
      .from(sizeAdvices)
      .where(eq(sizeAdvices.productId, productId));
  /** The size_advice_id of the shopper's cart line of the product in the size. */
  async function cartAdvice(owner: { guestId: number } | { userId: number }, productId: number, size: number) {
    const whose = 'guestId' in owner ? eq(carts.guestId, owner.guestId) : eq(carts.userId, owner.userId);
    const [line] = await db()
      .select({ adviceId: cartItems.sizeAdviceId })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(whose, eq(cartItems.productId, productId), eq(cartItems.sizeId, size)));
    if (!line) throw new Error('no such cart line');
    return line.adviceId;
  }

  it('records each answer that names a size, with its product, size, confidence and basis, and nothing of the child', async () => {
    const { productId } = await productWithChart();
    const advice = advised(await shop.post('size_advice', { product_id: productId, height_cm: 74, age_months: 9 }));
    expect(advice.advice_id).toEqual(expect.any(Number));
    const [row] = await db()
      .select()
      .from(sizeAdvices)
      .where(eq(sizeAdvices.id, advice.advice_id ?? 0));
    expect(row).toEqual({
      id: advice.advice_id,
      productId,
      sizeId: sizeId(2),
      confidence: 'high',
      basis: 'height',
      createdAt: expect.any(Date),
    });
    // Out of the chart: nothing named, nothing recorded, nothing to carry.
    const out = advised(await shop.post('size_advice', { product_id: productId, height_cm: 45 }));
    expect(out).toMatchObject({ outcome: 'out_of_chart', advice_id: null });
    expect(await advicesOf(productId)).toHaveLength(1);
  });

  it("keeps add_cart's advice_id on the cart line and copies it to the order line when the order is placed", async () => {
    const item = await productWithChart();
    const guest = await shop.guest();
    const advice = advised(await guest.post('size_advice', { product_id: item.productId, age_months: 4 }));
    expect(advice.size_id).toBe(sizeId(1));
    const add = { product_id: item.productId, size: sizeId(1), quantity: 1, advice_id: advice.advice_id };
    expect((await guest.post('add_cart', add)).statusCode).toBe(200);
    expect(await cartAdvice(guest, item.productId, sizeId(1))).toBe(advice.advice_id);
    // A second add of the same line without one keeps the advice the line was chosen by.
    const again = await guest.post('add_cart', { product_id: item.productId, size: sizeId(1), quantity: 1 });
    expect(again.statusCode, again.body).toBe(200);
    expect(await cartAdvice(guest, item.productId, sizeId(1))).toBe(advice.advice_id);

    const addressId = await checkout.addressOf(guest);
    const order = await checkout.placed(guest, addressId, { ...item, sizeId: sizeId(1) }, 2);
    const lines = await db()
      .select({ sizeId: orderItems.sizeId, adviceId: orderItems.sizeAdviceId })
      .from(orderItems)
      .where(eq(orderItems.orderId, order.order_id));
    expect(lines).toEqual([{ sizeId: sizeId(1), adviceId: advice.advice_id }]);
  });

  it('ignores an advice for another size or product, or none such, and still adds the pieces', async () => {
    const item = await productWithChart();
    const other = await productWithChart();
    const guest = await shop.guest();
    const advice = advised(await guest.post('size_advice', { product_id: item.productId, age_months: 4 }));
    const adviceId = advice.advice_id ?? 0;
    const cases = [
      { product_id: item.productId, size: sizeId(3) },
      { product_id: other.productId, size: sizeId(1) },
      { product_id: item.productId, size: sizeId(4), id: 999_999 },
    ];
    for (const { id, ...line } of cases) {
      const added = await guest.post('add_cart', { ...line, quantity: 1, advice_id: id ?? adviceId });
      expect(added.statusCode, added.body).toBe(200);
      expect(await cartAdvice(guest, line.product_id, line.size)).toBeNull();
    }
    expect(refused(await guest.post('add_cart', { ...cases[0], quantity: 1, advice_id: 'x' }), 400).errors).toEqual({
      advice_id: [expect.any(String)],
    });
  });

  it('keeps the advice of the item a visitor adds by starting as a guest', async () => {
    const item = await productWithChart();
    const visitor = shop.visitor();
    const advice = advised(await visitor.post('size_advice', { product_id: item.productId, age_months: 4 }));
    const started = await visitor.post('get_guest_id', {
      product_id: item.productId,
      size: sizeId(1),
      quantity: 1,
      advice_id: advice.advice_id,
    });
    expect(started.statusCode, started.body).toBe(200);
    const guestId: number = started.json().guest_id;
    expect(await cartAdvice({ guestId }, item.productId, sizeId(1))).toBe(advice.advice_id);
  });

  it("carries a guest's advised line into the account's cart at login", async () => {
    const item = await productWithChart();
    const user = await shop.user();
    await user.post('logout');
    const browser = shop.visitor();
    const guestId: number = (await browser.post('get_guest_id')).json().guest_id;
    const advice = advised(await browser.post('size_advice', { product_id: item.productId, height_cm: 74 }));
    const add = { product_id: item.productId, size: sizeId(2), quantity: 1, advice_id: advice.advice_id };
    expect((await browser.post('add_cart', add)).statusCode).toBe(200);
    expect(await cartAdvice({ guestId }, item.productId, sizeId(2))).toBe(advice.advice_id);
    expect((await browser.post('login', { user_name: user.email, password: user.password })).statusCode).toBe(200);
    expect(await cartAdvice({ userId: user.userId }, item.productId, sizeId(2))).toBe(advice.advice_id);
  });
});
