import type { ConsentPurpose } from '@kapaas/contract';
import type { Database, Queryable } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import { recordConsents } from '../consent';
import { type MailSettings, queueMail, validUnsubscribeSignature } from '../mail';
import { insertContactMessage, removeSubscriber } from './messages.repository';

// The contact form, stored for the shop and limited per address (`address` is the client's, as
// the route read it); and the one-click unsubscribe.

/** Stores a message sent through the contact form. */
export async function sendContactMessage(
  db: Queryable,
  limits: Limits,
  address: string,
  message: { name: string; email: string; mobile: string; message: string },
): Promise<void> {
  await new RateLimiter(db).hit(`contact:ip:${address}`, limits.messagesPerAddress);
  // The shopper's receipt and the owner's copy go out if and only if the message is stored.
  await db.transaction(async (tx) => {
    const id = await insertContactMessage(tx, message);
    await queueMail(tx, {
      kind: 'contact_received',
      key: `contact-received:${id}`,
      to: message.email,
      payload: { contact_id: id },
    });
    await queueMail(tx, { kind: 'owner_contact', key: `owner-contact:${id}`, payload: { contact_id: id } });
  });
}

/** The purposes an e-mail is sent for: an old link without a purpose withdraws them all. */
const EMAIL_PURPOSES = ['marketing_email', 'cart_reminders', 'back_in_stock'] as const;

/**
 * The one-click withdrawal (RFC 8058) of a marketing message's footer and List-Unsubscribe header: for a correctly
 * signed address, the link's purpose is withdrawn in the consent ledger (source `message_footer`); withdrawing
 * `marketing_email` also takes the address off the newsletter. A link without a purpose (sent before the ledger)
 * withdraws every e-mail purpose. Order messages still go. Saying it twice is harmless: it is recorded twice.
 */
export async function unsubscribe(
  deps: { db: Database; mail: MailSettings },
  link: { email: string; signature: string; purpose: ConsentPurpose | undefined },
  clientAddress: string,
): Promise<void> {
  const { email, signature, purpose } = link;
  if (!validUnsubscribeSignature(deps.mail.secret, email.toLowerCase(), signature, purpose ?? null)) {
    throw new AppError(
      'INVALID_DATA',
      'This unsubscribe link is not valid. Please use the link in the latest message we sent you.',
      { code: 'INVALID_SIGNATURE' },
    );
  }
  const purposes: ConsentPurpose[] = purpose ? [purpose] : [...EMAIL_PURPOSES];
  await deps.db.transaction(async (tx) => {
    const person = { email };
    const entries = purposes.map((p) => ({
      person,
      purpose: p,
      given: false,
      source: 'message_footer' as const,
      clientAddress,
    }));
    await recordConsents(tx, entries);
    if (purposes.includes('marketing_email')) await removeSubscriber(tx, email);
  });
}
