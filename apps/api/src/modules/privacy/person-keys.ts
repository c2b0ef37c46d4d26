import { type Queryable, sql } from '@kapaas/db';
import { inList, type PersonKeys, rowsOf } from '../../lib/person';
import { accountContacts } from '../identity';

// Whose rows an owner's export or erasure covers (issue 35, the console). An account's: its id, e-mail and phone. A
// guest's (a rights request confirmed by a link to its e-mail): that address, the phone numbers its orders were
// delivered to, and the guests who placed orders or saved addresses with it; the owner matched the person, the link
// proved the address.

/** The keys of an account, or null when there is no such account. */
export async function accountKeys(db: Queryable, userId: number): Promise<PersonKeys | null> {
  const account = await accountContacts(db, userId);
  if (!account) return null;
  return { userId, guestIds: [], emails: [account.email.toLowerCase()], phones: [account.phone] };
}

/** The keys of a guest known by an e-mail address. */
export async function guestKeys(db: Queryable, email: string): Promise<PersonKeys> {
  const emails = [email.toLowerCase()];
  const found = rowsOf<{ guest_id: number; phone: string }>(
    await db.execute(sql`
      SELECT guest_id, address_snapshot->>'phone_number' AS phone FROM orders
      WHERE guest_id IS NOT NULL AND lower(address_snapshot->>'email_id') IN ${inList(emails)}
      UNION
      SELECT guest_id, phone FROM addresses WHERE guest_id IS NOT NULL AND lower(email) IN ${inList(emails)}`),
  );
  const guestIds = [...new Set(found.map((row) => Number(row.guest_id)))];
  const phones = [...new Set(found.map((row) => row.phone).filter((phone) => phone !== ''))];
  return { userId: null, guestIds, emails, phones };
}

/** The keys of a rights request's person: its account's, or a guest's by the address it confirmed. */
export async function requestKeys(db: Queryable, request: { userId: number | null; email: string }) {
  if (request.userId !== null) {
    const keys = await accountKeys(db, request.userId);
    if (keys) return keys;
  }
  return guestKeys(db, request.email);
}
