import { and, eq, inArray, isNotNull, productSizes, type Queryable } from '@kapaas/db';

/** The product each of these SKUs belongs to (SKUs no size holds are left out): the import matches by SKU (ADR 064). */
export async function productIdsOfSkus(db: Queryable, skus: string[]): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ sku: productSizes.sku, productId: productSizes.productId })
    .from(productSizes)
    .where(inArray(productSizes.sku, skus));
  return new Map(rows.flatMap((row) => (row.sku === null ? [] : [[row.sku, row.productId] as const])));
}

/** The SKUs of these products' sizes, by `${productId}/${sizeId}`. */
export async function skusOfProducts(db: Queryable, productIds: number[]): Promise<Map<string, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: productSizes.productId, sizeId: productSizes.sizeId, sku: productSizes.sku })
    .from(productSizes)
    .where(and(inArray(productSizes.productId, productIds), isNotNull(productSizes.sku)));
  return new Map(rows.map((row) => [`${row.productId}/${row.sizeId}`, row.sku ?? '']));
}

/**
 * Sets (or clears, with null) the SKU of a product's size, which must exist (setStock makes it). The unique index
 * refuses a SKU another size holds; callers check first to say so beside the row.
 */
export async function setSku(db: Queryable, productId: number, sizeId: number, sku: string | null): Promise<void> {
  await db
    .update(productSizes)
    .set({ sku })
    .where(and(eq(productSizes.productId, productId), eq(productSizes.sizeId, sizeId)));
}
