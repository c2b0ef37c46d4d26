import { createHash, randomBytes } from 'node:crypto';
import type { AdminAccount } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { verify } from '@node-rs/argon2';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { LoginThrottle } from '../../lib/login-throttle';
import { hashPassword, MIN_ADMIN_PASSWORD_LENGTH, refuseWeakPassword } from '../../lib/passwords';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import { accountOfToken, issueResetToken, limitResetRequests, useResetToken } from '../identity';
import { recordAudit } from './audit';
import {
  type AdminUserRow,
  countAdmins,
  deleteOtherSessionsOf,
  deleteSession,
  deleteSessionsOf,
  findAdmin,
  findAdminByEmail,
  findLiveSession,
  insertAdminIfAbsent,
  insertAdminSession,
  setAdminPassword,
  touchSession,
} from './auth.repository';

/** The admin a request acts for, and the session it came with. */
export interface AdminPrincipal {
  id: number;
  email: string;
  role: 'owner' | 'staff';
  sessionId: number;
}

export const ADMIN_LOGIN_FAILED = 'The e-mail or password is incorrect.';
export const ADMIN_TOKEN_MISSING = 'Please log in to the admin API (Authorization: Bearer <token>).';
export const ADMIN_OWNER_ONLY = 'Only an owner may do this.';

/** A token lasts this long after its last use… */
const IDLE_MS = 12 * 60 * 60_000;
/** …and never longer than this after login. */
const MAX_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 5 * 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

// Verified against when no account has the e-mail, so a wrong e-mail takes as long as a wrong password.
const DUMMY_HASH = hashPassword(`no-such-admin-${randomBytes(16).toString('hex')}`);

/** The account as the API shows it. */
export function toAdminAccount(row: AdminUserRow): AdminAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

// Admin logins with Bearer tokens (stored hashed, expiring, revocable), kept apart from shoppers' sessions.

/** Who is logging in, as the route read it from the request (kept in the audit log). */
export interface AdminCaller {
  address: string;
  userAgent: string | undefined;
}

/** Creates the first owner from ADMIN_EMAIL / ADMIN_PASSWORD when the shop has no admin yet. */
export async function ensureFirstOwner(
  deps: Pick<ServiceDeps, 'db' | 'log'>,
  email: string,
  password: string,
): Promise<void> {
  if ((await countAdmins(deps.db)) > 0) return;
  const created = await insertAdminIfAbsent(deps.db, {
    email: email.toLowerCase(),
    name: 'Owner',
    passwordHash: await hashPassword(password),
    role: 'owner',
  });
  if (created) deps.log.info({ email }, 'created the first admin owner from ADMIN_EMAIL / ADMIN_PASSWORD');
}

/** Checks the credentials (failures slow down as for shoppers, ADR 016) and answers a new token. */
export async function logInAdmin(db: Queryable, limits: Limits, caller: AdminCaller, email: string, password: string) {
  const login = email.trim().toLowerCase();
  const admin = await findAdminByEmail(db, login);
  const accountKey = admin ? `admin-login:account:${admin.id}` : `admin-login:unknown:${login}`;
  const addressKey = `admin-login:ip:${caller.address}`;
  const throttle = new LoginThrottle(db, {
    account: limits.failedLoginsPerAccount,
    address: limits.failedLoginsPerAddress,
  });
  await throttle.before(accountKey, addressKey);

  let valid = false;
  if (admin) valid = await verify(admin.passwordHash, password);
  else await verify(await DUMMY_HASH, password);
  if (!admin || !valid) {
    await throttle.failed(accountKey, addressKey);
    throw new AppError('UNAUTHORIZED', ADMIN_LOGIN_FAILED);
  }
  if (!admin.active) throw new AppError('FORBIDDEN', 'This admin account is disabled.');
  await throttle.succeeded(accountKey);

  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + IDLE_MS);
  await db.transaction(async (tx) => {
    await insertAdminSession(tx, { tokenHash: hashToken(token), adminId: admin.id, expiresAt });
    await recordAudit(tx, admin, {
      action: 'login',
      resource: 'admins',
      resourceId: admin.id,
      before: null,
      after: { address: caller.address, user_agent: caller.userAgent?.slice(0, 200) ?? null },
    });
  });
  return { token, expiresAt, admin };
}

