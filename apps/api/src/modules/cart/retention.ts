import { carts, lt, type Queryable } from '@kapaas/db';

/**
 * Deletes the carts nobody touched since `before` (issue 35's retention), their lines with them (cascade). A cart is
 * touched by every change of its lines, so what goes was left; the shopper's next "add to cart" starts a new one.
 * Answers how many went.
 */
export async function deleteLeftCarts(db: Queryable, before: Date): Promise<number> {
  const gone = await db.delete(carts).where(lt(carts.updatedAt, before)).returning({ id: carts.id });
  return gone.length;
}
