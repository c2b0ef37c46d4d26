import {
  and,
  asc,
  count,
  eq,
  inArray,
  orderItems,
  productSizes,
  products,
  type Queryable,
  type SQL,
  sizes,
  sql,
} from '@kapaas/db';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { notifyBackInStock } from '../messages';

/*
 * Stock bookkeeping per product and size (product.md §13, ADR 012):
 *   stock     what is on the shelf, sold pieces taken off at payment;
 *   reserved  what unpaid orders hold; reserved ≤ stock is a database check.
 * Every change is one conditional UPDATE, so concurrent orders can never take the same piece:
 * PostgreSQL re-checks the condition on the row's newest version after a concurrent writer commits.
 * A change that makes a sold-out size available again (a restock, a stock edit, a released
 * reservation) queues its "back in stock" messages in the same transaction (messages/stock-alerts.ts).
 */

/** What a changed row answers: its product, size and what is free now. */
const freeAfter = {
  productId: productSizes.productId,
  sizeId: productSizes.sizeId,
  available: sql<number>`${productSizes.stock} - ${productSizes.reserved}`,
};

/** Queues the alerts of a size whose free pieces went from none to some (`before` free, `after` free). */
async function backInStock(tx: Queryable, row: { productId: number; sizeId: number }, before: number, after: number) {
  if (before <= 0 && after > 0) await notifyBackInStock(tx, row.productId, row.sizeId);
}

export interface StockLine {
  productId: number;
  sizeId: number;
  quantity: number;
}

/** Same product and size added up, in a fixed order so that concurrent orders lock rows alike. */
function normalise(lines: readonly StockLine[]): StockLine[] {
  const byKey = new Map<string, StockLine>();
  for (const line of lines) {
    const key = `${line.productId}:${line.sizeId}`;
    const seen = byKey.get(key);
    if (seen) seen.quantity += line.quantity;
    else byKey.set(key, { ...line });
  }
  return [...byKey.values()].sort((a, b) => a.productId - b.productId || a.sizeId - b.sizeId);
}

/**
 * Holds `quantity` of each line for an unpaid order. Returns the first line that cannot be held
 * (the product left the shop or too few are left), having held nothing of it; the caller rolls the
 * transaction back.
 */
export async function reserve(tx: Queryable, lines: readonly StockLine[]): Promise<StockLine | undefined> {
  for (const line of normalise(lines)) {
    const held = await tx
      .update(productSizes)
      .set({ reserved: sql`${productSizes.reserved} + ${line.quantity}` })
      .where(
        and(
          eq(productSizes.productId, line.productId),
          eq(productSizes.sizeId, line.sizeId),
          sql`${productSizes.stock} - ${productSizes.reserved} >= ${line.quantity}`,
          sql`EXISTS (SELECT 1 FROM ${products} WHERE ${products.id} = ${line.productId} AND ${products.status} = 'active')`,
        ),
      )
      .returning({ id: productSizes.id });
    if (held.length === 0) return line;
  }
  return undefined;
}

