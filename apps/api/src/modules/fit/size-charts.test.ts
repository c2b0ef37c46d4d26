import { AdminSizeChartAnswer, ProductDetailAnswer } from '@kapaas/contract';
import { categories, eq, products, sizes } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';

let shop: TestShop;
let owner: AdminClient;
let staff: AdminClient;
const admin = adminFixtures(() => shop);

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  staff = await admin.staff(owner);
});
afterAll(async () => {
  await shop.close();
});

const put = (client: AdminClient, path: string, body: unknown) =>
  shop.app.inject({
    method: 'PUT',
    url: `/admin/api${path}`,
    headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
    payload: body as Record<string, unknown>,
  });

const detail = async (productId: number) =>
  ProductDetailAnswer.parse(expectStatus(await shop.post('product_detail', { product_id: productId }), 200)).products;

async function categoryBySlug(slug: string) {
  const [row] = await shop.database.db.select().from(categories).where(eq(categories.slug, slug));
  if (!row) throw new Error(`no category ${slug}`);
  return row;
}

/** A shown product of the category, with the sizes it is sold in. */
async function productOf(categoryId: number) {
  const [row] = await shop.database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.categoryId, categoryId))
    .limit(1);
  if (!row) throw new Error('no product');
  return { id: row.id, sizes: (await detail(row.id)).sizes };
}

const sizeIdOf = async (label: string) => {
  const [row] = await shop.database.db.select().from(sizes).where(eq(sizes.label, label));
  if (!row) throw new Error(`no size ${label}`);
  return row.id;
};

const figures = {
  age_min_months: 6,
  age_max_months: 12,
  height_min_cm: 67,
  height_max_cm: 75,
  weight_min_kg: 7.6,
  weight_max_kg: 9.3,
  chest_cm: 47,
  length_cm: 41,
};

describe("a category's size chart in the console", () => {
  it('reads the seeded chart, a row per size in the sizes order', async () => {
    const rompers = await categoryBySlug('rompers-onesies');
    const chart = AdminSizeChartAnswer.parse(
      expectStatus(await staff.get(`/size-charts/category/${rompers.id}`), 200),
    ).data;
    expect(chart.source).toBe('category');
    expect(chart.rows.map((r) => r.size)).toEqual([
      '0-3M',
      '3-6M',
      '6-12M',
      '12-18M',
      '18-24M',
      '2-3Y',
      '3-4Y',
      '4-5Y',
      '5-6Y',
    ]);
    expect(chart.rows[2]).toMatchObject({ size: '6-12M', ...figures });
  });

  it('is saved whole by staff, audited, and shown at once on its products pages, their sizes only', async () => {
    const tops = await categoryBySlug('jhablas-tops');
    const product = await productOf(tops.id);
    const sold = product.sizes[0];
    if (!sold) throw new Error('a product without sizes');
    const unsold = await sizeIdOf('5-6Y');
    const rows = [
      { size_id: sold.size_id, ...figures, chest_cm: 50 },
      ...(product.sizes.some((s) => s.size_id === unsold) ? [] : [{ size_id: unsold, ...figures, chest_cm: 60 }]),
    ];
    const saved = AdminSizeChartAnswer.parse(
      expectStatus(await put(staff, `/size-charts/category/${tops.id}`, { rows }), 200),
    );
    expect(saved.data.rows.map((r) => r.size_id).sort()).toEqual(rows.map((r) => r.size_id).sort());

    const chart = (await detail(product.id)).size_chart;
    expect(chart?.rows).toEqual([{ size_id: sold.size_id, size: sold.size, ...figures, chest_cm: 50 }]);

    expect(saved.data.source).toBe('category');
    const audit = await admin.lastAudit(owner, 'size_charts', saved.data.chart_id ?? 0);
    expect(audit).toMatchObject({ action: 'update', after: { categoryId: tops.id, rows } });
  });

  it('refuses a min above its max, a figure out of bounds and an unknown size, beside the field, changing nothing', async () => {
    const sleep = await categoryBySlug('sleepwear');
    const before = expectStatus(await owner.get(`/size-charts/category/${sleep.id}`), 200);
    const size = await sizeIdOf('3-6M');
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ height_min_cm: 80, height_max_cm: 75 }, 'rows.0.height_max_cm', /less than the minimum/],
      [{ weight_min_kg: 9.5 }, 'rows.0.weight_max_kg', /less than the minimum/],
      [{ age_max_months: 145 }, 'rows.0.age_max_months', /At most 144/],
      [{ height_min_cm: 39 }, 'rows.0.height_min_cm', /At least 40/],
      [{ weight_max_kg: 41 }, 'rows.0.weight_max_kg', /At most 40/],
      [{ weight_min_kg: 7.65 }, 'rows.0.weight_min_kg', /one decimal/],
      [{ size_id: 999_999 }, 'rows.0.size_id', /no such size/],
    ];
    for (const [change, field, message] of cases) {
      const refused = expectStatus(
        await put(owner, `/size-charts/category/${sleep.id}`, { rows: [{ size_id: size, ...figures, ...change }] }),
        400,
      );
      expect(refused.errors?.[field]?.[0], field).toMatch(message);
    }
    const twice = expectStatus(
      await put(owner, `/size-charts/category/${sleep.id}`, {
        rows: [
          { size_id: size, ...figures },
          { size_id: size, ...figures },
        ],
      }),
      400,
    );
    expect(twice.errors['rows.1.size_id']).toEqual(['This size is already in the chart.']);
    expect(expectStatus(await owner.get(`/size-charts/category/${sleep.id}`), 200)).toEqual(before);
  });

  it('is for the console only: no token, no chart', async () => {
    const sleep = await categoryBySlug('sleepwear');
    expect((await admin.client().get(`/size-charts/category/${sleep.id}`)).statusCode).toBe(401);
    expect((await put(admin.client(), `/size-charts/category/${sleep.id}`, { rows: [] })).statusCode).toBe(401);
    expect((await owner.get('/size-charts/category/999999')).statusCode).toBe(404);
  });
});

