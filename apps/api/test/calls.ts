import { expect } from 'vitest';
import type { TestShop } from './shop';

/** The catalogue calls of product.md §7 that work without a session. */
export const CATALOGUE_CALLS = [
  'featured_product_list',
  'ads_list',
  'category_list',
  'banner_list',
  'testimonial_list',
  'size',
  'pattern',
  'gender_list',
  'subcategory_list',
  'category_product_list',
  'product_detail',
] as const;

/** POSTs a call without a session, expects a 200 JSON answer, and parses it with the contract's schema. */
export async function expectAnswer<T>(
  shop: TestShop,
  endpoint: string,
  body: unknown,
  schema: { parse(v: unknown): T },
): Promise<T> {
  const response = await shop.post(endpoint, body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return schema.parse(response.json());
}
