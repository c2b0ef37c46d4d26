import { contactMessages, newsletterSubscribers, type Queryable } from '@kapaas/db';

export async function insertContactMessage(
  db: Queryable,
  message: { name: string; email: string; mobile: string; message: string },
): Promise<number> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error('the contact message was not stored');
  return row.id;
}

/** Adds an address to the newsletter list; one already there (in any letter case) stays as it is. */
export async function addNewsletterSubscriber(db: Queryable, email: string): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}
