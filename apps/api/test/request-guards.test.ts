import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './shop';

/**
 * What every request is checked for before a route sees it: bodies nested deeper than 32 levels,
 * and NUL characters anywhere the server reads text. Both answer 400, never 500.
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

const json = { 'content-type': 'application/json' };
const TOO_DEEP = 'The request body is nested too deeply (at most 32 levels).';

describe('deeply nested bodies', () => {
  it('answer 400 on customer and admin routes, for 10 KB of nested arrays or objects', async () => {
    const arrays = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const objects = `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`;
    for (const url of ['/api/login', '/api/add_cart', '/admin/api/login']) {
      for (const payload of [arrays, objects, `{"name":${arrays}}`]) {
        const response = await shop.app.inject({ method: 'POST', url, headers: json, payload });
        expect(response.statusCode, `${url} ${payload.slice(0, 12)}`).toBe(400);
        expect(response.json()).toMatchObject({
          success: false,
          code: 'INVALID_DATA',
          message: TOO_DEEP,
        });
      }
    }
  });

  it('still accepts a body nested 32 levels deep, and refuses 33', async () => {
    const nested = (levels: number) =>
      `{"user_name":"a@example.in","password":"x","extra":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    // 32 levels reach the route's own validation, which refuses the unknown field; 33 never get there.
    const ok = await shop.app.inject({ method: 'POST', url: '/api/login', headers: json, payload: nested(32) });
    expect(ok.json().message).toBe('Invalid request: Unrecognized key: "extra"');
    const deep = await shop.app.inject({ method: 'POST', url: '/api/login', headers: json, payload: nested(33) });
    expect(deep.json().message).toBe(TOO_DEEP);
  });
});
