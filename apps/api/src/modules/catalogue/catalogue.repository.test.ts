import { eq, products } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { loadProductChunk, loadProducts, type ProductRow } from './catalogue.repository';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

/** Every chunk from the first, as a whole load reads them. */
async function allChunks(size: number): Promise<{ rows: ProductRow[]; chunks: number }> {
  const rows: ProductRow[] = [];
  let chunks = 0;
  for (let after: number | undefined = 0; after !== undefined; ) {
    const chunk = await loadProductChunk(shop.database.db, after, size);
    rows.push(...chunk.rows);
    after = chunk.last;
    chunks += 1;
  }
  return { rows, chunks };
}

describe('a whole load in chunks', () => {
  it('reads every active product exactly as the per-product read does: fields, dates, images in order, stock in the sizes’ order', async () => {
    // An archived product in the middle of a chunk is skipped, and the chunk still ends after it.
    const [archived] = await shop.database.db
      .update(products)
      .set({ status: 'archived' })
      .where(eq(products.id, 5))
      .returning({ id: products.id });
    expect(archived?.id).toBe(5);
    const active = await shop.database.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.status, 'active'));
    const ids = active.map((row) => row.id).sort((a, b) => a - b);
    const expected = await loadProducts(shop.database.db, ids);
    expect(expected.length).toBeGreaterThan(50);
    expect(
      expected.every((row) => row.createdAt instanceof Date && row.images.length > 0 && row.stock.length > 0),
    ).toBe(true);
    for (const size of [7, 1000]) {
      const { rows, chunks } = await allChunks(size);
      expect(rows).toEqual(expected);
      expect(chunks).toBeGreaterThan(1);
    }
  });

  it('reads when each product was last edited, to the millisecond', async () => {
    const edited = new Date(Date.UTC(2026, 10, 20, 9, 30, 15, 123));
    await shop.database.db.update(products).set({ updatedAt: edited }).where(eq(products.id, 7));
    const [one] = await loadProducts(shop.database.db, [7]);
    expect(one?.updatedAt).toEqual(edited);
    const { rows } = await allChunks(1000);
    expect(rows.find((row) => row.id === 7)?.updatedAt).toEqual(edited);
  });
});
