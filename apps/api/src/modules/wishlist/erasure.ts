import { type Queryable, sql } from '@kapaas/db';

/** An account's wishlist goes with its erasure (issue 35). */
export async function deleteWishlistOf(tx: Queryable, userId: number | null): Promise<void> {
  if (userId === null) return;
  await tx.execute(sql`DELETE FROM wishlist_items WHERE user_id = ${userId}`);
}
