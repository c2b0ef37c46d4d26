import { and, inArray, isNotNull, lt, or, outboxMessages, type Queryable, sql } from '@kapaas/db';

/** The statuses a message ends in: nothing will render or send it again. */
const FINISHED = ['sent', 'failed', 'skipped'] as const;

/**
 * Clears what a finished message said (its subject stays as the console's one-line description; its bodies, template
 * data, sealed secret and the server's last reply go) when it was queued before `before` (issue 35's retention). Who
 * it went to, its kind, when and how it went stay, as the processing record. Answers how many were cleared.
 */
export async function clearOldBodies(db: Queryable, before: Date): Promise<number> {
  const cleared = await db
    .update(outboxMessages)
    .set({ html: null, text: null, payload: {}, sealed: null, lastReply: null })
    .where(
      and(
        lt(outboxMessages.createdAt, before),
        inArray(outboxMessages.status, [...FINISHED]),
        or(
          isNotNull(outboxMessages.html),
          isNotNull(outboxMessages.text),
          isNotNull(outboxMessages.sealed),
          isNotNull(outboxMessages.lastReply),
          sql`${outboxMessages.payload} <> '{}'::jsonb`,
        ),
      ),
    )
    .returning({ id: outboxMessages.id });
  return cleared.length;
}

/**
 * Deletes the records of finished messages queued before `before`, their attempts with them (cascade): the
 * processing log's end, a year at least after the message (DPDP Rules, Rule 6). Answers how many went.
 */
export async function deleteOldRecords(db: Queryable, before: Date): Promise<number> {
  const gone = await db
    .delete(outboxMessages)
    .where(and(lt(outboxMessages.createdAt, before), inArray(outboxMessages.status, [...FINISHED])))
    .returning({ id: outboxMessages.id });
  return gone.length;
}
