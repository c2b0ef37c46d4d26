import type { Database } from '@kapaas/db';
import { verify } from '@node-rs/argon2';
import { AppError } from '../../lib/errors';
import { LoginThrottle } from '../../lib/login-throttle';
import { NO_SESSION_MESSAGE } from '../../lib/owner';
import { hashPassword, refuseWeakPassword } from '../../lib/passwords';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import type { Identity, SessionOwner } from '../../plugins/sessions';
import { addToCart, mergeGuestCart } from '../cart';
import {
  endOtherSessions,
  findUser,
  findUserByLogin,
  insertGuest,
  insertUser,
  takenContacts,
  updateUser,
} from './identity.repository';

export const LOGIN_FAILED_MESSAGE = 'Login credentials are invalid';
export const GUESTS_CANNOT = 'Guests do not have a profile. Please register or log in.';
const ALREADY_LOGGED_IN = 'You are logged in. Please log out first to shop as a guest.';

/** The optional item that lands in the cart once a session starts. */
export interface PendingItem {
  product_id?: number | undefined;
  size?: number | undefined;
  quantity?: number | undefined;
}

/** What the identity service works with, handed in by its routes. */
export interface IdentityDeps {
  db: Database;
  limits: Limits;
  /** The catalogue's per-order quantity cap as it is now (the admin can change it). */
  quantityCap(): number;
}

/** Who calls, as the route read it from the request: the client's address and its session, if any. */
export interface Caller {
  address: string;
  identity: Identity | null;
}

// A real argon2id hash of a random string, verified against when the account does not exist, so
// that a wrong e-mail takes as long as a wrong password.
const DUMMY_HASH = hashPassword(`no-such-account-${Math.random()}`);

/** Registration, login, guests, logout, profile and password (decision 003). */
export class IdentityService {
  private readonly db: Database;
  private readonly limits: Limits;
  private readonly limiter: RateLimiter;
  private readonly throttle: LoginThrottle;
  private readonly cap: () => number;

  constructor(deps: IdentityDeps) {
    this.db = deps.db;
    this.limits = deps.limits;
    this.cap = deps.quantityCap;
    this.limiter = new RateLimiter(deps.db);
    this.throttle = new LoginThrottle(deps.db, {
      account: deps.limits.failedLoginsPerAccount,
      address: deps.limits.failedLoginsPerAddress,
    });
  }

