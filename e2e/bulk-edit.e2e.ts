import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopper, type Shopper } from './support/browser';
import { signInToConsole } from './support/cod-order';
import { lookAtWidths } from './support/evidence';

const JOURNEY = 'bulk-edit';
/** A word only this journey's products carry: the shop's other journeys' products are left alone. */
const WORD = `Bulkkurta${randomUUID().slice(0, 6)}`;

/** Calls the admin API as the owner (a token of its own, apart from the console's session). */
async function ownerApi(request: APIRequestContext) {
  const login = await request.post('/admin/api/login', {
    data: { email: 'admin@kapaas.local', password: 'kapaas-admin' },
  });
  const token = ((await login.json()) as { token: string }).token;
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async <T>(path: string) => (await (await request.get(`/admin/api/${path}`, { headers })).json()) as T,
    post: async <T>(path: string, data: object) => {
      const response = await request.post(`/admin/api/${path}`, { headers, data });
      const answer = (await response.json()) as T;
      expect(response.ok(), JSON.stringify(answer)).toBe(true);
      return answer;
    },
  };
}

async function sellingPrice(request: APIRequestContext, productId: number): Promise<number> {
  const response = await request.post('/api/product_detail', { data: { product_id: productId } });
  return ((await response.json()) as { products: { actual_price: number } }).products.actual_price;
}

describe('the owner lowers a set of products’ prices by 10 % in one step, after a preview', () => {
  let owner: Shopper;
  const ids: number[] = [];

  beforeAll(async () => {
    owner = await openShopper({ width: 1366, height: 900 });
    const api = await ownerApi(owner.page.request);
    const subs = await api.get<{ data: { id: number; category_id: number }[] }>('subcategories?per_page=100');
    const sizes = await api.get<{ data: { id: number }[] }>('sizes?per_page=100');
    const sub = subs.data[0];
    if (!sub || !sizes.data[0]) throw new Error('the demo shop has no subcategory or size');
    for (const [name, price] of [
      [`${WORD} Cotton Kurta`, 1000],
      [`${WORD} Linen Kurta`, 2499],
    ] as const) {
      const created = await api.post<{ data: { id: number } }>('products', {
        name,
        category_id: sub.category_id,
        subcategory_id: sub.id,
        price,
        sizes: [{ size_id: sizes.data[0].id, stock: 4 }],
      });
      ids.push(created.data.id);
    }
  });
  afterAll(async () => {
    await owner?.close();
  });

  it('ticks the products found, previews the change (nothing written yet), applies it, and the shop shows it', async () => {
    const { page } = owner;
    await signInToConsole(page);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { name: 'Products', level: 1 }).waitFor();
    await page.getByLabel('Search products').fill(WORD);
    await page.getByLabel('Search products').press('Enter');
    await page.getByRole('checkbox', { name: `Select ${WORD} Linen Kurta` }).waitFor();
    await expect.poll(() => page.getByRole('checkbox', { name: new RegExp(`^Select ${WORD}`) }).count()).toBe(2);
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();

    const bar = page.getByRole('region', { name: 'Bulk edit' });
    await bar.getByText('Selected: 2 products').waitFor();
    await bar.getByLabel('Action').selectOption('price_percent');
    await bar.getByLabel('Change (%)').fill('-10');
    await bar.getByRole('button', { name: 'Preview' }).click();
    const preview = bar.getByRole('region', { name: 'Preview' });
    await preview.getByText('2 products: 2 will change, 0 unchanged, 0 refused.').waitFor();
    const rows = await preview
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(rows.map((cells) => cells.slice(0, 3)).sort()).toEqual([
      [`${WORD} Cotton Kurta`, '₹1,000', '₹900'],
      [`${WORD} Linen Kurta`, '₹2,499', '₹2,249'],
    ]);
    // A preview writes nothing.
    expect(await sellingPrice(page.request, ids[0] ?? 0)).toBe(1000);
    await lookAtWidths(page, JOURNEY, '1-preview', [1366, 375]);

    await preview.getByRole('button', { name: 'Apply to 2 products' }).click();
    await page.getByRole('status').getByText('Changed 2 of 2 products; 0 unchanged, 0 refused.').waitFor();
    await expect.poll(() => sellingPrice(page.request, ids[0] ?? 0)).toBe(900);
    expect(await sellingPrice(page.request, ids[1] ?? 0)).toBe(2249);
    await page.getByRole('row', { name: new RegExp(`${WORD} Linen Kurta.*₹2,249`) }).waitFor();
    await lookAtWidths(page, JOURNEY, '2-applied', [1366, 375]);
    expect(owner.problems).toEqual([]);
  });
});
