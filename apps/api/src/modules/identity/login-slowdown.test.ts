import { ilike, rateLimitCounters, sql } from '@kapaas/db';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { DEFAULT_LIMITS, type Limits } from '../../lib/rate-limit';
import { OWNER } from '../admin/admin.fixtures';

/** Three failures on an account before it slows down; nothing else within reach. */
const LIMITS: Limits = {
  ...(Object.fromEntries(
    Object.entries(DEFAULT_LIMITS).map(([name, limit]) => [name, { ...limit, max: 10_000 }]),
  ) as Limits),
  failedLoginsPerAccount: { ...DEFAULT_LIMITS.failedLoginsPerAccount, max: 3 },
};

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ limits: LIMITS });
});
afterAll(async () => {
  await shop.close();
});

/** A shopper's login from a given address. */
function login(from: string, user_name: string, password: string) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: from,
    payload: { user_name, password },
  });
}

/** An admin's login from a given address. */
function adminLogin(from: string, email: string, password: string) {
  return shop.app.inject({
    method: 'POST',
    url: '/admin/api/login',
    remoteAddress: from,
    payload: { email, password },
  });
}

/** The seconds a 429 asks to wait, checking it says so. */
function retryAfter(response: LightMyRequestResponse): number {
  expect(response.statusCode, response.body).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  return seconds;
}

/** Lets every account's wait pass, as if that many seconds had gone by since the last failure. */
async function letTimePass(seconds: number) {
  await shop.database.db
    .update(rateLimitCounters)
    .set({ windowStart: sql`${rateLimitCounters.windowStart} - make_interval(secs => ${seconds})` })
    .where(ilike(rateLimitCounters.key, '%account%'));
}

describe('failed logins are counted per account', () => {
  it('counts the e-mail and the phone number of one account together', async () => {
    const user = await shop.user();
    expect((await login('10.1.0.1', user.email, 'wrong-password')).statusCode).toBe(401);
    expect((await login('10.1.0.1', user.email.toUpperCase(), 'wrong-password')).statusCode).toBe(401);
    expect((await login('10.1.0.1', user.phone, 'wrong-password')).statusCode).toBe(401);
    retryAfter(await login('10.1.0.1', user.phone, 'wrong-password'));
  });
});

describe('an account under attack slows down instead of locking its owner out', () => {
  it('answers the failing address 429 with Retry-After, even with the right password, and lets the owner in from elsewhere', async () => {
    const user = await shop.user();
    for (let i = 0; i < 3; i += 1) {
      expect((await login('10.2.0.1', user.email, `guess-${i}`)).statusCode).toBe(401);
    }
    retryAfter(await login('10.2.0.1', user.email, 'guess-again'));
    // Inside the wait the password is not even checked: the right one is refused too.
    retryAfter(await login('10.2.0.1', user.email, user.password));
    const owner = await login('10.2.0.2', user.email, user.password);
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('makes each further attempt wait longer than the last', async () => {
    const user = await shop.user();
    for (let i = 0; i < 3; i += 1) await login('10.3.0.1', user.email, `guess-${i}`);
    const first = retryAfter(await login('10.3.0.1', user.email, 'guess'));
    await letTimePass(first + 1);
    expect((await login('10.3.0.1', user.email, 'guess-after-the-wait')).statusCode).toBe(401);
    const second = retryAfter(await login('10.3.0.1', user.email, 'guess'));
    expect(second).toBeGreaterThan(first);
    await letTimePass(second + 1);
    expect((await login('10.3.0.1', user.email, user.password)).statusCode).toBe(200);
  });

  it('does the same for an admin login', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await adminLogin('10.4.0.1', OWNER.email, `guess-${i}-password`)).statusCode).toBe(401);
    }
    retryAfter(await adminLogin('10.4.0.1', OWNER.email, OWNER.password));
    const owner = await adminLogin('10.4.0.2', OWNER.email, OWNER.password);
    expect(owner.statusCode, owner.body).toBe(200);
  });
});
