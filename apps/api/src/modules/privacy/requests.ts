import { createHash, randomBytes } from 'node:crypto';
import type { PrivacyRequestKind } from '@kapaas/contract';
import type { Database, Queryable } from '@kapaas/db';
import { AppError, fieldError } from '../../lib/errors';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import { type MailSettings, queueMail, seal } from '../mail';
import {
  accountEmail,
  confirmByTokenHash,
  insertConfirmedRequest,
  insertUnconfirmedRequest,
  type PrivacyRequestRow,
} from './requests.repository';

// A person's rights under the DPDP Act (issue 35): POST /api/privacy_request. A logged-in shopper's request is the
// account's: the session names the person and the answer goes to the account's address. Anyone else gives an
// address and the request counts only once its owner followed the link sent there, so that nobody can file a
// request in another person's name (an erasure above all). The token is kept only as its SHA-256, as the
// newsletter's; the message carries it sealed (mail/seal.ts) until it is sent.

/** How long a guest's confirmation link works. */
export const CONFIRM_LINK_MS = 24 * 60 * 60_000;

export const REQUEST_TAKEN_MESSAGE = 'Thank you: we have your request and will answer within 90 days.';
export const CHECK_INBOX_MESSAGE =
  'Almost done: please follow the link we sent to your e-mail address to confirm your request. It works for 24 hours.';
export const EMAIL_NEEDED_MESSAGE = 'Give your e-mail address, so that we can confirm the request and answer you.';

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface PrivacyRequestInput {
  kind: PrivacyRequestKind;
  message: string;
  email?: string | undefined;
}

/**
 * Takes a rights request from the caller: the session's account (`userId`) or, without one, the given address,
 * which gets the confirmation link. Limited per client address like the other public forms. Answers whether the
 * request counts already (an account's) or waits for its link (a guest's).
 */
export async function takePrivacyRequest(
  deps: { db: Database; mail: MailSettings },
  limits: Limits,
  caller: { address: string; userId: number | null },
  input: PrivacyRequestInput,
  now = new Date(),
): Promise<'taken' | 'confirm'> {
  if (caller.userId === null && !input.email) throw fieldError('email', EMAIL_NEEDED_MESSAGE);
  await new RateLimiter(deps.db).hit(`privacy-request:ip:${caller.address}`, limits.messagesPerAddress);
  const { userId } = caller;
  if (userId !== null) {
    await deps.db.transaction(async (tx) => {
      const email = await accountEmail(tx, userId);
      if (email === null) throw new AppError('UNAUTHORIZED', 'Please log in again.');
      const row = await insertConfirmedRequest(tx, { kind: input.kind, message: input.message, email, userId }, now);
      await tellOwner(tx, row);
    });
    return 'taken';
  }
  const email = (input.email ?? '').toLowerCase();
  await deps.db.transaction(async (tx) => {
    const token = randomBytes(32).toString('base64url');
    const confirm = { tokenHash: tokenHash(token), expiresAt: new Date(now.getTime() + CONFIRM_LINK_MS) };
    const row = await insertUnconfirmedRequest(tx, { kind: input.kind, message: input.message, email }, confirm, now);
    await queueMail(tx, {
      kind: 'privacy_request_confirm',
      key: `privacy-request-confirm:${row.id}`,
      to: email,
      payload: { request_id: row.id, kind: row.kind },
      sealed: seal(deps.mail.secret, token),
    });
  });
  return 'confirm';
}

/** Confirms a guest's request with its link's token: once, within 24 hours; its 90 days start now. */
export async function confirmPrivacyRequest(db: Queryable, token: string, now = new Date()): Promise<void> {
  const confirmed = await db.transaction(async (tx) => {
    const row = await confirmByTokenHash(tx, tokenHash(token), now);
    if (row) await tellOwner(tx, row);
    return row;
  });
  if (confirmed === null) {
    throw new AppError(
      'NOT_FOUND',
      'This confirmation link is not valid any more: it was used already or it expired. Send the request again to get a new link.',
      { code: 'INVALID_TOKEN' },
    );
  }
}

/** The owner hears of each request that counts, so that the 90 days are not spent unseen. */
async function tellOwner(tx: Queryable, row: PrivacyRequestRow): Promise<void> {
  await queueMail(tx, {
    kind: 'owner_privacy_request',
    key: `owner-privacy-request:${row.id}`,
    payload: { request_id: row.id, kind: row.kind },
  });
}
