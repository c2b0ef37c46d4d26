import { expect } from 'vitest';
import { shopUrl } from './shop-url';

/** A call to this worker's shop's customer API, which must answer 200. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(new URL(path, shopUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** A romper's product page: its category has the demo's WHO-based chart (docs/size-charts.md). */
export async function romperPath(): Promise<string> {
  const categories = await postJson<{ category: { category_id: number; category_name: string }[] }>(
    '/api/category_list',
    {},
  );
  const rompers = categories.category.find((c) => c.category_name === 'Rompers & Onesies');
  if (!rompers) throw new Error('no Rompers & Onesies category');
  const list = await postJson<{ product: { product_id: number }[] }>('/api/category_product_list', {
    category_id: rompers.category_id,
  });
  const first = list.product[0];
  if (!first) throw new Error('no romper');
  return `/product-detail/${first.product_id}`;
}
