import type { ConsentPurpose } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import type { Owner } from '../../lib/owner';
import { addressSnapshotOf } from '../addresses';
import { recordConsents } from '../consent';

/**
 * The boxes the shopper ticked at checkout (issue 35), each a consent in the ledger with the notice the page linked
 * to: an account's by the account, a guest's by the e-mail and phone of the delivery address (a guest has nothing
 * else the shop can reach). Recorded once the order is placed: the form that said it was sent.
 */
export async function recordCheckoutConsents(
  db: Queryable,
  owner: Owner,
  form: { addressId: number; purposes: readonly ConsentPurpose[]; noticeVersion: number; clientAddress: string },
): Promise<void> {
  if (form.purposes.length === 0) return;
  const address = await addressSnapshotOf(db, owner, form.addressId);
  const person =
    owner.kind === 'user'
      ? { userId: owner.userId }
      : { email: address?.email_id ?? null, phone: address?.phone_number ?? null };
  if (!person.userId && !person.email && !person.phone) return;
  const entry = { person, given: true, source: 'checkout' as const, noticeVersion: form.noticeVersion };
  await recordConsents(
    db,
    form.purposes.map((purpose) => ({ ...entry, purpose, clientAddress: form.clientAddress })),
  );
}
