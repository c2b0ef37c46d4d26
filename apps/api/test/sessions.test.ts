import { sign } from '@fastify/cookie';
import { eq, sessions, sql } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { startTestShop, type TestShop } from './shop';

const SECRET = 'kapaas-sessions-test-secret-of-forty-chars';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ env: { SESSION_SECRET: SECRET } });
});
afterAll(async () => {
  await shop.close();
});

/** edit_profile's status with this Cookie header: 200 with a live user session, 401 without. */
async function profileStatus(cookie: string): Promise<number> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/edit_profile',
    headers: { cookie, 'content-type': 'application/json' },
    payload: {},
  });
  return response.statusCode;
}

/** Moves a user's sessions' login time back by this many days, keeping them otherwise live. */
async function loggedInDaysAgo(userId: number, days: number) {
  await shop.database.db
    .update(sessions)
    .set({
      createdAt: sql`now() - make_interval(days => ${days})`,
      lastSeenAt: sql`now() - interval '2 hours'`,
      expiresAt: sql`now() + interval '20 days'`,
    })
    .where(eq(sessions.userId, userId));
}

describe('a session’s absolute lifetime', () => {
  it('ends 90 days after login, however often it is used', async () => {
    const recent = await shop.user();
    await loggedInDaysAgo(recent.userId, 89);
    expect(await profileStatus(recent.cookie)).toBe(200);
    // Sliding on use never takes the session past 90 days from login.
    const [row] = await shop.database.db.select().from(sessions).where(eq(sessions.userId, recent.userId));
    expect(row).toBeDefined();
    const cap = (row?.createdAt.getTime() ?? 0) + 90 * 86_400_000;
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(cap);

    const old = await shop.user();
    await loggedInDaysAgo(old.userId, 91);
    expect(await profileStatus(old.cookie)).toBe(401);
    // Logging in again starts a new 90 days.
    const again = shop.visitor();
    expect((await again.post('login', { user_name: old.email, password: old.password })).statusCode).toBe(200);
    expect(await profileStatus(again.cookie)).toBe(200);
  });
});

describe('the session cookie', () => {
  it('is signed with SESSION_SECRET: the bare token, a bad signature or another secret is no session', async () => {
    const user = await shop.user();
    expect(await profileStatus(user.cookie)).toBe(200);
    const value = user.cookie.slice(`${SESSION_COOKIE}=`.length);
    const dot = value.lastIndexOf('.');
    expect(dot).toBeGreaterThan(0);
    const token = value.slice(0, dot);
    expect(await profileStatus(`${SESSION_COOKIE}=${token}`)).toBe(401);
    expect(await profileStatus(`${SESSION_COOKIE}=${token}.${'A'.repeat(value.length - dot - 1)}`)).toBe(401);
    expect(await profileStatus(`${SESSION_COOKIE}=${sign(token, 'another-secret-of-at-least-thirty-two-chars')}`)).toBe(
      401,
    );
    expect(await profileStatus(`${SESSION_COOKIE}=${sign(token, SECRET)}`)).toBe(200);
  });
});
