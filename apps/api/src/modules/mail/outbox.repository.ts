import { type Database, outboxAttempts, outboxMessages, type Queryable } from '@kapaas/db';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';

export type OutboxRow = typeof outboxMessages.$inferSelect;

/** Messages not yet rendered, oldest first; one held until later (hold.ts) waits for its time. */
export async function unprepared(db: Queryable, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outboxMessages)
    .where(
      and(
        isNull(outboxMessages.preparedAt),
        inArray(outboxMessages.status, ['queued', 'sending']),
        lte(outboxMessages.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(asc(outboxMessages.id))
    .limit(limit);
}

/** Stores a message's rendered subject and bodies, once: a second renderer's copy is not written. */
export async function storePrepared(
  db: Queryable,
  id: number,
  prepared: { recipient: string; subject: string; html: string; text: string },
  now: Date,
): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ ...prepared, preparedAt: now })
    .where(and(eq(outboxMessages.id, id), isNull(outboxMessages.preparedAt)));
}

/**
 * Gives up a message that could not be written (its order is gone, a template failed): it is not tried again. A
 * message still bound for WhatsApp gives up only its e-mail (marked written, with nothing to send): its template
 * needs none of it, and its sender may hold it at this moment.
 */
export async function failUnprepared(db: Queryable, id: number, reply: string): Promise<void> {
  const onWhatsApp = and(eq(outboxMessages.channel, 'whatsapp'), isNull(outboxMessages.fallbackAt));
  await db
    .update(outboxMessages)
    .set({
      status: sql`CASE WHEN ${onWhatsApp} THEN ${outboxMessages.status} ELSE 'failed' END`,
      lockedUntil: sql`CASE WHEN ${onWhatsApp} THEN ${outboxMessages.lockedUntil} ELSE NULL END`,
      preparedAt: sql`CASE WHEN ${onWhatsApp} THEN now() ELSE NULL END`,
      lastReply: reply.slice(0, 1000),
    })
    .where(and(eq(outboxMessages.id, id), isNull(outboxMessages.preparedAt)));
}

/**
 * Claims up to `limit` due messages for one sender: queued ones whose time has come, and those a
 * sender claimed but never finished (its claim lapsed: it died or hung). `FOR UPDATE SKIP LOCKED`
 * makes two senders on one PostgreSQL take different messages; the claim commits before anything is
 * sent, and carries the attempt number the sender must still hold to finish the message.
 */
export async function claimDue(db: Database, now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  return claimDueWhere(
    db,
    and(
      sql`${outboxMessages.preparedAt} IS NOT NULL`,
      // E-mail's rows, and WhatsApp's that went to their e-mail (whatsapp-outbox.ts claims the others).
      or(eq(outboxMessages.channel, 'email'), isNotNull(outboxMessages.fallbackAt)),
    ) as SQL,
    now,
    leaseMs,
    limit,
  );
}

/**
 * The one claim of due messages, for any channel's sender (`which` picks its rows): queued and due, or claimed by a
 * sender whose lease lapsed; `FOR UPDATE SKIP LOCKED`, then a lease, committed before anything is sent.
 */
export async function claimDueWhere(
  db: Database,
  which: SQL,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(
          which,
          or(
            // Due by the sender's clock, which reads milliseconds: a row the database stamped (in microseconds) within
            // the millisecond `now` names is due too, or a message queued just before a pass waits for the next.
            and(eq(outboxMessages.status, 'queued'), lt(outboxMessages.nextAttemptAt, new Date(now.getTime() + 1))),
            and(eq(outboxMessages.status, 'sending'), lt(outboxMessages.lockedUntil, now)),
          ),
        ),
      )
      .orderBy(asc(outboxMessages.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(outboxMessages)
      .set({
        status: 'sending',
        attempts: sql`${outboxMessages.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + leaseMs),
      })
      .where(
        inArray(
          outboxMessages.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    // In the order they were queued (PostgreSQL returns updated rows in no particular order): an order's
    // "paid" goes before its "shipped".
    return claimed.sort((a, b) => a.id - b.id);
  });
}

/** Opens the attempt's record before the server is spoken to. */
export async function startAttempt(db: Queryable, row: OutboxRow, now: Date): Promise<number> {
  const [attempt] = await db
    .insert(outboxAttempts)
    .values({ outboxId: row.id, attempt: row.attempts, startedAt: now })
    .returning({ id: outboxAttempts.id });
  if (!attempt) throw new Error('the attempt was not recorded');
  return attempt.id;
}

export type Outcome =
  | { status: 'sent'; reply: string }
  | { status: 'queued'; reply: string; retryAt: Date }
  | { status: 'failed' | 'skipped'; reply: string };

/**
 * Ends a claimed message's attempt, only if this sender still holds the claim (same attempt
 * number, still sending): a sender that outlived its claim changes nothing. Answers whether it did.
 */
export async function finish(db: Database, row: OutboxRow, attemptId: number | null, outcome: Outcome, now: Date) {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(outboxMessages)
      .set({
        status: outcome.status,
        lastReply: outcome.reply.slice(0, 1000),
        lockedUntil: null,
        ...(outcome.status === 'sent' ? { sentAt: now } : {}),
        ...(outcome.status === 'queued' ? { nextAttemptAt: outcome.retryAt } : {}),
      })
      .where(
        and(
          eq(outboxMessages.id, row.id),
          eq(outboxMessages.status, 'sending'),
          eq(outboxMessages.attempts, row.attempts),
        ),
      )
      .returning({ id: outboxMessages.id });
    if (attemptId !== null) {
      await tx
        .update(outboxAttempts)
        .set({ finishedAt: now, ok: outcome.status === 'sent', reply: outcome.reply.slice(0, 1000) })
        .where(eq(outboxAttempts.id, attemptId));
    }
    return changed.length > 0;
  });
}

/**
 * Frees the claims of senders that are gone: on the embedded database only this process can hold
 * one, so at start every message left `sending` (its sender was killed) is due again at once.
 */
export async function releaseClaims(db: Queryable, now: Date): Promise<number> {
  const released = await db
    .update(outboxMessages)
    .set({ lockedUntil: now })
    .where(eq(outboxMessages.status, 'sending'))
    .returning({ id: outboxMessages.id });
  return released.length;
}
