import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, passwordResetTokens, type Queryable, sql } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import { queueMail, seal } from '../mail';

// Reset links for shoppers and admins alike (password_reset_tokens): the e-mail carries the token, the
// database only its SHA-256, and the outbox only a sealed copy. A link works once, for RESET_LINK_MINUTES.

export const RESET_LINK_MINUTES = 30;

export const FORGOT_PASSWORD_MESSAGE = `If an account uses this address, we have sent a link to reset its password. It works for ${RESET_LINK_MINUTES} minutes.`;
export const PASSWORD_RESET_MESSAGE =
  'Your password was changed and you were signed out everywhere. Log in with the new password.';
export const RESET_LINK_INVALID = 'This link is not valid. Ask for a new one.';
export const RESET_LINK_USED = 'This link was already used. Ask for a new one.';
export const RESET_LINK_EXPIRED = 'This link expired. Ask for a new one.';

/** Whose password a token resets: a shopper (users) or an admin (admin_users). */
export type ResetAccount = { kind: 'shop'; userId: number } | { kind: 'admin'; adminUserId: number };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const ownerOf = (account: ResetAccount) =>
  account.kind === 'shop'
    ? eq(passwordResetTokens.userId, account.userId)
    : eq(passwordResetTokens.adminUserId, account.adminUserId);

const refusal = (message: string, code: string) => new AppError('INVALID_DATA', message, { code });

/**
 * Counts one request for a link, per client address and per e-mail address; 429 over either. An unknown
 * address counts like a known one, so a refusal says nothing about which addresses have accounts.
 */
export async function limitResetRequests(
  db: Queryable,
  limits: Limits,
  scope: ResetAccount['kind'],
  email: string,
  address: string,
): Promise<void> {
  const limiter = new RateLimiter(db);
  await limiter.hit(`password-reset:${scope}:ip:${address}`, limits.passwordResetsPerAddress);
  await limiter.hit(`password-reset:${scope}:email:${email.trim().toLowerCase()}`, limits.passwordResetsPerEmail);
}

/**
 * Makes a token for the account and queues the message that carries it, in the caller's transaction. Earlier
 * links stay valid until they expire or one of the account's links is used (the first message may arrive last).
 */
export async function issueResetToken(
  tx: Queryable,
  secret: string,
  account: ResetAccount,
  recipient: { email: string; name: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await tx
    .insert(passwordResetTokens)
    .values({
      tokenHash: hashToken(token),
      userId: account.kind === 'shop' ? account.userId : null,
      adminUserId: account.kind === 'admin' ? account.adminUserId : null,
      expiresAt: sql`now() + make_interval(mins => ${RESET_LINK_MINUTES})`,
    })
    .returning({ id: passwordResetTokens.id, expiresAt: passwordResetTokens.expiresAt });
  if (!row) throw new Error('the reset token insert returned nothing');
  await queueMail(tx, {
    kind: 'password_reset',
    key: `password-reset:${row.id}`,
    to: recipient.email,
    payload: { name: recipient.name, expires_at: row.expiresAt.toISOString(), audience: account.kind },
    sealed: seal(secret, token),
  });
}

/** The account a link resets, or the refusal in plain words: not a link of this kind, used, or expired. */
export async function accountOfToken(db: Queryable, scope: ResetAccount['kind'], token: string): Promise<ResetAccount> {
  const [row] = await db
    .select({
      userId: passwordResetTokens.userId,
      adminUserId: passwordResetTokens.adminUserId,
      used: sql<boolean>`${passwordResetTokens.usedAt} IS NOT NULL`,
      expired: sql<boolean>`${passwordResetTokens.expiresAt} <= now()`,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
  let account: ResetAccount | null = null;
  if (scope === 'shop' && row?.userId != null) account = { kind: 'shop', userId: row.userId };
  if (scope === 'admin' && row?.adminUserId != null) account = { kind: 'admin', adminUserId: row.adminUserId };
  if (!row || !account) throw refusal(RESET_LINK_INVALID, 'RESET_LINK_INVALID');
  if (row.used) throw refusal(RESET_LINK_USED, 'RESET_LINK_USED');
  if (row.expired) throw refusal(RESET_LINK_EXPIRED, 'RESET_LINK_EXPIRED');
  return account;
}

/**
 * Uses the token, in the caller's transaction (the one that sets the new password): of two requests racing
 * with one link only one wins, and a link that expired since the check is refused. Every other unused link
 * of the account is voided with it: after a reset, an older message must not reset the password again.
 */
export async function useResetToken(tx: Queryable, account: ResetAccount, token: string): Promise<void> {
  const used = await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        ownerOf(account),
        isNull(passwordResetTokens.usedAt),
        sql`${passwordResetTokens.expiresAt} > now()`,
      ),
    )
    .returning({ id: passwordResetTokens.id });
  if (used.length === 0) {
    // Lost a race, or expired since the check: answer why, as the check now would.
    await accountOfToken(tx, account.kind, token);
    throw refusal(RESET_LINK_USED, 'RESET_LINK_USED');
  }
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(ownerOf(account), isNull(passwordResetTokens.usedAt)));
}
