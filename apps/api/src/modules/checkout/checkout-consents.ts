import type { ConsentPurpose } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import type { Owner } from '../../lib/owner';
import { whatsAppNumberOf } from '../../lib/whatsapp-number';
import { addressSnapshotOf } from '../addresses';
import { type ConsentEntry, recordConsents } from '../consent';

/**
 * The boxes the shopper ticked at checkout (issue 35), each a consent in the ledger with the notice the page linked
 * to: an account's by the account, a guest's by the e-mail and phone of the delivery address (a guest has nothing
 * else the shop can reach). Recorded once the order is placed: the form that said it was sent.
 */
export async function recordCheckoutConsents(
  db: Queryable,
  owner: Owner,
  form: {
    addressId: number;
    purposes: readonly ConsentPurpose[];
    whatsAppUpdates: boolean;
    noticeVersion: number;
    clientAddress: string;
  },
): Promise<void> {
  if (form.purposes.length === 0 && !form.whatsAppUpdates) return;
  const address = await addressSnapshotOf(db, owner, form.addressId);
  const person =
    owner.kind === 'user'
      ? { userId: owner.userId }
      : { email: address?.email_id ?? null, phone: address?.phone_number ?? null };
  const entry = { given: true, source: 'checkout' as const, noticeVersion: form.noticeVersion };
  const entries: ConsentEntry[] = [];
  if (person.userId || person.email || person.phone)
    entries.push(...form.purposes.map((purpose) => ({ ...entry, person, purpose, clientAddress: form.clientAddress })));
  // WhatsApp is asked of the number the box named, the delivery address's, even for an account: the outbox asks the
  // ledger by the phone a message goes to (ADR 050).
  const phone = address?.phone_number ? whatsAppNumberOf(address.phone_number) : null;
  if (form.whatsAppUpdates && phone)
    entries.push({ ...entry, person: { phone }, purpose: 'whatsapp_updates', clientAddress: form.clientAddress });
  await recordConsents(db, entries);
}
