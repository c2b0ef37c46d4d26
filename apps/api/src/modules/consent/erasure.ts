import { type Queryable, sql } from '@kapaas/db';
import { inList, type PersonKeys } from '../../lib/person';

/**
 * A person's ledger entries stay as proof of what was consented and withdrawn, without the identity (issue 35):
 * the account, e-mail, phone and client address are cleared.
 */
export async function forgetConsentsOf(tx: Queryable, person: PersonKeys): Promise<void> {
  await tx.execute(sql`
    UPDATE consents SET user_id = NULL, email = NULL, phone = NULL, client_address = NULL
    WHERE user_id = ${person.userId} OR lower(email) IN ${inList(person.emails)} OR phone IN ${inList(person.phones)}`);
}