/** The lines of an order as stock lines. */
export async function orderStockLines(tx: Queryable, orderId: number): Promise<StockLine[]> {
  return tx
    .select({ productId: orderItems.productId, sizeId: orderItems.sizeId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
}

/** Gives back what an unpaid order held (it failed or expired). */
export async function release(tx: Queryable, lines: readonly StockLine[]): Promise<void> {
  for (const line of normalise(lines)) {
    const [row] = await tx
      .update(productSizes)
      .set({ reserved: sql`${productSizes.reserved} - ${line.quantity}` })
      .where(and(eq(productSizes.productId, line.productId), eq(productSizes.sizeId, line.sizeId)))
      .returning(freeAfter);
    if (row) await backInStock(tx, row, Number(row.available) - line.quantity, Number(row.available));
  }
}

/** The held pieces of a paid order leave the shelf: stock and reserved both go down. */
export async function sellReserved(tx: Queryable, lines: readonly StockLine[]): Promise<void> {
  for (const line of normalise(lines)) {
    await tx
      .update(productSizes)
      .set({
        stock: sql`${productSizes.stock} - ${line.quantity}`,
        reserved: sql`${productSizes.reserved} - ${line.quantity}`,
      })
      .where(and(eq(productSizes.productId, line.productId), eq(productSizes.sizeId, line.sizeId)));
  }
}

/**
 * Sells pieces no reservation holds (a payment that arrived after its order expired or failed),
 * only from what is free. Returns the first line that cannot be sold; the caller rolls back.
 */
export async function sellUnreserved(tx: Queryable, lines: readonly StockLine[]): Promise<StockLine | undefined> {
  for (const line of normalise(lines)) {
    const sold = await tx
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} - ${line.quantity}` })
      .where(
        and(
          eq(productSizes.productId, line.productId),
          eq(productSizes.sizeId, line.sizeId),
          sql`${productSizes.stock} - ${productSizes.reserved} >= ${line.quantity}`,
        ),
      )
      .returning({ id: productSizes.id });
    if (sold.length === 0) return line;
  }
  return undefined;
}

/** Puts the pieces of a cancelled paid order back on the shelf. */
export async function restock(tx: Queryable, lines: readonly StockLine[]): Promise<void> {
  for (const line of normalise(lines)) {
    const [row] = await tx
      .update(productSizes)
      .set({ stock: sql`${productSizes.stock} + ${line.quantity}` })
      .where(and(eq(productSizes.productId, line.productId), eq(productSizes.sizeId, line.sizeId)))
      .returning(freeAfter);
    if (row) await backInStock(tx, row, Number(row.available) - line.quantity, Number(row.available));
  }
}

/** The product's stock rows for these sizes, locked until the transaction ends. */
export async function lockSizes(db: Queryable, productId: number, sizeIds: number[]) {
  if (sizeIds.length === 0) return [];
  return db
    .select()
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), inArray(productSizes.sizeId, sizeIds)))
    .orderBy(asc(productSizes.sizeId))
    .for('update');
}

/**
 * Sets the stock of one size, adding the size to the product when it did not sell it yet. The row
 * is read locked first, so that what was free before the edit is known.
 */
export async function setStock(db: Queryable, productId: number, sizeId: number, stock: number): Promise<void> {
  const [before] = await db
    .select(freeAfter)
    .from(productSizes)
    .where(and(eq(productSizes.productId, productId), eq(productSizes.sizeId, sizeId)))
    .for('update');
  const [row] = await db
    .insert(productSizes)
    .values({ productId, sizeId, stock, reserved: 0 })
    .onConflictDoUpdate({ target: [productSizes.productId, productSizes.sizeId], set: { stock } })
    .returning(freeAfter);
  if (row) await backInStock(db, row, Number(before?.available ?? 0), Number(row.available));
}

/** Which product sizes hold these SKUs, with the product's name: a SKU is unique across the shop (ADR 063). */
export async function skuHolders(db: Queryable, skus: string[]) {
  if (skus.length === 0) return [];
  return db
    .select({
      sku: productSizes.sku,
      productId: productSizes.productId,
      sizeId: productSizes.sizeId,
      name: products.name,
    })
    .from(productSizes)
    .innerJoin(products, eq(products.id, productSizes.productId))
    .where(inArray(productSizes.sku, skus));
}

/** The sizes of these products with their labels and stock, in the sizes' order: the console's product screens. */
export async function stockOfProducts(db: Queryable, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: productSizes.productId,
      sizeId: productSizes.sizeId,
      label: sizes.label,
      stock: productSizes.stock,
      reserved: productSizes.reserved,
      sku: productSizes.sku,
    })
    .from(productSizes)
    .innerJoin(sizes, eq(sizes.id, productSizes.sizeId))
    .where(inArray(productSizes.productId, productIds))
    .orderBy(asc(productSizes.productId), asc(sizes.sortOrder), asc(sizes.id));
}

/**
 * A condition on a product id column: the product has a size with at most `units` free (stock less reserved). The
 * console's low-stock filter puts it in its own query, so that the list stays one page of products.
 */
export function hasSizeAtMost(productId: AnyPgColumn, units: number): SQL {
  return sql`EXISTS (SELECT 1 FROM ${productSizes} WHERE ${productSizes.productId} = ${productId} AND ${productSizes.stock} - ${productSizes.reserved} <= ${units})`;
}

/** Whether any product sells this size: the console does not delete a size in use. */
export async function sizeInUse(db: Queryable, sizeId: number): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(productSizes).where(eq(productSizes.sizeId, sizeId));
  return (row?.n ?? 0) > 0;
}