/** The admin of a Bearer token, or null when it is missing, unknown, expired or its account disabled. */
export async function authenticateAdmin(
  db: Queryable,
  authorization: string | undefined,
): Promise<AdminPrincipal | null> {
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(authorization ?? '');
  if (!match?.[1]) return null;
  const now = new Date();
  const found = await findLiveSession(db, hashToken(match[1]), now);
  if (!found?.admin.active) return null;
  const { session, admin } = found;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const cap = session.createdAt.getTime() + MAX_LIFETIME_MS;
    await touchSession(db, session.id, now, new Date(Math.min(now.getTime() + IDLE_MS, cap)));
  }
  return { id: admin.id, email: admin.email, role: admin.role, sessionId: session.id };
}

/**
 * An admin changes their own password, proving the current one (wrong guesses are limited per
 * account). Their other sessions end; the one asking keeps working. Nothing is changed when the
 * current password is wrong.
 */
export async function changeAdminPassword(
  db: Queryable,
  limits: Limits,
  principal: AdminPrincipal,
  current: string,
  next: string,
): Promise<void> {
  // Its own counter: someone failing logins on this account must not block its owner here.
  const limiter = new RateLimiter(db);
  const accountKey = `admin-password:account:${principal.id}`;
  await limiter.check(accountKey, limits.wrongCurrentPasswordsPerAccount);
  const admin = await findAdmin(db, principal.id);
  if (!admin) throw new AppError('UNAUTHORIZED', ADMIN_TOKEN_MISSING);
  if (!(await verify(admin.passwordHash, current))) {
    await limiter.record(accountKey, limits.wrongCurrentPasswordsPerAccount);
    throw new AppError('INVALID_DATA', 'The current password is incorrect.', {
      errors: { current_password: ['The current password is incorrect.'] },
    });
  }
  refuseWeakPassword(next, admin, MIN_ADMIN_PASSWORD_LENGTH);
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await setAdminPassword(tx, admin.id, passwordHash);
    await deleteOtherSessionsOf(tx, admin.id, principal.sessionId);
    await recordAudit(tx, principal, {
      action: 'password',
      resource: 'admins',
      resourceId: admin.id,
      before: null,
      after: { password: 'changed', other_sessions: 'ended' },
    });
  });
}

/** Revokes the token the admin is using. */
export async function logOutAdmin(db: Queryable, principal: AdminPrincipal): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteSession(tx, principal.sessionId);
    await recordAudit(tx, principal, {
      action: 'logout',
      resource: 'admins',
      resourceId: principal.id,
      before: null,
      after: null,
    });
  });
}

/**
 * POST /forgot_password: counts the request against its limits, and answers the rest, to be done after the answer
 * is sent: for an active admin, a reset link by e-mail (the console's page), queued with its token in one
 * transaction. Before the answer an admin's address and any other cost the same, so nobody learns who is an admin.
 */
export async function forgotAdminPassword(
  deps: Pick<ServiceDeps, 'db' | 'mail'>,
  limits: Limits,
  address: string,
  email: string,
): Promise<() => Promise<void>> {
  await limitResetRequests(deps.db, limits, 'admin', email, address);
  return async () => {
    const admin = await findAdminByEmail(deps.db, email.trim().toLowerCase());
    if (!admin?.active) return;
    await deps.db.transaction((tx) =>
      issueResetToken(
        tx,
        deps.mail.secret,
        { kind: 'admin', adminUserId: admin.id },
        { email: admin.email, name: admin.name },
      ),
    );
  };
}

/** POST /reset_password: a new password through the e-mail's link (once); every session of the admin ends. */
export async function resetAdminPassword(db: Queryable, token: string, password: string): Promise<void> {
  const account = await accountOfToken(db, 'admin', token);
  if (account.kind !== 'admin') throw new Error('an admin token answered another kind of account');
  const admin = await findAdmin(db, account.adminUserId);
  if (!admin?.active) throw new AppError('FORBIDDEN', 'This admin account is disabled.');
  refuseWeakPassword(password, admin, MIN_ADMIN_PASSWORD_LENGTH);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await useResetToken(tx, account, token);
    await setAdminPassword(tx, admin.id, passwordHash);
    await deleteSessionsOf(tx, admin.id);
    await recordAudit(tx, admin, {
      action: 'password',
      resource: 'admins',
      resourceId: admin.id,
      before: null,
      after: { password: 'reset by e-mail link', sessions: 'ended' },
    });
  });
}
