import type { Queryable } from '@kapaas/db';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
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
  await insertContactMessage(db, message);
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
