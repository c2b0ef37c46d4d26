import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFixtures } from '../src/modules/admin/admin.fixtures';
import { startTestShop, type TestShop } from './shop';

/**
 * Every POST carries `content-type: application/json` (ADR 019): a bodiless POST, which a
 * same-site `navigator.sendBeacon('/api/logout')` sends, must not be taken as `{}`.
 */
let shop: TestShop;
const admin = adminFixtures(() => shop);
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

/** The POST routes of the OpenAPI document, with every path parameter set to 1. */
async function postRoutes(): Promise<string[]> {
  const document = (await shop.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths)
    .filter(([, operations]) => 'post' in operations)
    .map(([path]) => path.replace(/\{[^}]+\}/g, '1'));
}

describe('a POST without a JSON body', () => {
  it('does not log a shopper out: a bodiless beacon to /api/logout is refused with 415', async () => {
    const user = await shop.user();
    const beacon = await shop.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: user.cookie } });
    expect(beacon.statusCode, beacon.body).toBe(415);
    expect(beacon.json()).toMatchObject({ success: false });
    expect(beacon.cookies.find((c) => c.name === 'kapaas_session')).toBeUndefined();
    expect((await user.post('edit_profile')).statusCode).toBe(200);
  });

  it('refuses the bodies a beacon or a form can carry: text, form fields and multipart', async () => {
    const user = await shop.user();
    const bodies = [
      { 'content-type': 'text/plain;charset=UTF-8', payload: '{}' },
      { 'content-type': 'application/x-www-form-urlencoded', payload: 'a=1' },
      {
        'content-type': 'multipart/form-data; boundary=x',
        payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      },
    ];
    for (const { payload, ...type } of bodies) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { cookie: user.cookie, ...type },
        payload,
      });
      expect(response.statusCode, `${type['content-type']}: ${response.body}`).toBe(415);
    }
    expect((await user.post('edit_profile')).statusCode).toBe(200);
  });

  it('is refused with 415 on every POST route of the customer and admin APIs', async () => {
    const user = await shop.user();
    const owner = await admin.owner();
    const routes = await postRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const accepted: string[] = [];
    for (const url of routes) {
      const headers: Record<string, string> = url.startsWith('/admin/api')
        ? { authorization: `Bearer ${owner.token}` }
        : { cookie: user.cookie };
      const response = await shop.app.inject({ method: 'POST', url, headers });
      if (response.statusCode !== 415) accepted.push(`${url}: ${response.statusCode}`);
    }
    expect(accepted).toEqual([]);
  });

  it('still logs out with the empty JSON body the storefront sends', async () => {
    const user = await shop.user();
    expect((await user.post('logout', {})).statusCode).toBe(200);
    expect((await user.post('edit_profile')).statusCode).toBe(401);
  });
});
