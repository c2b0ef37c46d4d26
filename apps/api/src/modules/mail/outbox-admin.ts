import { randomUUID } from 'node:crypto';
import type { AdminOutboxAttempt, AdminOutboxMessage, AdminOutboxSummary } from '@kapaas/contract';
import { adminUsers, outboxAttempts, outboxMessages, type Queryable, type Transaction } from '@kapaas/db';
import { and, asc, count, desc, eq, ilike, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/errors';
import { CHILD_MAIL_KINDS, MAIL_KINDS, type MailKind } from './kinds';
import type { OutboxRow } from './outbox.repository';
import { mayMarket } from './queue';
import { SEALED_PLACEHOLDER } from './seal';
import { messageIdOf, sentHeaders } from './sender';
import type { MailSettings } from './settings';

// "Messages sent" in the console: every message of the outbox, readable as it goes out (a sealed
// secret masked), with its attempts, and "Resend", which queues a copy as a new message.

/** What the console shows where a message carries a secret (a reset link's token): the secret exists in clear only in the e-mail. */
export const SEALED_MASK = '(link sent only in the e-mail)';

/** A queued message's status when the shop has no mail server: it is written and waits. */
export const WAITING_FOR_SERVER = 'Waiting: no mail server is set (SMTP_URL)';

/** Who looks: owners see every message; staff do not see the team's own (see {@link shownTo}). */
export interface OutboxViewer {
  owner: boolean;
}

export interface OutboxListQuery {
  page: number;
  per_page: number;
  q?: string | undefined;
  status?: AdminOutboxSummary['status'] | undefined;
  kind?: string | undefined;
  channel?: AdminOutboxSummary['channel'] | undefined;
}

/** The human name of a kind; an unknown kind (a message of a later version) reads as itself. */
export function kindLabel(kind: string): string {
  return kind in MAIL_KINDS ? MAIL_KINDS[kind as MailKind].label : kind;
}

/** Every kind with its name, for the console's filter. */
export const outboxKinds = () => Object.entries(MAIL_KINDS).map(([value, { label }]) => ({ value, label }));

/** A message's status in a sentence, for the list and the page. */
export function statusText(row: Pick<OutboxRow, 'status' | 'attempts'>, mailServer: boolean): string {
  switch (row.status) {
    case 'queued':
      if (!mailServer) return WAITING_FOR_SERVER;
      return row.attempts > 0 ? 'Queued: the mail server did not take it yet; it will be tried again' : 'Queued';
    case 'sending':
      return 'Sending';
    case 'sent':
      return 'Sent';
    case 'failed':
      return 'Failed: given up';
    case 'skipped':
      return 'Not sent';
  }
}

/**
 * Messages to the team (the owners' copies, and anything sent to an admin's own address, such as
 * an admin's password reset) are shown to owners only: the team's addresses are owners' business,
 * as the team itself is (ADR 013). So are the messages that name a child (ADR 059): staff never see a child.
 */
export function shownTo(viewer: OutboxViewer): SQL | undefined {
  if (viewer.owner) return undefined;
  return and(
    eq(outboxMessages.audience, 'shopper'),
    notInArray(outboxMessages.kind, [...CHILD_MAIL_KINDS]),
    sql`NOT EXISTS (SELECT 1 FROM ${adminUsers} WHERE lower(${adminUsers.email}) = lower(${outboxMessages.recipient}))`,
  );
}

/** A case-insensitive "contains", LIKE's wildcards taken literally. */
const contains = (column: AnyPgColumn, text: string) => ilike(column, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

export function summaryOf(row: OutboxRow, mailServer: boolean): AdminOutboxSummary {
  return {
    id: row.id,
    kind: row.kind,
    kind_label: kindLabel(row.kind),
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    status_text: statusText(row, mailServer),
    attempts: row.attempts,
    last_reply: row.lastReply,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    next_attempt_at: row.nextAttemptAt.toISOString(),
    resent_from: row.resentFrom,
    channel: row.channel,
    whatsapp: whatsAppOf(row),
    fallback_reason: row.fallbackReason,
  };
}

/** The WhatsApp side of a message meant for WhatsApp, else null. */
function whatsAppOf(row: OutboxRow): AdminOutboxSummary['whatsapp'] {
  if (!row.waPhone || !row.waTemplate) return null;
  return {
    phone: row.waPhone,
    template: row.waTemplate.template,
    language: row.waTemplate.language,
    message_id: row.waMessageId,
    status: row.waStatus,
    status_at: row.waStatusAt?.toISOString() ?? null,
    error: row.waError,
  };
}

/** A page of the outbox, newest first, filtered by status, kind and text in the recipient or subject. */
export async function listOutbox(db: Queryable, settings: MailSettings, query: OutboxListQuery, viewer: OutboxViewer) {
  const q = query.q?.trim();
  const where = and(
    shownTo(viewer),
    query.status ? eq(outboxMessages.status, query.status) : undefined,
    query.kind ? eq(outboxMessages.kind, query.kind) : undefined,
    query.channel ? eq(outboxMessages.channel, query.channel) : undefined,
    q ? or(contains(outboxMessages.recipient, q), contains(outboxMessages.subject, q)) : undefined,
  );
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(where)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await db.select({ n: count() }).from(outboxMessages).where(where);
  const mailServer = settings.smtpUrl !== null;
  return { items: rows.map((row) => summaryOf(row, mailServer)), total: total?.n ?? 0 };
}

/** A stored body with its sealed secret's place masked: nothing of the secret leaves the database. */
export const masked = (body: string | null) => body?.replaceAll(SEALED_PLACEHOLDER, SEALED_MASK) ?? null;

/** The headers the message goes out with: From, To, Subject and Message-ID, then the sender's own (mail/sender.ts). */
export function headersOf(settings: MailSettings, row: OutboxRow): Record<string, string> {
  return {
    From: settings.from,
    To: row.recipient ?? '',
    Subject: row.subject ?? '',
    'Message-ID': messageIdOf(settings, row),
    ...sentHeaders(settings, row),
  };
}

/** A message the viewer may see, or null (none, or one of the team's for staff). */
async function visibleRow(db: Queryable, id: number, viewer: OutboxViewer, lock = false) {
  const query = db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.id, id), shownTo(viewer)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Why a message cannot be resent now, or null when it can. */
export async function resendRefusal(db: Queryable, row: OutboxRow, now = new Date()): Promise<string | null> {
  if (row.status === 'queued') return 'This message is still waiting to go out; it can be resent once it was sent.';
  if (row.status === 'sending') return 'This message is being sent right now; it can be resent once it was sent.';
  const expiresAt = row.payload.expires_at;
  if (typeof expiresAt === 'string' && new Date(expiresAt).getTime() < now.getTime()) {
    return 'This link has expired; the shopper can ask for a new one.';
  }
  if (row.marketing && row.recipient && !(await mayMarket(db, row.kind as MailKind, row.recipient))) {
    return 'The recipient withdrew their consent to these messages; they get no more of them.';
  }
  return null;
}

/** One message in full, as the viewer may see it, or null. */
export async function findOutboxMessage(
  db: Queryable,
  settings: MailSettings,
  id: number,
  viewer: OutboxViewer,
): Promise<AdminOutboxMessage | null> {
  const row = await visibleRow(db, id, viewer);
  if (!row) return null;
  const attempts = await db
    .select()
    .from(outboxAttempts)
    .where(eq(outboxAttempts.outboxId, id))
    .orderBy(asc(outboxAttempts.attempt), asc(outboxAttempts.id));
  const copies = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.resentFrom, id), shownTo(viewer)))
    .orderBy(asc(outboxMessages.id));
  return {
    ...summaryOf(row, settings.smtpUrl !== null),
    audience: row.audience,
    marketing: row.marketing,
    message_id: messageIdOf(settings, row),
    html: masked(row.html),
    text: masked(row.text),
    headers: headersOf(settings, row),
    attempt_history: attempts.map(
      (attempt): AdminOutboxAttempt => ({
        attempt: attempt.attempt,
        started_at: attempt.startedAt.toISOString(),
        finished_at: attempt.finishedAt?.toISOString() ?? null,
        ok: attempt.ok,
        reply: attempt.reply,
      }),
    ),
    resent_as: copies.map((copy) => copy.id),
    mail_server: settings.smtpUrl !== null,
    resend_refusal: await resendRefusal(db, row),
  };
}