  async register(address: string, input: { name: string; email: string; phone: string; password: string }) {
    await this.limiter.hit(`register:ip:${address}`, this.limits.registrationsPerAddress);
    refuseWeakPassword(input.password, input);
    await this.refuseTaken({ email: input.email, phone: input.phone });
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await insertUser(this.db, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash,
      });
      return { id: user.id, user_name: user.name };
    } catch (error) {
      // Two registrations racing for one e-mail: the unique index decides, the loser hears why.
      await this.refuseTaken({ email: input.email, phone: input.phone });
      throw error;
    }
  }

  private async refuseTaken(contact: { email?: string; phone?: string }, exceptUserId?: number) {
    const taken = await takenContacts(this.db, contact, exceptUserId);
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
  async login(caller: Caller, input: { user_name: string; password: string } & PendingItem) {
    const login = input.user_name.trim().toLowerCase();
    const user = await findUserByLogin(this.db, login);
    // One counter per account, whichever of its e-mail or phone was typed; an unknown login
    // counts under its text, so that it slows down exactly like an account would.
    const accountKey = user ? `login:account:${user.id}` : `login:unknown:${login}`;
    const addressKey = `login:ip:${caller.address}`;
    await this.throttle.before(accountKey, addressKey);

    let valid = false;
    if (user) valid = await verify(user.passwordHash, input.password);
    // No such account: verify against a dummy hash anyway, so the answer takes as long either way.
    else await verify(await DUMMY_HASH, input.password);
    if (!user || !valid) {
      await this.throttle.failed(accountKey, addressKey);
      throw new AppError('UNAUTHORIZED', LOGIN_FAILED_MESSAGE);
    }
    if (user.status !== 'active') throw new AppError('FORBIDDEN', 'This account is disabled. Please contact us.');
    await this.throttle.succeeded(accountKey);

    const guestId = caller.identity?.guestId;
    if (guestId) await this.db.transaction((tx) => mergeGuestCart(tx, guestId, user.id, this.cap()));
    const cartError = await this.addPendingItem(user.id, null, input);
    const session: SessionOwner = { userId: user.id };
    return { user: { id: user.id, user_name: user.name }, session, cartError };
  }

  /**
   * The caller's guest, or a new one (then `session` is the guest session the route is to start),
   * with the pending item in its cart.
   */
  async startGuest(caller: Caller, input: PendingItem) {
    const current = caller.identity;
    // A link on any site can GET this: it must never end a user's session (a logout by CSRF).
    if (current?.userId != null) throw new AppError('CONFLICT', ALREADY_LOGGED_IN);
    let guestId = current?.guestId ?? null;
    const reused = guestId !== null;
    let session: SessionOwner | null = null;
    if (guestId === null) {
      await this.limiter.hit(`guest:ip:${caller.address}`, this.limits.guestsPerAddress);
      guestId = (await insertGuest(this.db)).id;
      session = { guestId };
    }
    const cartError = await this.addPendingItem(null, guestId, input);
    return { guestId, reused, session, cartError };
  }

  /** Puts the login/guest item in the cart; a refusal does not undo the login, it is reported. */
  private async addPendingItem(
    userId: number | null,
    guestId: number | null,
    item: PendingItem,
  ): Promise<string | undefined> {
    if (item.product_id === undefined || item.size === undefined) return undefined;
    const owner =
      userId !== null ? { kind: 'user' as const, userId } : { kind: 'guest' as const, guestId: guestId ?? 0 };
    const wanted = { productId: item.product_id, sizeId: item.size, quantity: item.quantity ?? 1 };
    try {
      await this.db.transaction((tx) => addToCart(tx, owner, wanted, this.cap()));
      return undefined;
    } catch (error) {
      if (error instanceof AppError) return error.message;
      throw error;
    }
  }

  /** The user's profile; `userId` is the session's user, as the route resolved it. */
  async profile(userId: number) {
    const user = await findUser(this.db, userId);
    if (!user) throw new AppError('UNAUTHORIZED', NO_SESSION_MESSAGE);
    return { name: user.name, email: user.email, phone: user.phone };
  }

  async updateProfile(userId: number, input: { name: string; phone: string }) {
    const user = await findUser(this.db, userId);
    if (!user) throw new AppError('UNAUTHORIZED', NO_SESSION_MESSAGE);
    // Each new number tried answers whether someone has registered it: counted per account.
    if (input.phone !== user.phone) {
      await this.limiter.hit(`profile-phone:account:${userId}`, this.limits.phoneChangesPerAccount);
    }
    await this.refuseTaken({ phone: input.phone }, userId);
    await updateUser(this.db, userId, { name: input.name, phone: input.phone });
  }

  /** Changes the password and ends every session of the user but `sessionId` (the caller's). */
  async changePassword(userId: number, sessionId: number, input: { old_password: string; password: string }) {
    const accountKey = `password:account:${userId}`;
    await this.limiter.check(accountKey, this.limits.wrongCurrentPasswordsPerAccount);
    const user = await findUser(this.db, userId);
    if (!user || !(await verify(user.passwordHash, input.old_password))) {
      await this.limiter.record(accountKey, this.limits.wrongCurrentPasswordsPerAccount);
      throw new AppError('INVALID_DATA', 'The current password is incorrect.', {
        errors: { old_password: ['The current password is incorrect.'] },
      });
    }
    refuseWeakPassword(input.password, user);
    await this.db.transaction(async (tx) => {
      await updateUser(tx, userId, { passwordHash: await hashPassword(input.password) });
      await endOtherSessions(tx, userId, sessionId);
    });
    await this.limiter.reset(accountKey);
  }
}
