import { type Database, outboxAttempts, outboxMessages, type Queryable } from '@kapaas/db';
import { and, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { claimDueWhere, type OutboxRow } from './outbox.repository';

/*
 * The outbox's WhatsApp channel (issue 36): the rows queued for WhatsApp, claimed as mail is claimed (SKIP LOCKED, a
 * lease, retries with backoff), the wamid stored with `sent`, Meta's statuses applied only forwards, and the switch of
 * a message that failed for good to its e-mail.
 */

/** The statuses in the order they may follow each other; a webhook never moves a message back. */
const RANK = sql`CASE ${outboxMessages.waStatus} WHEN 'sent' THEN 1 WHEN 'failed' THEN 2 WHEN 'delivered' THEN 3 WHEN 'read' THEN 4 ELSE 0 END`;
const rankOf = { sent: 1, failed: 2, delivered: 3, read: 4 } as const;

/** Claims due WhatsApp messages for one sender, with mail's one claim (`claimDueWhere`): its rows not gone to e-mail. */
export function claimDueWhatsApp(db: Database, now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  return claimDueWhere(
    db,
    and(eq(outboxMessages.channel, 'whatsapp'), isNull(outboxMessages.fallbackAt)) as SQL,
    now,
    leaseMs,
    limit,
  );
}

/**
 * Whether an earlier attempt of this row began to speak to Meta and never recorded its end (its sender died between
 * the request and the answer's record): Meta may hold the message, so it is not sent on WhatsApp again.
 */
export async function sendInDoubt(db: Queryable, row: OutboxRow): Promise<boolean> {
  const open = await db
    .select({ id: outboxAttempts.id })
    .from(outboxAttempts)
    .where(
      and(
        eq(outboxAttempts.outboxId, row.id),
        isNull(outboxAttempts.finishedAt),
        lt(outboxAttempts.attempt, row.attempts),
      ),
    )
    .limit(1);
  return open.length > 0;
}

const heldBy = (row: OutboxRow) =>
  and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, 'sending'), eq(outboxMessages.attempts, row.attempts));

/**
 * Meta took the message: its wamid and `sent` in one write, so the row is never sent again. Written even when a
 * webhook got there first (it found the row by its callback data), and never over another wamid.
 */
export async function recordSent(db: Database, row: OutboxRow, attemptId: number, wamid: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(outboxMessages)
      .set({ waMessageId: wamid, status: 'sent', sentAt: now, lockedUntil: null, lastReply: `WhatsApp ${wamid}` })
      .where(and(heldBy(row), or(isNull(outboxMessages.waMessageId), eq(outboxMessages.waMessageId, wamid))));
    await tx
      .update(outboxAttempts)
      .set({ finishedAt: now, ok: true, reply: `WhatsApp ${wamid}` })
      .where(eq(outboxAttempts.id, attemptId));
  });
}

/** Ends an attempt Meta refused: tried again later, or (null) switched to e-mail by `fallBack`. */
export async function recordRefusal(
  db: Database,
  row: OutboxRow,
  attemptId: number | null,
  reply: string,
  retryAt: Date | null,
  now: Date,
) {
  await db.transaction(async (tx) => {
    if (retryAt) {
      await tx
        .update(outboxMessages)
        .set({
          status: 'queued',
          nextAttemptAt: retryAt,
          lockedUntil: null,
          lastReply: reply.slice(0, 1000),
          waError: reply.slice(0, 1000),
        })
        .where(heldBy(row));
    }
    if (attemptId !== null) {
      await tx
        .update(outboxAttempts)
        .set({ finishedAt: now, ok: false, reply: reply.slice(0, 1000) })
        .where(eq(outboxAttempts.id, attemptId));
    }
  });
}

/**
 * Switches a WhatsApp message to its e-mail, once: due at once for the mail sender, with the reason kept for the
 * console. `held` limits it to a row this sender still holds; a webhook's failure switches it whatever its state.
 * The e-mail is written again (`preparedAt` cleared): written while bound for WhatsApp, it may say so (a COD order's
 * confirmation "sent on WhatsApp"), and going in its place it must not.
 */
