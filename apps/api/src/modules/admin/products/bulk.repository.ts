import type { AdminBulkFilter } from '@kapaas/contract';
import { desc, inArray, products, type Queryable } from '@kapaas/db';
import { lockSizes, setStock, stockOfProducts } from '../../inventory';
import type { BulkState } from './bulk';
import { type ProductColumns, productWhere, updateProduct } from './products.repository';

const listOrder = [desc(products.createdAt), desc(products.id)];

/** The products of these ids that exist, in the list's order (newest first). */
export async function existingIds(db: Queryable, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(...listOrder);
  return rows.map((row) => row.id);
}

/** The products the list shows for these filters, every page of them, in its order. */
export async function filteredIds(db: Queryable, filter: AdminBulkFilter): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(productWhere(filter))
    .orderBy(...listOrder);
  return rows.map((row) => row.id);
}

/**
 * These products' names and what a bulk edit may change of them. With `lockSizeIds` (inside the apply's
 * transaction) the product rows are locked, and so are those sizes' rows before their stock and reservations are
 * read, so that an order reserving meanwhile waits rather than leaves stock below what it holds.
 */
export async function bulkStatesOf(
  db: Queryable,
  ids: number[],
  lockSizeIds?: number[],
): Promise<Map<number, { name: string; state: BulkState }>> {
  if (ids.length === 0) return new Map();
  const query = db.select().from(products).where(inArray(products.id, ids)).orderBy(products.id);
  const rows = lockSizeIds ? await query.for('update') : await query;
  if (lockSizeIds && lockSizeIds.length > 0) {
    for (const row of rows) await lockSizes(db, row.id, lockSizeIds);
  }
  const sizes = await stockOfProducts(db, ids);
  const states = new Map<number, { name: string; state: BulkState }>();
  for (const row of rows) {
    const state: BulkState = {
      pricePaise: row.pricePaise,
      discountPricePaise: row.discountPricePaise,
      categoryId: row.categoryId,
      subcategoryId: row.subcategoryId,
      status: row.status,
      sizes: sizes
        .filter((size) => size.productId === row.id)
        .map((size) => ({ sizeId: size.sizeId, label: size.label, stock: size.stock, reserved: size.reserved })),
    };
    states.set(row.id, { name: row.name, state });
  }
  return states;
}

/** Writes what differs between before and after: the product's columns, then each size's stock (inventory's own). */
export async function writeBulkState(db: Queryable, id: number, before: BulkState, after: BulkState): Promise<void> {
  const changes: Partial<ProductColumns> = {};
  if (after.pricePaise !== before.pricePaise) changes.pricePaise = after.pricePaise;
  if (after.discountPricePaise !== before.discountPricePaise) changes.discountPricePaise = after.discountPricePaise;
  if (after.categoryId !== before.categoryId) changes.categoryId = after.categoryId;
  if (after.subcategoryId !== before.subcategoryId) changes.subcategoryId = after.subcategoryId;
  if (after.status !== before.status) changes.status = after.status;
  if (Object.keys(changes).length > 0) await updateProduct(db, id, changes);
  for (const size of after.sizes) {
    const was = before.sizes.find((old) => old.sizeId === size.sizeId);
    if (was?.stock !== size.stock) await setStock(db, id, size.sizeId, size.stock);
  }
}
