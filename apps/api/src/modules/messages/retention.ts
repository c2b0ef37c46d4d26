import { and, isNull, lt, newsletterSubscribers, type Queryable } from '@kapaas/db';

/**
 * Deletes the newsletter sign-ups made before `before` whose address never followed the confirmation link (issue
 * 35's retention): without it the address never consented, and the link the shop sent has long lapsed. Answers how
 * many went.
 */
export async function deleteUnconfirmedSignups(db: Queryable, before: Date): Promise<number> {
  const gone = await db
    .delete(newsletterSubscribers)
    .where(and(isNull(newsletterSubscribers.confirmedAt), lt(newsletterSubscribers.createdAt, before)))
    .returning({ id: newsletterSubscribers.id });
  return gone.length;
}
