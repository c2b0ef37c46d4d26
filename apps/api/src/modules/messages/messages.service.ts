import type { Queryable } from '@kapaas/db';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import { queueMail } from '../mail';
import { addNewsletterSubscriber, insertContactMessage } from './messages.repository';

// The contact form and the footer's newsletter box: stored for the shop, limited per address
// (`address` is the client's, as the route read it).

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

/** Subscribing an address twice is harmless: the second time changes nothing. */
export async function subscribeToNewsletter(
  db: Queryable,
  limits: Limits,
  address: string,
  email: string,
): Promise<void> {
  await new RateLimiter(db).hit(`newsletter:ip:${address}`, limits.messagesPerAddress);
  await addNewsletterSubscriber(db, email.toLowerCase());
}
