import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, type Limits } from '../src/lib/rate-limit';
import { adminFixtures, OWNER } from '../src/modules/admin/admin.fixtures';
import { startTestShop, type TestShop } from './shop';

/** Two failed logins per address; everything else out of reach. */
const LIMITS: Limits = {
  ...(Object.fromEntries(
    Object.entries(DEFAULT_LIMITS).map(([name, limit]) => [name, { ...limit, max: 10_000 }]),
  ) as Limits),
  failedLoginsPerAddress: { max: 2, windowSeconds: 900 },
};

/** A failed login sent with its own X-Forwarded-For, from app.inject's address 127.0.0.1. */
function failedLogin(shop: TestShop, forwardedFor: string) {
  return shop.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { user_name: `nobody-${forwardedFor}@example.in`, password: 'not-a-password' },
  });
}

/** The address the audit log records for an admin login sent with this X-Forwarded-For. */
async function auditedLoginAddress(shop: TestShop, forwardedFor: string): Promise<unknown> {
  const admin = adminFixtures(() => shop);
  const login = await admin.client(undefined, { 'x-forwarded-for': forwardedFor }).post('/login', OWNER);
  expect(login.statusCode, login.body).toBe(200);
  const reader = admin.client(login.json().token as string);
  const trail = await reader.get('/audit-log', { resource: 'admins', per_page: 1 });
  expect(trail.statusCode, trail.body).toBe(200);
  const [entry] = trail.json().data as { action: string; after: { address?: string } }[];
  expect(entry?.action).toBe('login');
  return entry?.after.address;
}

describe('TRUST_PROXY unset (the default)', () => {
  it('ignores a forged X-Forwarded-For: the per-address login limit holds and the audit log has the real address', async () => {
    const shop = await startTestShop({ limits: LIMITS });
    try {
      const statuses: number[] = [];
      for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        statuses.push((await failedLogin(shop, forged)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 429]);
      expect(await auditedLoginAddress(shop, '203.0.113.50')).toBe('127.0.0.1');
    } finally {
      await shop.close();
    }
  });
});

describe('TRUST_PROXY=127.0.0.1', () => {
  it('takes the client address from the header that proxy adds', async () => {
    const shop = await startTestShop({ limits: LIMITS, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const statuses: number[] = [];
      for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        statuses.push((await failedLogin(shop, client)).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401]);
      // A client's own forged entry is to the left of what the proxy appended: only the proxy's counts.
      expect(await auditedLoginAddress(shop, '198.51.100.7, 203.0.113.50')).toBe('203.0.113.50');
    } finally {
      await shop.close();
    }
  });
});

describe('TRUST_PROXY=1', () => {
  it('takes the address the nearest proxy saw, whatever the client forged before it', async () => {
    const shop = await startTestShop({ env: { TRUST_PROXY: '1' } });
    try {
      expect(await auditedLoginAddress(shop, '198.51.100.7, 203.0.113.50')).toBe('203.0.113.50');
    } finally {
      await shop.close();
    }
  });
});
