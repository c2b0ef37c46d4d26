import type { Database } from '@kapaas/db';
import type { Logger } from '../../lib/deps';
import { type MailKind, purposeOf } from './kinds';
import { unsubscribeUrl } from './links';
import {
  claimDue,
  failUnprepared,
  finish,
  type OutboxRow,
  type Outcome,
  startAttempt,
  storePrepared,
  unprepared,
} from './outbox.repository';
import { mayMarket } from './queue';
import { attachmentsOf, renderOutboxMessage } from './render';
import { SEALED_PLACEHOLDER, unseal } from './seal';
import { type MailSettings, senderDomain } from './settings';
import { isPermanent, type MailTransport, type OutgoingMail, replyOf } from './transport';

export interface MailerDeps {
  db: Database;
  log: Logger;
  mail: MailSettings;
}

/** How long a sender holds a claimed message: longer than any SMTP timeout (transport.ts). */
export const CLAIM_MS = 2 * 60_000;
/** After this many attempts a message is given up (failed), its last reply kept. */
export const MAX_ATTEMPTS = 8;
const BATCH = 20;

/** 30 s after the first failure, doubling, at most an hour apart. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * Renders the messages queued since the last pass (subject, HTML and text), so the console shows
 * each as it will go out, with or without a mail server. Answers how many it rendered.
 */
export async function prepareMessages(deps: MailerDeps, now = new Date()): Promise<number> {
  const rows = await unprepared(deps.db, BATCH);
  for (const row of rows) {
    try {
      await storePrepared(deps.db, row.id, await renderOutboxMessage(deps, row), now);
    } catch (err) {
      deps.log.error({ err, outboxId: row.id, kind: row.kind }, 'could not render a message');
      await failUnprepared(deps.db, row.id, `Could not be written: ${replyOf(err)}`);
    }
  }
  return rows.length;
}

/**
 * One pass of the sender: claims due messages, hands each to the mail server, and records the
 * outcome: sent, tried again later (backing off), or given up. Answers how many were sent.
 */
export async function sendDueMessages(
  deps: MailerDeps,
  transport: MailTransport,
  now = new Date(),
  claimMs = CLAIM_MS,
): Promise<number> {
  let sent = 0;
  for (const row of await claimDue(deps.db, now, claimMs, BATCH)) {
    if ((await sendOne(deps, transport, row, now)) === 'sent') sent += 1;
  }
  return sent;
}

async function sendOne(
  deps: MailerDeps,
  transport: MailTransport,
  row: OutboxRow,
  now: Date,
): Promise<Outcome['status']> {
  const ready = await readyToSend(deps, row);
  if ('skip' in ready) {
    await finish(deps.db, row, null, { status: 'skipped', reply: ready.skip }, new Date());
    return 'skipped';
  }
  const attemptId = await startAttempt(deps.db, row, new Date());
  let outcome: Outcome;
  try {
    const { response } = await transport.send(ready.mail);
    outcome = { status: 'sent', reply: response };
  } catch (error) {
    outcome = failureOf(row, error, now);
    deps.log.warn({ outboxId: row.id, attempt: row.attempts, reply: outcome.reply }, 'a message was not accepted');
  }
  const done = await finish(deps.db, row, attemptId, outcome, new Date());
  if (!done) deps.log.warn({ outboxId: row.id }, 'a message outlived its claim; another sender has it');
  return outcome.status;
}

function failureOf(row: OutboxRow, error: unknown, now: Date): Outcome {
  const reply = replyOf(error);
  if (isPermanent(error) || row.attempts >= MAX_ATTEMPTS) return { status: 'failed', reply };
  return { status: 'queued', reply, retryAt: new Date(now.getTime() + retryDelayMs(row.attempts)) };
}

/** The message as it goes out, or why it must not go. */
async function readyToSend(deps: MailerDeps, row: OutboxRow): Promise<{ mail: OutgoingMail } | { skip: string }> {
  if (!row.recipient || !row.subject || row.html === null || row.text === null)
    return { skip: 'Nothing to send: the message has no recipient.' };
  if (row.marketing && !(await mayMarket(deps.db, row.kind as MailKind, row.recipient)))
    return { skip: 'Not sent: the recipient withdrew their consent to this kind of message.' };
  let { html, text } = row;
  if (row.sealed) {
    const secret = unseal(deps.mail.secret, row.sealed);
    if (secret === null) return { skip: 'Not sent: its link could not be opened (the shop’s secret changed).' };
    html = html.replaceAll(SEALED_PLACEHOLDER, secret);
    text = text.replaceAll(SEALED_PLACEHOLDER, secret);
  }
  const expiresAt = row.payload.expires_at;
  if (typeof expiresAt === 'string' && new Date(expiresAt).getTime() < Date.now()) {
    return { skip: 'Not sent: its link expired before it could go out.' };
  }
  return {
    mail: {
      from: deps.mail.from,
      to: row.recipient,
      subject: row.subject,
      html,
      text,
      messageId: messageIdOf(deps.mail, row),
      headers: sentHeaders(deps.mail, row),
      attachments: await attachmentsOf(deps.db, row),
    },
  };
}

/** The headers a message carries beyond From, To, Subject and its Message-ID: its kind, and the one-click unsubscribe of marketing. */
export function sentHeaders(settings: MailSettings, row: OutboxRow): Record<string, string> {
  const headers: Record<string, string> = { 'X-Kapaas-Message': row.kind };
  if (row.marketing && row.recipient) {
    headers['List-Unsubscribe'] = `<${unsubscribeUrl(settings, row.recipient, purposeOf(row.kind as MailKind))}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return headers;
}

/** The Message-ID header of a message: the same on every attempt and resend of the row. */
export const messageIdOf = (settings: MailSettings, row: Pick<OutboxRow, 'messageId'>) =>
  `<${row.messageId}@${senderDomain(settings.from)}>`;