export async function fallBack(
  db: Queryable,
  id: number,
  reason: string,
  now: Date,
  held?: OutboxRow,
): Promise<boolean> {
  const changed = await db
    .update(outboxMessages)
    .set({
      fallbackAt: now,
      fallbackReason: reason.slice(0, 1000),
      status: 'queued',
      nextAttemptAt: now,
      lockedUntil: null,
      sentAt: null,
      preparedAt: null,
    })
    .where(and(held ? heldBy(held) : eq(outboxMessages.id, id), isNull(outboxMessages.fallbackAt)))
    .returning({ id: outboxMessages.id });
  return changed.length > 0;
}

/** Meta refused the send for good (a template not approved, a parameter count): its e-mail, written again, goes instead. */
export async function failedForGood(db: Queryable, row: OutboxRow, reply: string, now: Date): Promise<void> {
  const text = reply.slice(0, 1000);
  await db
    .update(outboxMessages)
    .set({
      waStatus: 'failed',
      waStatusAt: now,
      waError: text,
      lastReply: text,
      fallbackAt: now,
      fallbackReason: `${text.slice(0, 900)}: sent by e-mail instead`,
      status: 'queued',
      nextAttemptAt: now,
      lockedUntil: null,
      preparedAt: null,
    })
    .where(and(heldBy(row), isNull(outboxMessages.fallbackAt)));
}

export interface WhatsAppStatusUpdate {
  /** Meta's id of the message (wamid). */
  messageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** Meta's error of a failure, as `code: title`. */
  error?: string | undefined;
  /** The `biz_opaque_callback_data` the status echoes: the outbox row's message id. */
  callbackData?: string | undefined;
  at: Date;
}

/**
 * Applies a status webhook to its outbox message: only forwards (sent → delivered → read; a failure after `sent`), so
 * statuses out of order or twice change nothing. A row whose sender died before storing the wamid is found by the
 * callback data and is then sent for good. A failure switches the message to its e-mail. Answers whether the
 * status was the shop's message's.
 */
export async function recordWhatsAppStatus(db: Database, update: WhatsAppStatusUpdate): Promise<boolean> {
  return db.transaction(async (tx) => {
    const byId = eq(outboxMessages.waMessageId, update.messageId);
    const match = update.callbackData
      ? or(byId, and(isNull(outboxMessages.waMessageId), eq(outboxMessages.messageId, update.callbackData)))
      : byId;
    const [row] = await tx
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.channel, 'whatsapp'), match))
      .for('update');
    if (!row) return false;
    const moves = sql`${RANK} < ${rankOf[update.status]}`;
    await tx
      .update(outboxMessages)
      .set({
        waMessageId: update.messageId,
        waStatus: update.status,
        waStatusAt: update.at,
        ...(update.error ? { waError: update.error.slice(0, 1000) } : {}),
        // Meta has it: a row its sender left sending is sent, and never sent again.
        ...(row.status === 'sending' && update.status !== 'failed'
          ? { status: 'sent' as const, sentAt: update.at, lockedUntil: null }
          : {}),
      })
      .where(and(eq(outboxMessages.id, row.id), moves));
    if (update.status === 'failed' && (row.waStatus === null || row.waStatus === 'sent')) {
      await fallBack(
        tx,
        row.id,
        `WhatsApp could not deliver it (${update.error ?? 'failed'}): sent by e-mail instead`,
        new Date(),
      );
    }
    return true;
  });
}

/** The outbox message Meta knows by this wamid: its kind and key (which name its order), or null. */
export async function whatsAppMessageOf(
  db: Queryable,
  wamid: string,
): Promise<{ kind: string; key: string; phone: string | null } | null> {
  const [row] = await db
    .select({ kind: outboxMessages.kind, key: outboxMessages.key, phone: outboxMessages.waPhone })
    .from(outboxMessages)
    .where(eq(outboxMessages.waMessageId, wamid));
  return row ?? null;
}
