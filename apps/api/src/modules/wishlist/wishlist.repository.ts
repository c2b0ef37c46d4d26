import { and, desc, eq, products, type Queryable, wishlistItems } from '@kapaas/db';

/** The ids of a user's saved products, newest saved first. */
export async function savedProductIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
  return rows.map((row) => row.productId);
}

/**
 * Whether the product is on sale (not archived), holding its row until the transaction ends so
 * that it cannot be deleted between this check and the insert that refers to it.
 */
export async function lockActiveProduct(tx: Queryable, productId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, 'active')))
    .for('share');
  return row !== undefined;
}

/** Saves a product to a user's wishlist; saving it again changes nothing. */
export async function saveProduct(db: Queryable, userId: number, productId: number): Promise<void> {
  await db.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
}

/** Takes a product off a user's wishlist, if it is there. */
export async function unsaveProduct(db: Queryable, userId: number, productId: number): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}