describe("a product's own size chart", () => {
  it("overrides its category's on the page until it is dropped; the console says whose rows it shows", async () => {
    const bottoms = await categoryBySlug('bottoms');
    const product = await productOf(bottoms.id);
    const first = product.sizes[0];
    if (!first) throw new Error('a product without sizes');
    const fallback = AdminSizeChartAnswer.parse(
      expectStatus(await staff.get(`/size-charts/product/${product.id}`), 200),
    ).data;
    expect(fallback).toMatchObject({ source: 'category', category_id: bottoms.id, product_id: product.id });
    const categoryRow = (await detail(product.id)).size_chart?.rows[0];
    expect(categoryRow?.size_id).toBe(first.size_id);

    const own = { size_id: first.size_id, ...figures, length_cm: 99 };
    const saved = AdminSizeChartAnswer.parse(
      expectStatus(await put(staff, `/size-charts/product/${product.id}`, { rows: [own] }), 200),
    ).data;
    expect(saved).toMatchObject({ source: 'product', rows: [{ ...own, size: first.size }] });
    expect((await detail(product.id)).size_chart).toEqual({ rows: [{ ...own, size: first.size }] });
    // The category's chart is untouched, and its other products still show it.
    const categoryChart = AdminSizeChartAnswer.parse(
      expectStatus(await staff.get(`/size-charts/category/${bottoms.id}`), 200),
    ).data;
    expect(categoryChart.rows.find((r) => r.size_id === first.size_id)?.length_cm).toBe(categoryRow?.length_cm);

    const dropped = AdminSizeChartAnswer.parse(
      expectStatus(await staff.delete(`/size-charts/product/${product.id}`), 200),
    ).data;
    expect(dropped.source).toBe('category');
    expect((await detail(product.id)).size_chart?.rows[0]).toEqual(categoryRow);
    expect(await admin.lastAudit(owner, 'size_charts', saved.chart_id ?? 0)).toMatchObject({
      action: 'delete',
      before: { productId: product.id, rows: [own] },
    });
    expect((await staff.delete(`/size-charts/product/${product.id}`)).statusCode).toBe(404);
  });

  it('is null on the page of a product whose category has no chart', async () => {
    const bedding = await categoryBySlug('bedding');
    const product = await productOf(bedding.id);
    expect((await detail(product.id)).size_chart).toBeNull();
    expect(
      AdminSizeChartAnswer.parse(expectStatus(await owner.get(`/size-charts/product/${product.id}`), 200)).data,
    ).toMatchObject({ source: 'none', rows: [] });
  });
});
