import { ErrorAnswer, LoginAnswer } from '@kapaas/contract';
import { eq, inArray, rateLimitCounters, sessions, users } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { DEFAULT_LIMITS } from '../../lib/rate-limit';
import { logIn, registerUser, startGuest } from './identity.service';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

const person = (n: string) => ({
  name: 'Meera Nair',
  email: `meera${n}@example.in`,
  phone: `98765${n.padStart(5, '0')}`,
  password: 'mulmul-soft-1',
  password_confirmation: 'mulmul-soft-1',
});

describe('register', () => {
  it('creates an account with an argon2id hash, and answers the documented text', async () => {
    const response = await shop.post('register', person('1'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, message: 'Registration successful! Please log in.' });
    const [user] = await shop.database.db.select().from(users).where(eq(users.email, 'meera1@example.in'));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a used e-mail or phone with the errors map, and changes nothing', async () => {
    const again = await shop.post('register', { ...person('1'), email: 'MEERA1@example.in', phone: '9876500002' });
    expect(again.statusCode).toBe(400);
    expect(ErrorAnswer.parse(again.json()).errors).toEqual({ email: ['This e-mail address is already registered.'] });
    const phone = await shop.post('register', { ...person('3'), phone: '9876500001' });
    expect(phone.json().errors).toEqual({ phone: ['This phone number is already registered.'] });
  });

  it.each([
    [{ email: 'not-an-email' }, 'email'],
    [{ phone: '12345' }, 'phone'],
    [{ phone: '5876543210' }, 'phone'],
    [{ password: 'short', password_confirmation: 'short' }, 'password'],
    [{ password_confirmation: 'something-else' }, 'password_confirmation'],
    [{ name: '   ' }, 'name'],
  ])('refuses %j naming %s', async (change, field) => {
    const response = await shop.post('register', { ...person('9'), ...change });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(field);
  });
});

