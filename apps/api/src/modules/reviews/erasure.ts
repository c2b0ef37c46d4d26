import { type Queryable, sql } from '@kapaas/db';
import { inList, type PersonKeys } from '../../lib/person';

/**
 * A person's reviews stay, tied to no one (issue 35): the author becomes "A parent from <state>", the state the
 * order was delivered to (`stateOf`, by order id), and the photos go (their files with the photos module's rows).
 * Their "Helpful" votes are deleted; the counts they made stay.
 */
export async function anonymiseReviewsOf(
  tx: Queryable,
  person: PersonKeys,
  stateOf: ReadonlyMap<number, string>,
): Promise<void> {
  const [first, ...more] = [...stateOf];
  const byOrder = first
    ? sql`CASE order_id ${sql.join(
        [first, ...more].map(([orderId, state]) => sql`WHEN ${orderId} THEN ${`A parent from ${state}`}`),
        sql` `,
      )} ELSE 'A parent from India' END`
    : sql`'A parent from India'`;
  await tx.execute(sql`
    UPDATE reviews SET author = ${byOrder}, photos = '{}', updated_at = now()
    WHERE user_id = ${person.userId} OR guest_id IN ${inList(person.guestIds)}`);
  const voters = [...(person.userId === null ? [] : [`u${person.userId}`]), ...person.guestIds.map((id) => `g${id}`)];
  await tx.execute(sql`DELETE FROM review_votes WHERE voter IN ${inList(voters)}`);
}
