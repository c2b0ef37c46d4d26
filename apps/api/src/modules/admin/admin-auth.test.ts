import { createHash } from 'node:crypto';
import { AdminLoginAnswer, ErrorAnswer } from '@kapaas/contract';
import { adminSessions, adminUsers, auditLog, eq, sql } from '@kapaas/db';
import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { DEFAULT_LIMITS, type Limits } from '../../lib/rate-limit';
import { type AdminClient, adminFixtures, expectStatus, OWNER } from './admin.fixtures';
import { ADMIN_LOGIN_FAILED } from './auth.service';

/** Failed logins: 3 per account, 6 per address, so the limit is reached quickly. */
const LIMITS: Limits = {
  ...(Object.fromEntries(
    Object.entries(DEFAULT_LIMITS).map(([name, limit]) => [name, { ...limit, max: 10_000 }]),
  ) as Limits),
  failedLoginsPerAccount: { ...DEFAULT_LIMITS.failedLoginsPerAccount, max: 3 },
  failedLoginsPerAddress: { max: 6, windowSeconds: 900 },
};

/** The admin routes that answer without a token: the login, and a forgotten password's pair (auth.password-reset.test.ts). */
const PUBLIC_ADMIN_ROUTES = new Set(['/admin/api/login', '/admin/api/forgot_password', '/admin/api/reset_password']);

let shop: TestShop;
const admin = adminFixtures(() => shop);
let owner: AdminClient;

beforeAll(async () => {
  shop = await startTestShop({ limits: LIMITS });
  owner = await admin.owner();
});
afterAll(async () => {
  await shop.close();
});

