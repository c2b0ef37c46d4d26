import type { ConsentPurpose } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { verify } from '@node-rs/argon2';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { LoginThrottle } from '../../lib/login-throttle';
import { NO_SESSION_MESSAGE, type Owner } from '../../lib/owner';
import { hashPassword, refuseWeakPassword } from '../../lib/passwords';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import type { Identity, SessionOwner } from '../../plugins/sessions';
import { adoptGuestAddresses } from '../addresses';
import { addToCart, mergeGuestCart } from '../cart';
import { recordConsents, shownNoticeVersion } from '../consent';
import { queueMail } from '../mail';
import {
  endAllSessions,
  endOtherSessions,
  findUser,
  findUserByLogin,
  insertGuest,
  insertUser,
  takenContacts,
  updateUser,
} from './identity.repository';
import { accountOfToken, issueResetToken, limitResetRequests, useResetToken } from './password-reset';

export const LOGIN_FAILED_MESSAGE = 'Login credentials are invalid';
export const GUESTS_CANNOT = 'Guests do not have a profile. Please register or log in.';
const ALREADY_LOGGED_IN = 'You are logged in. Please log out first to shop as a guest.';

/** The optional item that lands in the cart once a session starts. */
export interface PendingItem {
  product_id?: number | undefined;
  size?: number | undefined;
  quantity?: number | undefined;
  advice_id?: number | undefined;
}

/** What logging in and starting a guest need: the database, and the catalogue for the per-order cap. */
export type IdentityDeps = Pick<ServiceDeps, 'db' | 'catalogue' | 'funnel'>;

/** Who calls, as the route read it from the request: the client's address and its session, if any. */
export interface Caller {
  address: string;
  identity: Identity | null;
}

// A real argon2id hash of a random string, verified against when the account does not exist, so
// that a wrong e-mail takes as long as a wrong password.
const DUMMY_HASH = hashPassword(`no-such-account-${Math.random()}`);

/** Guards password checks on shoppers' accounts with the shop's limits (ADR 016). */
const throttleOf = (db: Queryable, limits: Limits) =>
  new LoginThrottle(db, { account: limits.failedLoginsPerAccount, address: limits.failedLoginsPerAddress });

/** Creates a shopper's account (ADR 003); registrations are limited per address. */
export async function registerUser(
  db: Queryable,
  limits: Limits,
  address: string,
  input: {
    name: string;
    email: string;
    phone: string;
    password: string;
    notice_version?: number | undefined;
    consents?: ConsentPurpose[] | undefined;
  },
) {
  await new RateLimiter(db).hit(`register:ip:${address}`, limits.registrationsPerAddress);
  refuseWeakPassword(input.password, input);
  await refuseTaken(db, { email: input.email, phone: input.phone });
  const passwordHash = await hashPassword(input.password);
  try {
    // The welcome is queued in the account's own transaction: an account is welcomed once, and only if it exists.
    const user = await db.transaction(async (tx) => {
      const noticeVersion = await shownNoticeVersion(tx, input.notice_version);
      const row = await insertUser(tx, { name: input.name, email: input.email, phone: input.phone, passwordHash });
      await queueMail(tx, { kind: 'welcome', key: `welcome:${row.id}`, to: row.email, payload: { user_id: row.id } });
      // The boxes the shopper ticked, each a consent in the ledger with the notice the form linked to.
      const person = { userId: row.id, email: row.email };
      const given = (input.consents ?? []).map((purpose) => ({ person, purpose, given: true, noticeVersion }));
      await recordConsents(
        tx,
        given.map((entry) => ({ ...entry, source: 'signup' as const, clientAddress: address })),
      );
      return row;
    });
    return { id: user.id, user_name: user.name };
  } catch (error) {
    // Two registrations racing for one e-mail: the unique index decides, the loser hears why.
    await refuseTaken(db, { email: input.email, phone: input.phone });
    throw error;
  }
}

async function refuseTaken(db: Queryable, contact: { email?: string; phone?: string }, exceptUserId?: number) {
  const taken = await takenContacts(db, contact, exceptUserId);
  const errors: Record<string, string[]> = {};
  if (taken.email) errors.email = ['This e-mail address is already registered.'];
  if (taken.phone) errors.phone = ['This phone number is already registered.'];
  if (Object.keys(errors).length) {
    throw new AppError('INVALID_DATA', Object.values(errors).flat().join(' '), { errors });
  }
}

/**
 * Checks the credentials, moves the guest's cart (if the caller was one) to the user and adds
 * the pending item. Answers the session the route is to start for the user.
 */
export async function logIn(
  deps: IdentityDeps,
  limits: Limits,
  caller: Caller,
  input: { user_name: string; password: string } & PendingItem,
) {
  const login = input.user_name.trim().toLowerCase();
  const user = await findUserByLogin(deps.db, login);
  // One counter per account, whichever of its e-mail or phone was typed; an unknown login
  // counts under its text, so that it slows down exactly like an account would.
  const accountKey = user ? `login:account:${user.id}` : `login:unknown:${login}`;
  const addressKey = `login:ip:${caller.address}`;
  const throttle = throttleOf(deps.db, limits);
  await throttle.before(accountKey, addressKey);

  let valid = false;
  if (user) valid = await verify(user.passwordHash, input.password);
  // No such account: verify against a dummy hash anyway, so the answer takes as long either way.
  else await verify(await DUMMY_HASH, input.password);
  if (!user || !valid) {
    await throttle.failed(accountKey, addressKey);
    throw new AppError('UNAUTHORIZED', LOGIN_FAILED_MESSAGE);
  }
  if (user.status !== 'active') throw new AppError('FORBIDDEN', 'This account is disabled. Please contact us.');
  await throttle.succeeded(accountKey);

  const guestId = caller.identity?.guestId;
  if (guestId) {
    await deps.db.transaction(async (tx) => {
      await mergeGuestCart(tx, guestId, user.id, deps.catalogue.view.perOrderQuantityCap);
      await adoptGuestAddresses(tx, guestId, user.id);
    });
  }
  const cartError = await addPendingItem(deps, { kind: 'user', userId: user.id }, input);
  const session: SessionOwner = { userId: user.id };
  return { user: { id: user.id, user_name: user.name }, session, cartError };
}

