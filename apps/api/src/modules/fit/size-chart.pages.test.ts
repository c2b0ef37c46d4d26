import { categories, eq, products } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtStorefront, startTestShop, type TestShop } from '../../../test/shop';
import { adminFixtures } from '../admin/admin.fixtures';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ storefrontDist: builtStorefront() });
});
afterAll(async () => {
  await shop.close();
});

async function productIn(slug: string): Promise<number> {
  const [row] = await shop.database.db
    .select({ id: products.id })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(categories.slug, slug))
    .limit(1);
  if (!row) throw new Error(`no product in ${slug}`);
  return row.id;
}

const page = async (productId: number) => {
  // The bare id redirects to the product's canonical address (with its name's slug).
  const moved = await shop.app.inject({ method: 'GET', url: `/product-detail/${productId}` });
  const url = moved.statusCode === 301 ? String(moved.headers.location) : `/product-detail/${productId}`;
  const response = await shop.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe("the product page's size chart as the server sends it (no JavaScript needed)", () => {
  it('is a closed <details> holding the heading and both tables, each size a row with its header cell', async () => {
    const html = await page(await productIn('rompers-onesies'));
    const chart = html.match(/<details class="size-chart">[\s\S]*?<\/details>/)?.[0] ?? '';
    expect(chart).toContain('<summary class="size-chart__open">Size chart</summary>');
    expect(chart).toMatch(/<h2 class="size-chart__title">Size chart<\/h2>/);
    expect(chart).toContain('<caption>In centimetres and kilograms</caption>');
    expect(chart).toContain('<caption>In inches and pounds</caption>');
    expect(chart).toContain('<th scope="col">Height</th>');
    // Every row the page shows is a size the product is sold in, from the seeded WHO-based chart.
    const sizes = [...chart.matchAll(/<th scope="row">([^<]+)<\/th>/g)].map((m) => m[1]);
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.length % 2).toBe(0);
    if (sizes.includes('6-12M')) expect(chart).toContain('67–75 cm');
    // Not hidden for a script to move in: the chart is inside the page's markup where it belongs.
    expect(html.indexOf('size-chart')).toBeLessThan(html.indexOf('product-info-tabs'));
  });

  it('shows a chart the console saved at once, though the page was cached before', async () => {
    const productId = await productIn('sleepwear');
    const before = await page(productId);
    expect(before).toContain('size-chart');
    const [category] = await shop.database.db.select().from(categories).where(eq(categories.slug, 'sleepwear'));
    const sold = [...before.matchAll(/<th scope="row">([^<]+)<\/th>/g)].map((m) => m[1]);
    const detail = (await shop.post('product_detail', { product_id: productId })).json();
    const sizeId = detail.products.size_chart.rows.find((r: { size: string }) => r.size === sold[0]).size_id;
    const owner = await adminFixtures(() => shop).owner();
    const saved = await shop.app.inject({
      method: 'PUT',
      url: `/admin/api/size-charts/category/${category?.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
      payload: {
        rows: [
          {
            size_id: sizeId,
            age_min_months: 1,
            age_max_months: 2,
            height_min_cm: 41,
            height_max_cm: 43,
            weight_min_kg: 2.5,
            weight_max_kg: 2.7,
            chest_cm: 33,
            length_cm: 31,
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await page(productId);
    expect(after).toContain('41–43 cm');
    expect([...after.matchAll(/<th scope="row">([^<]+)<\/th>/g)].map((m) => m[1])).toEqual([sold[0], sold[0]]);
  });

  it('is not offered for a product sized by the piece (bedding has no chart)', async () => {
    expect(await page(await productIn('bedding'))).not.toContain('size-chart');
  });
});