describe('the first owner', () => {
  it('is created once at start from ADMIN_EMAIL / ADMIN_PASSWORD, with an argon2id hash', async () => {
    const rows = await shop.database.db.select().from(adminUsers);
    const owners = rows.filter((r) => r.email === OWNER.email);
    expect(owners).toHaveLength(1);
    expect(owners[0]?.role).toBe('owner');
    expect(owners[0]?.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('login and tokens', () => {
  it('answers a token and the admin; the token is stored only as its SHA-256 hash', async () => {
    const response = await admin.client().post('/login', { email: 'ADMIN@kapaas.local', password: OWNER.password });
    const answer = AdminLoginAnswer.parse(expectStatus(response, 200));
    expect(answer.admin).toMatchObject({ email: OWNER.email, role: 'owner', active: true });
    expect(JSON.stringify(answer)).not.toMatch(/argon2/);
    const stored = await shop.database.db.select().from(adminSessions);
    expect(stored.some((s) => s.tokenHash === answer.token)).toBe(false);
    const hashed = createHash('sha256').update(answer.token).digest('hex');
    expect(stored.some((s) => s.tokenHash === hashed)).toBe(true);
    expect(new Date(answer.expires_at).getTime()).toBeGreaterThan(Date.now());
    const me = expectStatus(await admin.client(answer.token).get('/me'), 200);
    expect(me.data.email).toBe(OWNER.email);
  });

  it('refuses a wrong password or an unknown e-mail with the same 401', async () => {
    const wrong = await admin.client().post('/login', { email: OWNER.email, password: 'not-the-password' });
    expect(ErrorAnswer.parse(expectStatus(wrong, 401)).message).toBe(ADMIN_LOGIN_FAILED);
    const unknown = await admin.client().post('/login', { email: 'nobody@kapaas.local', password: 'whatever-pass' });
    expect(ErrorAnswer.parse(expectStatus(unknown, 401)).message).toBe(ADMIN_LOGIN_FAILED);
    expect(
      expectStatus(await admin.client().post('/login', { email: OWNER.email }), 400).errors.password,
    ).toBeDefined();
  });

  it('answers 401 without a token, with a bad or unknown token, and with a shopper’s session cookie', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nonsense' },
      { authorization: `Bearer ${'x'.repeat(43)}` },
    ];
    for (const headers of attempts) {
      const response = await admin.client(undefined, headers).get('/products');
      expect(response.statusCode).toBe(401);
    }
    const shopper = await shop.user();
    expect(shopper.cookie).not.toBe('');
    const withCookie = admin.client(undefined, { cookie: shopper.cookie });
    expect((await withCookie.get('/products')).statusCode).toBe(401);
    expect((await withCookie.get('/me')).statusCode).toBe(401);
  });

  it('answers 401 to every admin route of the OpenAPI document without a token, and changes nothing', async () => {
    const document = shop.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const calls = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/admin/api/') && !PUBLIC_ADMIN_ROUTES.has(path))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((method) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
          .map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1') })),
      );
    // Every resource of the admin API, not a handful: list, read, create, change, delete, and the rest.
    expect(calls.length).toBeGreaterThan(60);
    const auditBefore = await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    for (const call of calls) {
      const response = await shop.app.inject({
        method: call.method as 'GET',
        url: call.url,
        ...(call.method === 'GET' || call.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(ErrorAnswer.parse(response.json()).success).toBe(false);
    }
    const auditAfter = await shop.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(auditAfter).toEqual(auditBefore);
  });

  it('logout revokes the token; an expired token is refused', async () => {
    const session = await admin.owner();
    expect((await session.get('/me')).statusCode).toBe(200);
    const me = expectStatus(await session.get('/me'), 200).data as { id: number };
    expectStatus(await session.post('/logout'), 200);
    expect((await session.get('/me')).statusCode).toBe(401);
    expect((await session.post('/logout')).statusCode).toBe(401);
    // Both ends of the session are in the audit log, with where the login came from.
    const reader = await admin.owner();
    const trail = expectStatus(
      await reader.get('/audit-log', { resource: 'admins', resource_id: String(me.id), per_page: 3 }),
      200,
    ).data as { action: string; after: Record<string, unknown> | null }[];
    expect(trail.map((entry) => entry.action)).toEqual(['login', 'logout', 'login']);
    expect(trail[2]?.after).toMatchObject({ address: expect.any(String) });

    const other = await admin.owner();
    const hashed = createHash('sha256')
      .update(other.token ?? '')
      .digest('hex');
    await shop.database.db
      .update(adminSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(adminSessions.tokenHash, hashed));
    expect((await other.get('/me')).statusCode).toBe(401);
  });

  it('slows down failed logins per account: the failing address waits, even with the right password', async () => {
    const email = `limited-${Date.now()}@kapaas.local`;
    expectStatus(
      await owner.post('/admins', { email, name: 'Limited', password: 'limited-password', role: 'staff' }),
      200,
    );
    for (let i = 0; i < LIMITS.failedLoginsPerAccount.max; i += 1) {
      expect((await admin.client().post('/login', { email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    expect((await admin.client().post('/login', { email, password: 'limited-password' })).statusCode).toBe(429);
  });
});

describe('roles', () => {
  it('staff use the catalogue and the orders, but not admins or settings', async () => {
    const staff = await admin.staff(owner);
    expect((await staff.get('/products')).statusCode).toBe(200);
    expect((await staff.get('/categories')).statusCode).toBe(200);
    expect((await staff.get('/orders')).statusCode).toBe(200);
    for (const response of [
      await staff.get('/admins'),
      await staff.get(`/admins/${staff.id}`),
      await staff.post('/admins', { email: 'x@kapaas.local', name: 'X', password: 'x-password-1', role: 'owner' }),
      await staff.patch(`/admins/${staff.id}`, { role: 'owner' }),
      await staff.delete(`/admins/${staff.id}`),
      await staff.get('/settings'),
      await staff.patch('/settings', { per_order_cap: 99 }),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
    }
    const [me] = await shop.database.db.select().from(adminUsers).where(eq(adminUsers.id, staff.id));
    expect(me?.role).toBe('staff');
  });

  it('disabling an admin or changing their password ends their sessions', async () => {
    const staff = await admin.staff(owner);
    expectStatus(await owner.patch(`/admins/${staff.id}`, { password: 'a-new-password-2' }), 200);
    expect((await staff.get('/me')).statusCode).toBe(401);
    const again = await admin.login(staff.email, 'a-new-password-2');
    expectStatus(await owner.patch(`/admins/${staff.id}`, { active: false }), 200);
    expect((await again.get('/me')).statusCode).toBe(401);
    expect((await admin.client().post('/login', { email: staff.email, password: 'a-new-password-2' })).statusCode).toBe(
      403,
    );
  });

  it('a staff member changes their own password: the other sessions end, this one goes on', async () => {
    const staff = await admin.staff(owner);
    const elsewhere = await admin.login(staff.email, 'staff-password-1');
    const [before] = await shop.database.db.select().from(adminUsers).where(eq(adminUsers.id, staff.id));

    // Refused, changing nothing: a wrong current password, a short one, and two that differ.
    const wrong = expectStatus(
      await staff.post('/me/password', {
        current_password: 'not-my-password',
        password: 'a-brand-new-pass-3',
        password_confirmation: 'a-brand-new-pass-3',
      }),
      400,
    );
    expect(wrong.errors).toEqual({ current_password: ['The current password is incorrect.'] });
    const invalid = expectStatus(
      await staff.post('/me/password', {
        current_password: 'staff-password-1',
        password: 'short',
        password_confirmation: 'different',
      }),
      400,
    );
    expect(Object.keys(invalid.errors ?? {}).sort()).toEqual(['password', 'password_confirmation']);
    const [unchanged] = await shop.database.db.select().from(adminUsers).where(eq(adminUsers.id, staff.id));
    expect(unchanged?.passwordHash).toBe(before?.passwordHash);
    expect((await elsewhere.get('/me')).statusCode).toBe(200);

    const changed = expectStatus(
      await staff.post('/me/password', {
        current_password: 'staff-password-1',
        password: 'a-brand-new-pass-3',
        password_confirmation: 'a-brand-new-pass-3',
      }),
      200,
    );
    expect(changed.message).toBe('Password changed. You were logged out everywhere else.');
    expect((await staff.get('/me')).statusCode).toBe(200);
    expect((await elsewhere.get('/me')).statusCode).toBe(401);
    // (Checked on the stored hash: a failed login here would spend this file's small per-address limit.)
    const [after] = await shop.database.db.select().from(adminUsers).where(eq(adminUsers.id, staff.id));
    expect(await verify(after?.passwordHash ?? '', 'staff-password-1')).toBe(false);
    expect(await admin.lastAudit(owner, 'admins', staff.id)).toMatchObject({
      action: 'password',
      admin_email: staff.email,
    });
    // The audit log never holds a password or its hash.
    expect(JSON.stringify(await admin.lastAudit(owner, 'admins', staff.id))).not.toMatch(/argon2|brand-new/);
    await admin.login(staff.email, 'a-brand-new-pass-3');
    expect(await admin.lastAudit(owner, 'admins', staff.id)).toMatchObject({
      action: 'login',
      admin_email: staff.email,
    });
  });

  it('keeps one active owner: the last owner cannot be demoted, disabled or deleted', async () => {
    const [me] = await shop.database.db.select().from(adminUsers).where(eq(adminUsers.email, OWNER.email));
    if (!me) throw new Error('no owner');
    expect(expectStatus(await owner.patch(`/admins/${me.id}`, { role: 'staff' }), 409).code).toBe('LAST_OWNER');
    expect(expectStatus(await owner.patch(`/admins/${me.id}`, { active: false }), 409).code).toBe('LAST_OWNER');
    expect((await owner.delete(`/admins/${me.id}`)).statusCode).toBe(409);
    expect((await owner.get('/me')).statusCode).toBe(200);
  });

  it('validates admin accounts and refuses a second account with the same e-mail', async () => {
    const bad = expectStatus(
      await owner.post('/admins', { email: 'not-an-email', name: '', password: 'short', role: 'boss' }),
      400,
    );
    expect(Object.keys(bad.errors).sort()).toEqual(['email', 'name', 'password', 'role']);
    const taken = await owner.post('/admins', {
      email: OWNER.email.toUpperCase(),
      name: 'Twin',
      password: 'twin-password-1',
      role: 'staff',
    });
    expect(taken.statusCode).toBe(409);
  });
});