/**
 * The caller's guest, or a new one (then `session` is the guest session the route is to start),
 * with the pending item in its cart. New guests are limited per address.
 */
export async function startGuest(deps: IdentityDeps, limits: Limits, caller: Caller, input: PendingItem) {
  const current = caller.identity;
  // A link on any site can GET this: it must never end a user's session (a logout by CSRF).
  if (current?.userId != null) throw new AppError('CONFLICT', ALREADY_LOGGED_IN);
  let guestId = current?.guestId ?? null;
  const reused = guestId !== null;
  let session: SessionOwner | null = null;
  if (guestId === null) {
    await new RateLimiter(deps.db).hit(`guest:ip:${caller.address}`, limits.guestsPerAddress);
    guestId = (await insertGuest(deps.db)).id;
    session = { guestId };
  }
  const cartError = await addPendingItem(deps, { kind: 'guest', guestId }, input);
  return { guestId, reused, session, cartError };
}

/** Puts the login/guest item in the cart; a refusal does not undo the login, it is reported. */
async function addPendingItem(deps: IdentityDeps, owner: Owner, item: PendingItem): Promise<string | undefined> {
  if (item.product_id === undefined || item.size === undefined) return undefined;
  const wanted = {
    productId: item.product_id,
    sizeId: item.size,
    quantity: item.quantity ?? 1,
    adviceId: item.advice_id,
  };
  try {
    await deps.db.transaction((tx) => addToCart(tx, owner, wanted, deps.catalogue.view.perOrderQuantityCap));
    // The add-to-cart a logged-out shopper asked for, made now: one in the funnel (ADR 053), as add_cart counts.
    deps.funnel?.count('add_to_carts', [item.product_id]);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

/** The user's profile; `userId` is the session's user, as the route resolved it. */
export async function profileOf(db: Queryable, userId: number) {
  const user = await findUser(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', NO_SESSION_MESSAGE);
  return { name: user.name, email: user.email, phone: user.phone };
}

/** Changes the user's name and phone; each change of phone counts against the account's limit. */
export async function updateProfile(
  db: Queryable,
  limits: Limits,
  userId: number,
  input: { name: string; phone: string },
) {
  const user = await findUser(db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', NO_SESSION_MESSAGE);
  // Each new number tried answers whether someone has registered it: counted per account.
  if (input.phone !== user.phone) {
    await new RateLimiter(db).hit(`profile-phone:account:${userId}`, limits.phoneChangesPerAccount);
  }
  await refuseTaken(db, { phone: input.phone }, userId);
  await updateUser(db, userId, { name: input.name, phone: input.phone });
}

/** Changes the password and ends every session of the user but `sessionId` (the caller's). */
export async function changePassword(
  db: Queryable,
  limits: Limits,
  userId: number,
  sessionId: number,
  input: { old_password: string; password: string },
) {
  const limiter = new RateLimiter(db);
  const accountKey = `password:account:${userId}`;
  await limiter.check(accountKey, limits.wrongCurrentPasswordsPerAccount);
  const user = await findUser(db, userId);
  if (!user || !(await verify(user.passwordHash, input.old_password))) {
    await limiter.record(accountKey, limits.wrongCurrentPasswordsPerAccount);
    throw new AppError('INVALID_DATA', 'The current password is incorrect.', {
      errors: { old_password: ['The current password is incorrect.'] },
    });
  }
  refuseWeakPassword(input.password, user);
  await db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash: await hashPassword(input.password) });
    await endOtherSessions(tx, userId, sessionId);
  });
  await limiter.reset(accountKey);
}

/**
 * forgot_password: counts the request against its limits (a 429 is the one answer that may differ), and answers
 * the rest, to be done after the answer is sent: for an active account, a reset link by e-mail (queued with its
 * token in one transaction). Before the answer, a known address and an unknown one cost the same two counter
 * writes, so neither the answer nor its time tells which addresses have accounts.
 */
export async function forgotPassword(
  deps: Pick<ServiceDeps, 'db' | 'mail'>,
  limits: Limits,
  address: string,
  email: string,
): Promise<() => Promise<void>> {
  await limitResetRequests(deps.db, limits, 'shop', email, address);
  return async () => {
    const user = await findUserByLogin(deps.db, email);
    if (user?.status !== 'active') return;
    await deps.db.transaction((tx) =>
      issueResetToken(tx, deps.mail.secret, { kind: 'shop', userId: user.id }, { email: user.email, name: user.name }),
    );
  };
}

/** reset_password: a new password through a link that works once; every session of the account ends. */
export async function resetPassword(db: Queryable, input: { token: string; password: string }): Promise<void> {
  const account = await accountOfToken(db, 'shop', input.token);
  if (account.kind !== 'shop') throw new Error('a shop token answered another kind of account');
  const user = await findUser(db, account.userId);
  if (user?.status !== 'active') throw new AppError('FORBIDDEN', 'This account is disabled. Please contact us.');
  refuseWeakPassword(input.password, user);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await useResetToken(tx, account, input.token);
    await updateUser(tx, user.id, { passwordHash });
    await endAllSessions(tx, user.id);
  });
}
