import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures } from '../src/modules/admin/admin.fixtures';
import { startTestShop, type TestShop } from './shop';

/**
 * Answers that carry personal data are never stored by a browser or a proxy (ADR 019):
 * every customer and admin call, CSV exports included, answers `Cache-Control: no-store`, whether
 * it succeeds or fails. The public catalogue and search calls, the same for everyone, keep what
 * they sent before (no Cache-Control).
 */
let shop: TestShop;
const admin = adminFixtures(() => shop);
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

/** Tags of the OpenAPI document whose calls answer the same public data to everyone. */
const PUBLIC_TAGS = new Set(['catalogue', 'search']);

interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  tags: string[];
}

/** Every operation of the OpenAPI document under /api and /admin/api, path parameters set to 1; logouts last. */
async function operations(): Promise<Operation[]> {
  const document = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { tags?: string[] }>>;
  };
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/') && !path.startsWith('/admin/api/')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (upper !== 'GET' && upper !== 'POST' && upper !== 'PATCH' && upper !== 'DELETE') continue;
      found.push({ method: upper, url: path.replace(/\{[^}]+\}/g, '1'), tags: operation.tags ?? [] });
    }
  }
  return found.sort((a, b) => Number(a.url.endsWith('logout')) - Number(b.url.endsWith('logout')));
}

describe('Cache-Control', () => {
  it('is no-store on every customer and admin answer, and absent on the public catalogue', async () => {
    const user = await shop.user();
    const owner = await admin.owner();
    const all = await operations();
    expect(all.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    const succeeded: string[] = [];
    for (const { method, url, tags } of all) {
      const headers: Record<string, string> = url.startsWith('/admin/api/')
        ? { authorization: `Bearer ${owner.token}` }
        : { cookie: user.cookie };
      const response = await shop.app.inject({
        method,
        url,
        headers,
        ...(method === 'POST' || method === 'PATCH' ? { payload: {} } : {}),
      });
      const cacheControl = response.headers['cache-control'];
      const isPublic = tags.some((tag) => PUBLIC_TAGS.has(tag));
      if (isPublic ? cacheControl !== undefined : cacheControl !== 'no-store') {
        wrong.push(`${method} ${url} (${response.statusCode}): ${cacheControl}`);
      }
      if (!isPublic && response.statusCode === 200) succeeded.push(`${method} ${url}`);
    }
    expect(wrong).toEqual([]);
    // The list is not only refusals: real answers with personal data were checked.
    expect(succeeded).toEqual(
      expect.arrayContaining(['POST /api/edit_profile', 'GET /admin/api/customers', 'GET /admin/api/orders.csv']),
    );
  });

  it('is no-store on a refusal and on an unknown API path too', async () => {
    for (const url of ['/api/edit_profile', '/api/no_such_call', '/admin/api/customers', '/admin/api/no-such']) {
      const response = await shop.app.inject({ method: url.startsWith('/admin') ? 'GET' : 'POST', url, payload: {} });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('is no-store on the newsletter export, and on the GET that starts a guest', async () => {
    const owner = await admin.owner();
    const file = await owner.get('/newsletter-subscribers.csv');
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('no-store');
    const guest = await shop.app.inject({ method: 'GET', url: '/api/get_guest_id' });
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['cache-control']).toBe('no-store');
  });
});