describe('login and logout', () => {
  it('logs in by e-mail or mobile and sets an httpOnly, SameSite=Lax session cookie', async () => {
    await shop.post('register', person('20'));
    for (const userName of ['meera20@example.in', '9876500020']) {
      const response = await shop.post('login', { user_name: userName, password: 'mulmul-soft-1' });
      expect(response.statusCode).toBe(200);
      expect(LoginAnswer.parse(response.json()).user.user_name).toBe('Meera Nair');
      const cookie = response.cookies.find((c) => c.name === 'kapaas_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const stored = await shop.database.db.select().from(sessions);
      expect(stored.some((s) => s.tokenHash === cookie?.value)).toBe(false);
    }
  });

  it("answers 'Login credentials are invalid' for a wrong password or an unknown account", async () => {
    for (const body of [
      { user_name: 'meera20@example.in', password: 'wrong-password' },
      { user_name: 'nobody@example.in', password: 'mulmul-soft-1' },
    ]) {
      const response = await shop.post('login', body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, message: 'Login credentials are invalid' });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('ends the session on logout', async () => {
    const user = await shop.user();
    expect((await user.post('edit_profile')).statusCode).toBe(200);
    const cookie = user.cookie;
    expect((await user.post('logout')).statusCode).toBe(200);
    const stale = await shop.app.inject({ method: 'POST', url: '/api/edit_profile', payload: {}, headers: { cookie } });
    expect(stale.statusCode).toBe(401);
  });
});

describe('guests', () => {
  it('starts a guest session, and reuses it on the next call', async () => {
    const visitor = shop.visitor();
    const first = await visitor.post('get_guest_id');
    expect(first.json()).toMatchObject({ success: true, message: 'You are logged in as a Guest.' });
    const again = await visitor.post('get_guest_id', { guest_id: 999_999 });
    expect(again.json()).toMatchObject({ guest_id: first.json().guest_id, message: 'Welcome back, Guest!' });
    const viaGet = await shop.app.inject({
      method: 'GET',
      url: '/api/get_guest_id',
      headers: { cookie: visitor.cookie },
    });
    expect(viaGet.json().guest_id).toBe(first.json().guest_id);
  });

  it('never replaces a logged-in user’s session, neither by GET (a link from any site) nor by POST', async () => {
    const user = await shop.user();
    const viaGet = await shop.app.inject({ method: 'GET', url: '/api/get_guest_id', headers: { cookie: user.cookie } });
    expect(viaGet.statusCode, viaGet.body).toBe(409);
    expect(viaGet.cookies.find((c) => c.name === 'kapaas_session')).toBeUndefined();
    const viaPost = await user.post('get_guest_id');
    expect(viaPost.statusCode, viaPost.body).toBe(409);
    expect(ErrorAnswer.parse(viaPost.json()).message).toMatch(/logged in/i);
    // Still the same user, on the same session.
    const profile = await user.post('edit_profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.email).toBe(user.email);
  });

  it('cannot see or edit a profile', async () => {
    const guest = await shop.guest();
    const response = await guest.post('edit_profile');
    expect(response.statusCode).toBe(403);
  });
});

describe('profile and password', () => {
  it('shows and updates the profile of the session, never of a named other user', async () => {
    const asha = await shop.user({ name: 'Asha' });
    const ravi = await shop.user({ name: 'Ravi' });
    expect((await asha.post('edit_profile')).json().user).toEqual({
      name: 'Asha',
      email: asha.email,
      phone: asha.phone,
    });
    const other = await asha.post('edit_profile', { user_id: ravi.userId });
    expect(other.statusCode).toBe(403);
    const hijack = await asha.post('update_profile', { user_id: ravi.userId, name: 'Hacked', phone: '9000000001' });
    expect(hijack.statusCode).toBe(403);
    expect((await ravi.post('edit_profile')).json().user.name).toBe('Ravi');
    const update = await asha.post('update_profile', { name: 'Asha Menon', phone: '9000000002' });
    expect(update.json()).toMatchObject({ success: true, message: 'Profile updated successfully.' });
    expect((await asha.post('edit_profile')).json().user).toMatchObject({ name: 'Asha Menon', phone: '9000000002' });
  });

  it('changes the password after checking the old one, and ends every other session', async () => {
    const user = await shop.user();
    const laptop = shop.visitor();
    await laptop.post('login', { user_name: user.email, password: user.password });
    const wrong = await user.post('change_password', {
      old_password: 'not-it',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(wrong.statusCode).toBe(400);
    const mismatch = await user.post('change_password', {
      old_password: user.password,
      password: 'new-password-1',
      password_confirmation: 'new-password-2',
    });
    expect(mismatch.json().errors.password_confirmation).toEqual(['New passwords do not match.']);
    const ok = await user.post('change_password', {
      old_password: user.password,
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
    expect(ok.json()).toMatchObject({ success: true, message: 'Password reset successfully! Please log in again.' });
    expect((await laptop.post('edit_profile')).statusCode).toBe(401);
    expect((await user.post('edit_profile')).statusCode).toBe(200);
    const relogin = await shop.post('login', { user_name: user.email, password: 'new-password-1' });
    expect(relogin.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('stops failed logins per account, and they hold in the database', async () => {
    const limited = await startTestShop({
      limits: { ...DEFAULT_LIMITS, failedLoginsPerAccount: { ...DEFAULT_LIMITS.failedLoginsPerAccount, max: 3 } },
    });
    try {
      const user = await limited.user();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await limited.post('login', { user_name: user.email, password: 'wrong' })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const right = await limited.post('login', { user_name: user.email, password: user.password });
      expect(right.statusCode).toBe(429);
      expect(right.json().message).toMatch(/Too many attempts/);
    } finally {
      await limited.close();
    }
  });

  it('stops failed logins, registrations and guest starts per address', async () => {
    const limited = await startTestShop({
      limits: {
        ...DEFAULT_LIMITS,
        failedLoginsPerAddress: { max: 2, windowSeconds: 900 },
        registrationsPerAddress: { max: 2, windowSeconds: 3600 },
        guestsPerAddress: { max: 2, windowSeconds: 3600 },
      },
    });
    try {
      const logins = [];
      for (const name of ['a@example.in', 'b@example.in', 'c@example.in']) {
        logins.push((await limited.post('login', { user_name: name, password: 'nope-nope' })).statusCode);
      }
      expect(logins).toEqual([401, 401, 429]);

      const registrations = [];
      for (const n of ['31', '32', '33']) registrations.push((await limited.post('register', person(n))).statusCode);
      expect(registrations).toEqual([200, 200, 429]);

      const guests = [];
      for (let i = 0; i < 3; i++) guests.push((await limited.post('get_guest_id')).statusCode);
      expect(guests).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('phone number checks on update_profile', () => {
  it('are limited per account, with Retry-After, so registered numbers cannot be listed', async () => {
    const limited = await startTestShop({
      limits: { ...DEFAULT_LIMITS, phoneChangesPerAccount: { max: 2, windowSeconds: 3600 } },
    });
    try {
      const taken = [await limited.user(), await limited.user(), await limited.user()];
      const prober = await limited.user();
      const statuses: number[] = [];
      for (const other of taken) {
        statuses.push((await prober.post('update_profile', { name: prober.name, phone: other.phone })).statusCode);
      }
      expect(statuses).toEqual([400, 400, 429]);
      const refused = await prober.post('update_profile', { name: prober.name, phone: '9000000001' });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // A new name with the same number is no probe, and goes through.
      const renamed = await prober.post('update_profile', { name: 'Prober Renamed', phone: prober.phone });
      expect(renamed.statusCode, renamed.body).toBe(200);
      // Another account has its own count.
      const other = await limited.user();
      expect((await other.post('update_profile', { name: other.name, phone: '9000000002' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('housekeeping', () => {
  it('purges expired sessions and old rate-limit counters, and nothing live', async () => {
    const live = await shop.user();
    const [stale] = await shop.database.db
      .insert(sessions)
      .values({ tokenHash: 'stale-session', userId: live.userId, expiresAt: new Date(Date.now() - 1000) })
      .returning();
    const counters = ['purge-probe:old', 'purge-probe:fresh'];
    await shop.database.db.insert(rateLimitCounters).values([
      { key: 'purge-probe:old', windowStart: new Date(Date.now() - 25 * 3_600_000), count: 3 },
      { key: 'purge-probe:fresh', windowStart: new Date(Date.now() - 23 * 3_600_000), count: 3 },
    ]);
    await shop.app.sessions.purgeExpired();
    const left = await shop.database.db.select().from(sessions);
    expect(left.some((s) => s.id === stale?.id)).toBe(false);
    expect((await live.post('edit_profile')).statusCode).toBe(200);
    const keptCounters = await shop.database.db
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(inArray(rateLimitCounters.key, counters));
    expect(keptCounters).toEqual([{ key: 'purge-probe:fresh' }]);
  });
});

describe('an item brought along that cannot go into the cart', () => {
  it('says why beside a successful login and guest start (cart_message)', async () => {
    await shop.post('register', person('70'));
    const missing = { product_id: 999_999, size: 1, quantity: 1 };
    const login = await shop.post('login', { user_name: 'meera70@example.in', password: 'mulmul-soft-1', ...missing });
    expect(login.statusCode).toBe(200);
    expect(login.json().cart_message).toEqual(expect.any(String));
    const guest = await shop.post('get_guest_id', missing);
    expect(guest.statusCode).toBe(200);
    expect(guest.json().cart_message).toEqual(expect.any(String));
  });
});

describe('the service without HTTP (ADR 021)', () => {
  it('registers, logs in and starts a guest from app.deps, the limits and the caller alone', async () => {
    const { password_confirmation: _, ...details } = person('4242');
    const caller = { address: '203.0.113.50', identity: null };
    const user = await registerUser(shop.app.deps.db, DEFAULT_LIMITS, caller.address, details);
    const login = await logIn(shop.app.deps, DEFAULT_LIMITS, caller, {
      user_name: details.email,
      password: 'mulmul-soft-1',
    });
    expect(login).toEqual({ user, session: { userId: user.id }, cartError: undefined });
    const guest = await startGuest(shop.app.deps, DEFAULT_LIMITS, caller, {});
    expect(guest).toEqual({
      guestId: expect.any(Number),
      reused: false,
      session: { guestId: guest.guestId },
      cartError: undefined,
    });
  });
});
