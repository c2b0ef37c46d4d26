import { verify } from '@node-rs/argon2';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { LoginThrottle } from '../../lib/login-throttle';
import { NO_SESSION_MESSAGE, resolveOwner } from '../../lib/owner';
import { hashPassword, refuseWeakPassword } from '../../lib/passwords';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
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
const GUESTS_CANNOT = 'Guests do not have a profile. Please register or log in.';
const ALREADY_LOGGED_IN = 'You are logged in. Please log out first to shop as a guest.';

/** The optional item that lands in the cart once a session starts. */
export interface PendingItem {
  product_id?: number | undefined;
  size?: number | undefined;
  quantity?: number | undefined;
}

// A real argon2id hash of a random string, verified against when the account does not exist, so
// that a wrong e-mail takes as long as a wrong password.
const DUMMY_HASH = hashPassword(`no-such-account-${Math.random()}`);

/** Registration, login, guests, logout, profile and password (decision 003). */
export class IdentityService {
  private readonly limiter: RateLimiter;
  private readonly throttle: LoginThrottle;

  constructor(
    private readonly app: FastifyInstance,
    private readonly limits: Limits,
  ) {
    this.limiter = new RateLimiter(app.database.db);
    this.throttle = new LoginThrottle(app.database.db, {
      account: limits.failedLoginsPerAccount,
      address: limits.failedLoginsPerAddress,
    });
  }

  private get db() {
    return this.app.database.db;
  }

  private get cap() {
    return this.app.catalogue.view.perOrderQuantityCap;
  }

  async register(request: FastifyRequest, input: { name: string; email: string; phone: string; password: string }) {
    await this.limiter.hit(`register:ip:${request.ip}`, this.limits.registrationsPerAddress);
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

  async login(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { user_name: string; password: string } & PendingItem,
  ) {
    const login = input.user_name.trim().toLowerCase();
    const user = await findUserByLogin(this.db, login);
    // One counter per account, whichever of its e-mail or phone was typed; an unknown login
    // counts under its text, so that it slows down exactly like an account would.
    const accountKey = user ? `login:account:${user.id}` : `login:unknown:${login}`;
    const addressKey = `login:ip:${request.ip}`;
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

    const previous = await request.identity();
    if (previous?.guestId) {
      const guestId = previous.guestId;
      await this.db.transaction((tx) => mergeGuestCart(tx, guestId, user.id, this.cap));
    }
    await this.app.sessions.start(request, reply, { userId: user.id });
    const cartError = await this.addPendingItem(request, input);
    return { user: { id: user.id, user_name: user.name }, cartError };
  }

  async startGuest(request: FastifyRequest, reply: FastifyReply, input: PendingItem) {
    const current = await request.identity();
    // A link on any site can GET this: it must never end a user's session (a logout by CSRF).
    if (current?.userId != null) throw new AppError('CONFLICT', ALREADY_LOGGED_IN);
    let guestId = current?.guestId ?? null;
    const reused = guestId !== null;
    if (guestId === null) {
      await this.limiter.hit(`guest:ip:${request.ip}`, this.limits.guestsPerAddress);
      guestId = (await insertGuest(this.db)).id;
      await this.app.sessions.start(request, reply, { guestId });
    }
    const cartError = await this.addPendingItem(request, input);
    return { guestId, reused, cartError };
  }

  /** Puts the login/guest item in the cart; a refusal does not undo the login, it is reported. */
  private async addPendingItem(request: FastifyRequest, item: PendingItem): Promise<string | undefined> {
    if (item.product_id === undefined || item.size === undefined) return undefined;
    const owner = await resolveOwner(request);
    const wanted = { productId: item.product_id, sizeId: item.size, quantity: item.quantity ?? 1 };
    try {
      await this.db.transaction((tx) => addToCart(tx, owner, wanted, this.cap));
      return undefined;
    } catch (error) {
      if (error instanceof AppError) return error.message;
      throw error;
    }
  }

  async logout(request: FastifyRequest, reply: FastifyReply) {
    await this.app.sessions.end(request, reply);
  }

  async profile(request: FastifyRequest, claimedUserId: number | undefined) {
    const owner = await resolveOwner(request, { user_id: claimedUserId }, { usersOnly: GUESTS_CANNOT });
    if (owner.kind !== 'user') throw new AppError('FORBIDDEN', GUESTS_CANNOT);
    const user = await findUser(this.db, owner.userId);
    if (!user) throw new AppError('UNAUTHORIZED', NO_SESSION_MESSAGE);
    return { name: user.name, email: user.email, phone: user.phone };
  }

  async updateProfile(request: FastifyRequest, input: { user_id?: number | undefined; name: string; phone: string }) {
    const owner = await resolveOwner(request, { user_id: input.user_id }, { usersOnly: GUESTS_CANNOT });
    if (owner.kind !== 'user') throw new AppError('FORBIDDEN', GUESTS_CANNOT);
    const user = await findUser(this.db, owner.userId);
    if (!user) throw new AppError('UNAUTHORIZED', NO_SESSION_MESSAGE);
    // Each new number tried answers whether someone has registered it: counted per account.
    if (input.phone !== user.phone) {
      await this.limiter.hit(`profile-phone:account:${owner.userId}`, this.limits.phoneChangesPerAccount);
    }
    await this.refuseTaken({ phone: input.phone }, owner.userId);
    await updateUser(this.db, owner.userId, { name: input.name, phone: input.phone });
  }

  async changePassword(
    request: FastifyRequest,
    input: { user_id?: number | undefined; old_password: string; password: string },
  ) {
    const owner = await resolveOwner(request, { user_id: input.user_id }, { usersOnly: GUESTS_CANNOT });
    const identity = await request.identity();
    if (owner.kind !== 'user' || !identity) throw new AppError('FORBIDDEN', GUESTS_CANNOT);
    const accountKey = `password:account:${owner.userId}`;
    await this.limiter.check(accountKey, this.limits.wrongCurrentPasswordsPerAccount);
    const user = await findUser(this.db, owner.userId);
    if (!user || !(await verify(user.passwordHash, input.old_password))) {
      await this.limiter.record(accountKey, this.limits.wrongCurrentPasswordsPerAccount);
      throw new AppError('INVALID_DATA', 'The current password is incorrect.', {
        errors: { old_password: ['The current password is incorrect.'] },
      });
    }
    refuseWeakPassword(input.password, user);
    await this.db.transaction(async (tx) => {
      await updateUser(tx, owner.userId, { passwordHash: await hashPassword(input.password) });
      await endOtherSessions(tx, owner.userId, identity.sessionId);
    });
    await this.limiter.reset(accountKey);
  }
}
