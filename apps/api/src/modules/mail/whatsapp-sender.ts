import type { Database } from '@kapaas/db';
import type { Logger } from '../../lib/deps';
import { consentStands } from '../consent';
import type { CloudApi } from '../whatsapp';
import { type OutboxRow, startAttempt } from './outbox.repository';
import { CLAIM_MS, MAX_ATTEMPTS, retryDelayMs } from './sender';
import { claimDueWhatsApp, failedForGood, fallBack, recordRefusal, recordSent, sendInDoubt } from './whatsapp-outbox';

/*
 * The outbox's WhatsApp sender. No duplicate after a crash, in three steps:
 *  1. the claim (status `sending`, attempts + 1, a lease) commits before Meta is spoken to, so two senders never
 *     hold one row (SKIP LOCKED), and a sender that dies leaves the lease to lapse;
 *  2. the attempt is recorded before the request, and its end with the answer; the wamid and `sent` are written in
 *     one update, so a row whose send was answered is never claimed again;
 *  3. a row re-claimed with an attempt that began and never ended is "in doubt": Meta may have taken it (the answer
 *     was lost with the process). It is not sent on WhatsApp again; its statuses, carrying the row's id as
 *     `biz_opaque_callback_data`, mark it sent when they come, and the e-mail goes instead meanwhile.
 * Meta has no idempotency key, so step 3 chooses at most one WhatsApp (each costs money) over at least one.
 */

export interface WhatsAppSenderDeps {
  db: Database;
  log: Logger;
}

const BATCH = 20;

interface Refusal {
  code: number;
  message: string;
  retriable: boolean;
}

/** A WhatsAppError (cloud-api.ts) or any other failure, as the sender records it. */
function refusalOf(error: unknown): Refusal {
  if (error instanceof Error && 'retriable' in error && 'code' in error) {
    return { code: Number(error.code), message: error.message, retriable: error.retriable === true };
  }
  return { code: 0, message: error instanceof Error ? error.message : String(error), retriable: true };
}

/** Why a claimed row must not go on WhatsApp now, or null. */
async function notOnWhatsApp(db: Database, row: OutboxRow): Promise<string | null> {
  if (await sendInDoubt(db, row)) {
    return 'WhatsApp may already have it (the sender stopped before its answer was kept): not sent twice, sent by e-mail';
  }
  const purpose = row.marketing ? 'whatsapp_marketing' : 'whatsapp_updates';
  if (!(await consentStands(db, { phone: row.waPhone }, purpose))) {
    return 'The WhatsApp consent of this number was withdrawn: sent by e-mail instead';
  }
  return null;
}

async function sendOne(deps: WhatsAppSenderDeps, client: CloudApi, row: OutboxRow, now: Date) {
  const why = await notOnWhatsApp(deps.db, row);
  if (why) {
    await fallBack(deps.db, row.id, why, now, row);
    return false;
  }
  const template = row.waTemplate;
  if (!row.waPhone || !template) throw new Error('a WhatsApp row without its number or template');
  const attemptId = await startAttempt(deps.db, row, new Date());
  try {
    const sent = await client.sendTemplate({
      to: row.waPhone,
      template: template.template,
      language: template.language,
      bodyParameters: template.bodyParameters,
      ...(template.buttons ? { buttons: template.buttons } : {}),
      callbackData: row.messageId,
    });
    await recordSent(deps.db, row, attemptId, sent.messageId, new Date());
    return true;
  } catch (error) {
    const refusal = refusalOf(error);
    const reply = `WhatsApp ${refusal.code}: ${refusal.message}`;
    deps.log.warn({ outboxId: row.id, attempt: row.attempts, reply }, 'a WhatsApp message was not accepted');
    const retry = refusal.retriable && row.attempts < MAX_ATTEMPTS;
    await recordRefusal(
      deps.db,
      row,
      attemptId,
      reply,
      retry ? new Date(now.getTime() + retryDelayMs(row.attempts)) : null,
      new Date(),
    );
    if (!retry) await failedForGood(deps.db, row, reply, new Date());
    return false;
  }
}

/** One pass: claims due WhatsApp messages and sends each through the Cloud API. Answers how many Meta took. */
export async function sendDueWhatsApp(
  deps: WhatsAppSenderDeps,
  client: CloudApi,
  now = new Date(),
  claimMs = CLAIM_MS,
) {
  let sent = 0;
  for (const row of await claimDueWhatsApp(deps.db, now, claimMs, BATCH)) {
    if (await sendOne(deps, client, row, now)) sent += 1;
  }
  return sent;
}
