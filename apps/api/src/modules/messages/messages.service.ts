import type { Database, Queryable } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import { type MailSettings, queueMail, suppress, validUnsubscribeSignature } from '../mail';
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

/**
 * The one-click unsubscribe (RFC 8058): for a correctly signed address, no more marketing (back in
 * stock, cart reminders) and off the newsletter. Order messages still go. Saying it twice is harmless.
 */
export async function unsubscribe(
  deps: { db: Database; mail: MailSettings },
  email: string,
  signature: string,
): Promise<void> {
  if (!validUnsubscribeSignature(deps.mail.secret, email.toLowerCase(), signature)) {
    throw new AppError(
      'INVALID_DATA',
      'This unsubscribe link is not valid. Please use the link in the latest message we sent you.',
      { code: 'INVALID_SIGNATURE' },
    );
  }
  await deps.db.transaction(async (tx) => {
    await suppress(tx, email);
    await removeSubscriber(tx, email);
  });
}
