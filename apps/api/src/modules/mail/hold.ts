import { outboxMessages, type Queryable } from '@kapaas/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';

/*
 * A message held before it is written: queued with its event (so it goes even if the process dies next), but rendered
 * only once what it shows exists, or at the latest when the hold ends. A COD order's confirmation waits so for its
 * payment link (issue 34, ADR 048), which is made after the order commits, at Razorpay.
 */

/** Holds the message queued under `key`, in the caller's transaction, until `until` at the latest. */
export async function holdMail(tx: Queryable, key: string, until: Date): Promise<void> {
  await tx
    .update(outboxMessages)
    .set({ nextAttemptAt: until })
    .where(and(eq(outboxMessages.key, key), isNull(outboxMessages.preparedAt)));
}

/** Lets a held message go now: the worker's next pass writes it. A message not held is left as it is. */
export async function releaseMail(db: Queryable, key: string): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(outboxMessages.key, key),
        isNull(outboxMessages.preparedAt),
        eq(outboxMessages.status, 'queued'),
        gt(outboxMessages.nextAttemptAt, sql`now()`),
      ),
    );
}
