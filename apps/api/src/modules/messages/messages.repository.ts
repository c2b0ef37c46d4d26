import { contactMessages, newsletterSubscribers, type Queryable } from '@kapaas/db';

export async function insertContactMessage(
  db: Queryable,
  message: { name: string; email: string; mobile: string; message: string },
): Promise<void> {
  await db.insert(contactMessages).values(message);
}

/** Adds an address to the newsletter list; one already there (in any letter case) stays as it is. */
export async function addNewsletterSubscriber(db: Queryable, email: string): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}
