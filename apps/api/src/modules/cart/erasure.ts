import { type Queryable, sql } from '@kapaas/db';
import { inList, type PersonKeys } from '../../lib/person';

/** A person's cart, with its lines, goes with their erasure (issue 35). */
export async function deleteCartsOf(tx: Queryable, person: PersonKeys): Promise<void> {
  await tx.execute(sql`
    DELETE FROM cart_items WHERE cart_id IN (
      SELECT id FROM carts WHERE user_id = ${person.userId} OR guest_id IN ${inList(person.guestIds)})`);
  await tx.execute(sql`DELETE FROM carts WHERE user_id = ${person.userId} OR guest_id IN ${inList(person.guestIds)}`);
}
