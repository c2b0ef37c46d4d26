import { CategoryProductListAnswer, ErrorAnswer, WishlistAnswer } from '@kapaas/contract';
import { and, count, eq, products, wishlistItems } from '@kapaas/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredShopper, type Shopper, startTestShop, type TestShop } from '../../../test/shop';

const LOGIN_NOTICE = 'Please log in to use the wishlist feature.';
const ADDED = 'Wishlist added successfully.';
const REMOVED = 'Product removed successfully from Wishlist.';

let shop: TestShop;
let productIds: number[];
beforeAll(async () => {
  shop = await startTestShop();
  const rows = await shop.database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(products.id)
    .limit(6);
  productIds = rows.map((r) => r.id);
});
afterAll(async () => {
  await shop.close();
});

const product = (i: number) => productIds[i] as number;

async function savedRows(userId?: number) {
  const [row] = await shop.database.db
    .select({ n: count() })
    .from(wishlistItems)
    .where(userId === undefined ? undefined : eq(wishlistItems.userId, userId));
  return row?.n ?? -1;
}

async function savedIds(shopper: Shopper) {
  const response = await shopper.post('wishlist', {});
  expect(response.statusCode, response.body).toBe(200);
  return WishlistAnswer.parse(response.json()).product.map((p) => p.product_id);
}

function expectRefusal(response: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(response.statusCode).toBe(status);
  expect(ErrorAnswer.parse(response.json())).toMatchObject({ success: false, message });
}

describe('who may use the wishlist', () => {
  const calls = (productId: number) =>
    [
      ['wishlist', {}],
      ['add_wishlist', { product_id: productId }],
      ['remove_wishlist', { product_id: productId }],
    ] as const;

  it('refuses a visitor without a session with 401 and the documented notice', async () => {
    for (const [endpoint, body] of calls(product(0))) {
      expectRefusal(await shop.post(endpoint, body), 401, LOGIN_NOTICE);
      expectRefusal(await shop.post(endpoint, { ...body, user_id: 1 }), 401, LOGIN_NOTICE);
    }
    expect(await savedRows()).toBe(0);
  });

  it('refuses a guest with 403 and the documented notice, even when it sends its guest id as user_id', async () => {
    const guest = await shop.guest();
    for (const [endpoint, body] of calls(product(0))) {
      expectRefusal(await guest.post(endpoint, body), 403, LOGIN_NOTICE);
      expectRefusal(await guest.post(endpoint, { ...body, user_id: guest.guestId }), 403, LOGIN_NOTICE);
    }
    expect(await savedRows()).toBe(0);
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const meera = await shop.user();
    const arjun = await shop.user();
    await meera.post('add_wishlist', { product_id: product(0) });
    for (const [endpoint, body] of calls(product(1))) {
      const response = await arjun.post(endpoint, { ...body, user_id: meera.userId });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false });
    }
    const guest = await arjun.post('add_wishlist', { product_id: product(1), guest_id: 1 });
    expect(guest.statusCode).toBe(400);
    expect(await savedIds(meera)).toEqual([product(0)]);
    expect(await savedRows(arjun.userId)).toBe(0);
  });

  it("answers the session's own wishlist when user_id is missing, and the same with its own id", async () => {
    const meera = await shop.user();
    const arjun = await shop.user();
    await meera.post('add_wishlist', { product_id: product(2) });
    await arjun.post('add_wishlist', { user_id: arjun.userId, product_id: product(3) });
    expect(await savedIds(meera)).toEqual([product(2)]);
    expect(await savedIds(arjun)).toEqual([product(3)]);
    const own = await arjun.post('wishlist', { user_id: String(arjun.userId) });
    expect(WishlistAnswer.parse(own.json()).product.map((p) => p.product_id)).toEqual([product(3)]);
  });
});

