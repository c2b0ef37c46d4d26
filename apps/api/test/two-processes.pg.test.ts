import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER } from '@kapaas/db';
import { admin } from '@kapaas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresShops, type RunningShop } from './postgres-shops';

/** Runs only on PostgreSQL (CI's second pass): PGlite serves one process by design. */
const processes = new PostgresShops(process.env.DATABASE_URL ?? '', 'two');
const { databaseUrl } = processes;

// biome-ignore lint/suspicious/noExplicitAny: the test reads answers it checks field by field
async function call(shop: RunningShop, endpoint: string, body: unknown = {}): Promise<any> {
  const response = await fetch(`${shop.baseUrl}/api/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

describe('two shop processes starting together on one empty PostgreSQL database', () => {
  let shops: RunningShop[] = [];

  beforeAll(async () => {
    shops = await processes.start(2);
  });

  afterAll(async () => {
    await processes.close();
  });

  it('migrates once and seeds once', async () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
    await admin(databaseUrl, async (client) => {
      const applied = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBe(journal.entries.length);
      const categories = await client.query(
        'SELECT count(*)::int AS n, count(DISTINCT slug)::int AS slugs FROM categories',
      );
      expect(categories.rows[0].n).toBeGreaterThanOrEqual(10);
      expect(categories.rows[0].n).toBe(categories.rows[0].slugs);
    });
    const seededBy = shops.filter((shop) => shop.log().includes('seeded the demo shop'));
    expect(seededBy).toHaveLength(1);
  });

  it('serves the same catalogue from both', async () => {
    const [a, b] = await Promise.all(shops.map((shop) => call(shop, 'category_list')));
    expect(a.success).toBe(true);
    expect(b).toEqual(a);
  });

  it('shows a change announced by one process on the other within seconds', async () => {
    const [first, second] = shops as [RunningShop, RunningShop];
    const list = await call(first, 'category_product_list', { category_id: 1 });
    const productId: number = list.product[0].product_id;
    await admin(databaseUrl, async (client) => {
      await client.query("UPDATE products SET name = 'Renamed on one process' WHERE id = $1", [productId]);
      await client.query("SELECT pg_notify('kapaas_catalogue', 'test')");
    });
    const deadline = Date.now() + 5_000;
    let name = '';
    while (Date.now() < deadline && name !== 'Renamed on one process') {
      name = (await call(second, 'product_detail', { product_id: productId })).products.name;
      if (name !== 'Renamed on one process') await new Promise((r) => setTimeout(r, 100));
    }
    expect(name).toBe('Renamed on one process');
  });

  it('shows a stock change announced for some products on the other process within seconds', async () => {
    const [, second] = shops as [RunningShop, RunningShop];
    const list = await call(second, 'category_product_list', { category_id: 2 });
    const productId: number = list.product[0].product_id;
    const before = (await call(second, 'product_detail', { product_id: productId })).products.sizes[0];
    await admin(databaseUrl, async (client) => {
      await client.query('UPDATE product_sizes SET stock = 7, reserved = 5 WHERE product_id = $1 AND size_id = $2', [
        productId,
        before.size_id,
      ]);
      // The notice an order's reservation sends: only this product's stock is read again.
      await client.query("SELECT pg_notify('kapaas_catalogue', $1)", [`test stock ${productId}`]);
    });
    const deadline = Date.now() + 5_000;
    let size = before;
    while (Date.now() < deadline && size.max_quantity !== 2) {
      size = (await call(second, 'product_detail', { product_id: productId })).products.sizes[0];
      if (size.max_quantity !== 2) await new Promise((r) => setTimeout(r, 100));
    }
    expect(size).toMatchObject({ size_id: before.size_id, max_quantity: 2, in_stock: true });
  });

  it('applies a notice naming some products, and one naming the small tables, on the other process', async () => {
    const [, second] = shops as [RunningShop, RunningShop];
    const list = await call(second, 'category_product_list', { category_id: 3 });
    const productId: number = list.product[0].product_id;
    await admin(databaseUrl, async (client) => {
      await client.query("UPDATE products SET name = 'Edited elsewhere' WHERE id = $1", [productId]);
      await client.query("UPDATE categories SET name = 'Renamed elsewhere' WHERE id = 3");
      // What an admin edit of one product, then of a category, announces (ADR 025).
      await client.query("SELECT pg_notify('kapaas_catalogue', $1)", [`test products ${productId}`]);
      await client.query("SELECT pg_notify('kapaas_catalogue', 'test structure')");
    });
    const deadline = Date.now() + 5_000;
    let seen = { name: '', category: '', searched: [] as number[] };
    while (Date.now() < deadline) {
      const detail = (await call(second, 'product_detail', { product_id: productId })).products;
      const searched = (await call(second, 'search_key_word', { key_word: 'edited elsewhere' })).search_key_word
        .product;
      seen = {
        name: detail.name,
        category: detail.category_name,
        searched: searched.map((p: { product_id: number }) => p.product_id),
      };
      if (seen.name === 'Edited elsewhere' && seen.category === 'Renamed elsewhere') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toEqual({ name: 'Edited elsewhere', category: 'Renamed elsewhere', searched: [productId] });
  });
});
