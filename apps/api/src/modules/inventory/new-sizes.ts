import { productSizes, type Queryable } from '@kapaas/db';

/** Rows written per statement. */
const SLICE = 1000;

/**
 * The sizes of products just created, in multi-row inserts: such a size holds no reservation and no shopper waits for
 * it to come back in stock, so none of setStock's checks applies (the catalogue import's new products, ADR 064).
 */
export async function addSizesOfNewProducts(
  db: Queryable,
  rows: { productId: number; sizeId: number; stock: number; sku: string | null }[],
): Promise<void> {
  for (let at = 0; at < rows.length; at += SLICE) {
    await db.insert(productSizes).values(rows.slice(at, at + SLICE).map((row) => ({ ...row, reserved: 0 })));
  }
}
