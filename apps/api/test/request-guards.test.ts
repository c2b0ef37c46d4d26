import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY_ID, SANDBOX_KEY_SECRET, SANDBOX_PREFIX } from '../src/dev/razorpay-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures } from '../src/modules/admin/admin.fixtures';
import { startTestShop, type TestShop } from './shop';

/**
 * What every request is checked for before a route sees it: bodies nested deeper than 32 levels,
 * and NUL characters anywhere the server reads text. Both answer 400, never 500.
 */
let shop: TestShop;
const admin = adminFixtures(() => shop);
let owner: AdminClient;
beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
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

const NUL = 'Text must not contain NUL characters.';
const sandboxAuth = {
  authorization: `Basic ${Buffer.from(`${SANDBOX_KEY_ID}:${SANDBOX_KEY_SECRET}`).toString('base64')}`,
};

describe('NUL characters outside the body', () => {
  it('answer 400 in admin query strings', async () => {
    for (const [path, query] of [
      ['/products', { q: 'kur\u0000ta' }],
      ['/orders', { q: '\u0000' }],
      ['/customers', { q: 'a\u0000' }],
      ['/coupons', { q: '\u0000' }],
      ['/audit-log', { resource: 'products', resource_id: '1\u0000' }],
    ] as const) {
      const response = await owner.get(path, query);
      expect(response.statusCode, `${path} ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: NUL });
    }
  });

  it('answer 400 in path ids, on the admin API and in the sandbox', async () => {
    const product = await owner.get('/products/1%00');
    expect(product.statusCode, product.body).toBe(400);
    for (const url of ['/v1/orders/order_%00', '/v1/orders/order_%00/payments', '/v1/payments/pay_%00']) {
      const response = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}${url}`, headers: sandboxAuth });
      expect(response.statusCode, `${url} ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ error: { description: NUL } });
    }
    const capture = await shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/v1/payments/pay_%00/capture`,
      headers: { ...sandboxAuth, ...json },
      payload: { amount: 100, currency: 'INR' },
    });
    expect(capture.statusCode, capture.body).toBe(400);
  });

  it('answer 400 in the headers the server reads: the session cookie, the refund idempotency key, the user agent', async () => {
    const withCookie = await shop.app.inject({
      method: 'POST',
      url: '/api/cart_list',
      headers: { ...json, cookie: 'kapaas_session=abc\u0000def' },
      payload: {},
    });
    expect(withCookie.statusCode, withCookie.body).toBe(400);
    const refund = await shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/v1/payments/pay_x/refund`,
      headers: { ...sandboxAuth, ...json, 'x-refund-idempotency': 'key-0123456789\u0000' },
      payload: { amount: 100 },
    });
    expect(refund.statusCode, refund.body).toBe(400);
    expect(refund.json()).toMatchObject({ error: { description: NUL } });
    const login = await shop.app.inject({
      method: 'POST',
      url: '/admin/api/login',
      headers: { ...json, 'user-agent': 'Mozilla\u0000' },
      payload: { email: 'admin@kapaas.local', password: 'kapaas-admin' },
    });
    // Before: 500, as the login's audit entry could not store the user agent.
    expect(login.statusCode, login.body).toBe(400);
  });
});

describe('integers beyond what the database holds', () => {
  it('answer 400: a coupon usage limit of 2^31, a low-stock filter of 2^31', async () => {
    const coupon = {
      name: 'Too many',
      code: 'TOOMANY',
      type: 'Amount',
      amount: 100,
      percentage: 0,
      min_order_value: 0,
      max_discount: null,
      valid_from: null,
      valid_to: null,
      per_customer_limit: null,
      active: true,
    };
    for (const field of ['usage_limit', 'per_customer_limit']) {
      const created = await owner.post('/coupons', { ...coupon, usage_limit: null, [field]: 2_147_483_648 });
      expect(created.statusCode, `${field} ${created.body}`).toBe(400);
      expect(created.json().errors).toHaveProperty(field);
    }
    const fits = await owner.post('/coupons', { ...coupon, usage_limit: 2_147_483_647 });
    expect(fits.statusCode, fits.body).toBe(200);
    const lowStock = await owner.get('/products', { low_stock: '2147483648' });
    expect(lowStock.statusCode, lowStock.body).toBe(400);
    expect(lowStock.json().errors).toHaveProperty('low_stock');
  });

  it('answer 400 in the sandbox: an order amount or a list offset of 2^31', async () => {
    const order = await shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/v1/orders`,
      headers: { ...sandboxAuth, ...json },
      payload: { amount: 2_147_483_648, currency: 'INR' },
    });
    expect(order.statusCode, order.body).toBe(400);
    const list = await shop.app.inject({
      method: 'GET',
      url: `${SANDBOX_PREFIX}/v1/orders?skip=2147483648`,
      headers: sandboxAuth,
    });
    expect(list.statusCode, list.body).toBe(400);
  });
});
