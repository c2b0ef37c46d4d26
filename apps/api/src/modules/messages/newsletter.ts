import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import { recordConsents, shownNoticeVersion } from '../consent';
import { type MailSettings, queuedSoFar, queueMail, seal } from '../mail';
import {
  confirmByTokenHash,
  confirmedSubscriberCount,
  lockSubscriber,
  setConfirmTokenHash,
} from './messages.repository';

// The footer's newsletter box, with double opt-in: an address counts only once its owner followed
// the link the shop sent to it. The link's token is kept only as its SHA-256; the message carries it
// sealed (mail/seal.ts) until it is sent.

/** At most one confirmation message per address in this long. */
export const CONFIRM_RESEND_MS = 10 * 60_000;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Stores the address unconfirmed and sends it a confirmation link. Asking again sends a fresh link
 * (the older one stops working), at most once per CONFIRM_RESEND_MS; a confirmed address gets no
 * message. The answer is the same in every case, so it tells nobody whether an address subscribed.
 */
export async function subscribeToNewsletter(
  deps: { db: Database; mail: MailSettings },
  limits: Limits,
  address: string,
  form: { email: string; noticeVersion: number | undefined },
  now = new Date(),
): Promise<void> {
  await new RateLimiter(deps.db).hit(`newsletter:ip:${address}`, limits.messagesPerAddress);
  const { email } = form;
  await deps.db.transaction(async (tx) => {
    const noticeVersion = await shownNoticeVersion(tx, form.noticeVersion);
    const subscriber = await lockSubscriber(tx, email.trim().toLowerCase());
    if (subscriber.confirmedAt) return;
    const queued = await queuedSoFar(tx, `newsletter-confirm:${subscriber.id}:`);
    if (queued.last && now.getTime() - queued.last.getTime() < CONFIRM_RESEND_MS) return;
    const token = randomBytes(32).toString('base64url');
    const sent = await queueMail(tx, {
      kind: 'newsletter_confirm',
      key: `newsletter-confirm:${subscriber.id}:${queued.count + 1}`,
      to: subscriber.email,
      payload: { subscriber_id: subscriber.id },
      sealed: seal(deps.mail.secret, token),
    });
    if (sent) await setConfirmTokenHash(tx, subscriber.id, tokenHash(token), noticeVersion);
  });
}

/**
 * Confirms the subscription whose link carried `token`; a used, replaced or unknown token is refused.
 * Confirming is the consent to offers by e-mail (double opt-in): it goes into the ledger as `marketing_email`, with
 * the notice the subscribe form showed, and stands over an earlier withdrawal.
 */
export async function confirmNewsletter(db: Queryable, token: string, clientAddress: string): Promise<void> {
  const confirmed = await db.transaction(async (tx) => {
    const subscriber = await confirmByTokenHash(tx, tokenHash(token));
    if (subscriber === null) return null;
    await recordConsents(tx, [
      {
        person: { email: subscriber.email },
        purpose: 'marketing_email',
        given: true,
        source: 'newsletter',
        noticeVersion: subscriber.noticeVersion ?? undefined,
        clientAddress,
      },
    ]);
    return subscriber;
  });
  if (confirmed === null) {
    throw new AppError(
      'NOT_FOUND',
      'This confirmation link is not valid any more: it was used already or a newer one was sent. Subscribe again to get a new link.',
      { code: 'INVALID_TOKEN' },
    );
  }
}

/** Whether an address subscribed to the newsletter and confirmed it (only those may get offers). */
export async function isConfirmedSubscriber(db: Queryable, email: string): Promise<boolean> {
  return (await confirmedSubscriberCount(db, email)) > 0;
}