describe('a user keeps a wishlist', () => {
  let user: RegisteredShopper;
  beforeAll(async () => {
    user = await shop.user();
  });

  it('saves products with the documented text, newest saved first, as the listing cards', async () => {
    for (const i of [0, 1, 2]) {
      const response = await user.post('add_wishlist', { user_id: user.userId, product_id: product(i) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: ADDED });
    }
    const answer = WishlistAnswer.parse((await user.post('wishlist', { user_id: user.userId })).json());
    expect(answer.product.map((p) => p.product_id)).toEqual([product(2), product(1), product(0)]);
    const card = answer.product[0];
    const [row] = await shop.database.db
      .select()
      .from(products)
      .where(eq(products.id, product(2)));
    const listing = CategoryProductListAnswer.parse(
      (await shop.post('category_product_list', { category_id: row?.categoryId })).json(),
    );
    expect(card).toEqual(listing.product.find((p) => p.product_id === product(2)));
    expect(Object.keys(card ?? {})).toEqual(
      expect.arrayContaining(['product_id', 'name', 'product_image', 'price', 'discount_price']),
    );
  });

  it('saving a product twice answers the same and keeps one row', async () => {
    const again = await user.post('add_wishlist', { product_id: String(product(1)) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: ADDED });
    const [row] = await shop.database.db
      .select({ n: count() })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, user.userId), eq(wishlistItems.productId, product(1))));
    expect(row?.n).toBe(1);
    expect(await savedIds(user)).toEqual([product(2), product(1), product(0)]);
  });

  it('removes a product with the documented text; removing one not saved is harmless', async () => {
    const removed = await user.post('remove_wishlist', { user_id: user.userId, product_id: product(1) });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ success: true, message: REMOVED });
    expect(await savedIds(user)).toEqual([product(2), product(0)]);
    for (const productId of [product(1), product(5), 999_999]) {
      const again = await user.post('remove_wishlist', { product_id: productId });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ success: true, message: REMOVED });
    }
    expect(await savedIds(user)).toEqual([product(2), product(0)]);
  });

  it('refuses an unknown or archived product with 404 and leaves archived ones out of the list', async () => {
    expectRefusal(await user.post('add_wishlist', { product_id: 999_999 }), 404, 'Product not found.');
    await shop.database.db
      .update(products)
      .set({ status: 'archived' })
      .where(eq(products.id, product(0)));
    await shop.app.catalogue.changed();
    expect(await savedIds(user)).toEqual([product(2)]);
    expectRefusal(await user.post('add_wishlist', { product_id: product(0) }), 404, 'Product not found.');
    expect(await savedRows(user.userId)).toBe(2);
    await shop.database.db
      .update(products)
      .set({ status: 'active' })
      .where(eq(products.id, product(0)));
    await shop.app.catalogue.changed();
    expect(await savedIds(user)).toEqual([product(2), product(0)]);
  });

  it('refuses a form post', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/add_wishlist',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: user.cookie },
      payload: `product_id=${product(4)}`,
    });
    expect(response.statusCode).toBe(415);
    expect(await savedRows(user.userId)).toBe(2);
  });
});

describe('the OpenAPI document', () => {
  it('documents wishlist, add_wishlist and remove_wishlist', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, { post?: { tags?: string[] } }>;
    for (const endpoint of ['wishlist', 'add_wishlist', 'remove_wishlist']) {
      expect(paths[`/api/${endpoint}`]?.post?.tags, endpoint).toEqual(['wishlist']);
    }
  });
});

describe('malformed bodies', () => {
  const notAnId = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
    fc.constantFrom(-1, 0, 1.5, 2 ** 31, Number.MAX_SAFE_INTEGER, -(2 ** 40), 1e308),
    fc.constantFrom('1; DROP TABLE wishlist_items; --', "' OR '1'='1", '<script>alert(1)</script>', '%_%', '', ' 1'),
    fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.padEnd(5000, 'x')),
  );
  const valid: Record<string, Record<string, unknown>> = {
    wishlist: {},
    add_wishlist: { product_id: 1 },
    remove_wishlist: { product_id: 1 },
  };

  function malformed(endpoint: string) {
    const base = valid[endpoint] ?? {};
    const fields = ['user_id', ...Object.keys(base)];
    const variants: fc.Arbitrary<unknown>[] = [
      fc.constantFrom(...fields).chain((field) => notAnId.map((value) => ({ ...base, [field]: value }))),
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((key) => !fields.includes(key) && key !== '__proto__')
        .map((extra) => ({ ...base, [extra]: 1 })),
      fc.oneof(fc.constant([]), fc.constant('wishlist'), fc.integer(), fc.array(fc.jsonValue(), { maxLength: 2 })),
    ];
    if ('product_id' in base) variants.push(fc.constant({}), fc.constant({ user_id: 1 }));
    return fc.oneof(...variants);
  }

  it.each(Object.keys(valid))('%s answers 4xx with success:false and changes nothing', async (endpoint) => {
    const user = await shop.user();
    await user.post('add_wishlist', { product_id: product(3) });
    const before = await shop.database.db.select().from(wishlistItems);
    await fc.assert(
      fc.asyncProperty(malformed(endpoint), async (body) => {
        const response = await shop.app.inject({
          method: 'POST',
          url: `/api/${endpoint}`,
          headers: { 'content-type': 'application/json', cookie: user.cookie },
          payload: JSON.stringify(body),
        });
        expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toMatchObject({ success: false });
      }),
      { numRuns: 150 },
    );
    expect(await shop.database.db.select().from(wishlistItems)).toEqual(before);
  });
});
