import { type Queryable, sql } from '@kapaas/db';
import { inList, type PersonKeys } from '../../lib/person';

/** A person's saved addresses go with their erasure (issue 35): by account, guest, e-mail or phone. */
export async function deleteAddressesOf(tx: Queryable, person: PersonKeys): Promise<void> {
  await tx.execute(sql`
    DELETE FROM addresses
    WHERE user_id = ${person.userId} OR guest_id IN ${inList(person.guestIds)}
      OR lower(email) IN ${inList(person.emails)} OR phone IN ${inList(person.phones)}`);
}
