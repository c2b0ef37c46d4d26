import { cartItems, carts, count, guests, sessions, users } from '@kapaas/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredShopper, startTestShop, type TestShop } from './shop';

/**
 * Every identity and cart call, thrown bodies that are wrong by construction: a valid body with
 * one field replaced by a bad value, a required field dropped, or an unknown field added. Each must
 * answer 4xx with success:false and leave the database as it was.
 */
let shop: TestShop;
let user: RegisteredShopper;
beforeAll(async () => {
  shop = await startTestShop();
  user = await shop.user();
});
afterAll(async () => {
  await shop.close();
});

const valid: Record<string, Record<string, unknown>> = {
  register: {
    name: 'Kavya',
    email: 'kavya@example.in',
    phone: '9123456780',
    password: 'a-long-password',
    password_confirmation: 'a-long-password',
  },
  login: { user_name: 'someone@example.in', password: 'whatever-it-is' },
  update_profile: { name: 'Kavya', phone: '9123456781' },
  change_password: {
    old_password: 'organic-cotton-1',
    password: 'new-password-9',
    password_confirmation: 'new-password-9',
  },
  add_cart: { product_id: 1, size: 1, quantity: 1 },
  cart_quantity_update: { product_id: 1, quantity: 1 },
  remove_cart: { product_id: 1 },
};
const required: Record<string, string[]> = {
  register: ['name', 'email', 'phone', 'password', 'password_confirmation'],
  login: ['user_name', 'password'],
  update_profile: ['name', 'phone'],
  change_password: ['old_password', 'password', 'password_confirmation'],
  add_cart: ['product_id', 'size', 'quantity'],
  cart_quantity_update: ['product_id', 'quantity'],
  remove_cart: ['product_id'],
};

/** Free-text fields accept any characters (SQL and HTML are just text to them), so only non-strings, blanks and oversize strings are wrong there. */
const FREE_TEXT = new Set(['name', 'user_name', 'password', 'old_password', 'password_confirmation']);
const oversize = fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.padEnd(5000, 'x'));
const notAString = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  // Never a positive int4: product 2 or size 3 would be a valid add_cart, not a malformed one.
  fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER })),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
const badText = fc.oneof(notAString, oversize, fc.constant(''));
const badValue = fc.oneof(
  notAString,
  oversize,
  fc.constantFrom(-1, 0, 1.5, 2 ** 31, Number.MAX_SAFE_INTEGER, -(2 ** 40)),
  fc.constantFrom('1; DROP TABLE users; --', "' OR '1'='1", '<script>alert(1)</script>', '%_%', ''),
);
const badFor = (field: string) => (FREE_TEXT.has(field) ? badText : badValue);

function malformed(endpoint: string) {
  const base = valid[endpoint] ?? {};
  const fields = required[endpoint] ?? [];
  return fc.oneof(
    fc.constantFrom(...fields).chain((field) => badFor(field).map((value) => ({ ...base, [field]: value }))),
    fc.constantFrom(...fields).map((field) => {
      const { [field]: _dropped, ...rest } = base;
      return rest;
    }),
    fc
      .string({ minLength: 1, maxLength: 12 })
      .filter((k) => !(k in base) && !['user_id', 'guest_id', 'product_id', 'size', 'quantity'].includes(k))
      .map((extra) => ({ ...base, [extra]: 1 })),
  );
}

async function snapshot() {
  const rows = async (table: typeof users | typeof sessions | typeof guests | typeof carts | typeof cartItems) =>
    (await shop.database.db.select({ n: count() }).from(table))[0]?.n;
  return {
    users: await rows(users),
    sessions: await rows(sessions),
    guests: await rows(guests),
    carts: await rows(carts),
    cartItems: await rows(cartItems),
  };
}

describe('malformed bodies on identity and cart calls', () => {
  it.each(Object.keys(valid))('%s answers 4xx and changes nothing', async (endpoint) => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(malformed(endpoint), async (body) => {
        const response = await user.post(endpoint, body);
        expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toMatchObject({ success: false });
      }),
      { numRuns: 60 },
    );
    expect(await snapshot()).toEqual(before);
  });
});

describe('NUL characters', () => {
  it('are refused in any string of any body, before they reach the database', async () => {
    const before = await snapshot();
    for (const [endpoint, body] of [
      ['register', { ...valid.register, name: 'Kav\u0000ya' }],
      ['login', { user_name: 'a\u0000@example.in', password: 'x' }],
      ['update_profile', { name: 'ok', phone: '9123456781', ['k\u0000']: 1 }],
      ['add_cart', { product_id: 1, size: 1, quantity: 1, note: ['\u0000'] }],
    ] as const) {
      const response = await user.post(endpoint, body);
      expect(response.statusCode, endpoint).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: 'Text must not contain NUL characters.' });
    }
    expect(await snapshot()).toEqual(before);
  });
});