/** What a resend queued: the copy, and the message it copies. */
export interface Resent {
  id: number;
  original: OutboxRow;
}

/**
 * Queues a copy of a message as a new one (key `resend:<id>:<n>`, a new Message-ID, `resent_from`
 * the original), rendered again by the worker; in the caller's transaction, so its audit entry
 * commits with it. The original is locked, so two resends at once make two numbered copies. Throws
 * NOT_FOUND, or CONFLICT with the reason when it cannot be resent now.
 */
export async function resendMessage(tx: Transaction, id: number, viewer: OutboxViewer): Promise<Resent> {
  const original = await visibleRow(tx, id, viewer, true);
  if (!original) throw new AppError('NOT_FOUND', 'Message not found.');
  const refusal = await resendRefusal(tx, original);
  if (refusal) throw new AppError('CONFLICT', refusal);
  const [before] = await tx.select({ n: count() }).from(outboxMessages).where(eq(outboxMessages.resentFrom, id));
  const [copy] = await tx
    .insert(outboxMessages)
    .values({
      key: `resend:${id}:${(before?.n ?? 0) + 1}`,
      messageId: randomUUID(),
      kind: original.kind,
      audience: original.audience,
      recipient: original.recipient,
      payload: original.payload,
      sealed: original.sealed,
      marketing: original.marketing,
      resentFrom: id,
    })
    .returning({ id: outboxMessages.id });
  if (!copy) throw new Error('the copy was not queued');
  return { id: copy.id, original };
}
