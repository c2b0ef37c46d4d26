import {
  AdminBulkApplyAnswer,
  AdminBulkPreviewAnswer,
  AdminProductAnswer,
  type AdminProductListAnswer,
  ErrorAnswer,
  ProductDetailAnswer,
} from '@kapaas/contract';
import { asc, sizes } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from './admin.fixtures';

let shop: TestShop;
const admin = adminFixtures(() => shop);
let owner: AdminClient;
/** A category of this test's own, with two subcategories, and another category with one. */
let place: { category: number; sub: number; otherSub: number; elsewhere: number; elsewhereSub: number };
let sizeIds: number[];

const post = async (client: AdminClient, path: string, body: unknown, status = 200) =>
  expectStatus(await client.post(path, body), status);

async function category(name: string) {
  const created = await post(owner, '/categories', { name, image: '/media/uploads/x.webp' });
  const sub = async (subName: string) =>
    (
      await post(owner, '/subcategories', {
        name: subName,
        image: '/media/uploads/x.webp',
        category_id: created.data.id,
      })
    ).data.id as number;
  return { id: created.data.id as number, sub };
}

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  const sale = await category('Bulk sale');
  const other = await category('Bulk elsewhere');
  place = {
    category: sale.id,
    sub: await sale.sub('Bulk frocks'),
    otherSub: await sale.sub('Bulk rompers'),
    elsewhere: other.id,
    elsewhereSub: await other.sub('Bulk tops'),
  };
  sizeIds = (await shop.database.db.select().from(sizes).orderBy(asc(sizes.sortOrder)).limit(2)).map((s) => s.id);
});
afterAll(async () => {
  await shop.close();
});

async function product(name: string, price: number, discount: number | null = null, stock = [5, 3]) {
  const body = {
    name,
    category_id: place.category,
    subcategory_id: place.sub,
    price,
    discount_price: discount,
    sizes: stock.map((units, i) => ({ size_id: sizeIds[i], stock: units })),
  };
  return AdminProductAnswer.parse(await post(owner, '/products', body)).data;
}

const find = async (id: number) => AdminProductAnswer.parse(expectStatus(await owner.get(`/products/${id}`), 200)).data;
const preview = async (body: unknown, client = owner) =>
  AdminBulkPreviewAnswer.parse(await post(client, '/products/bulk/preview', body)).data;
const apply = async (body: unknown, client = owner) =>
  AdminBulkApplyAnswer.parse(await post(client, '/products/bulk/apply', body)).data;

/** Every product the console's list shows for these filters, across its pages. */
async function listIds(filter: Record<string, string | number>): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer: z.infer<typeof AdminProductListAnswer> = expectStatus(
      await owner.get('/products', { ...filter, page, per_page: 100 }),
      200,
    );
    ids.push(...answer.data.map((item) => item.id));
    if (ids.length >= answer.total) return ids;
  }
}

describe('bulk edits of products', () => {
  it('a category’s prices down 10 %: previewed (nothing written), applied, audited per product, on the storefront at once', async () => {
    const frock = await product('Bulk Frock', 999);
    const romper = await product('Bulk Romper', 1299.5, 1199);
    const body = { filter: { category_id: place.category }, action: { kind: 'price_percent', percent: -10 } };

    const seen = await preview(body);
    expect(seen).toMatchObject({ selected: 2, changed: 1, unchanged: 0, refused: 1 });
    // Refused rows first: ₹1,299.50 less 10 % is ₹1,169.55, ₹1,170 to the rupee, and its ₹1,199 discount is not below.
    expect(seen.rows.map((row) => [row.name, row.outcome, row.before.price, row.after.price])).toEqual([
      ['Bulk Romper', 'refused', 1299.5, 1299.5],
      ['Bulk Frock', 'change', 999, 899],
    ]);
    expect(seen.rows[0]?.reason).toBe(
      'Its discount price ₹1,199 would not be below the new price ₹1,170: change or clear the discount first.',
    );
    expect((await find(frock.id)).price).toBe(999);
    expect(await admin.lastAudit(owner, 'products', frock.id)).toMatchObject({ action: 'create' });

    expect(await apply(body)).toEqual({ selected: 2, changed: 1, unchanged: 0, refused: 1 });
    expect((await find(frock.id)).price).toBe(899);
    expect(await find(romper.id)).toMatchObject({ price: 1299.5, discount_price: 1199 });

    const detail = ProductDetailAnswer.parse(
      expectStatus(await shop.post('product_detail', { product_id: frock.id }), 200),
    ).products;
    expect(detail.actual_price).toBe(899);

    expect(await admin.lastAudit(owner, 'products', frock.id)).toMatchObject({
      action: 'bulk_price_percent',
      admin_email: 'admin@kapaas.local',
      before: { price: 999, discount_price: null, category_id: place.category },
      after: { price: 899, discount_price: null, category_id: place.category },
    });
    expect(await admin.lastAudit(owner, 'products', romper.id)).toMatchObject({ action: 'create' });
  });

  it('selects by filter exactly what the list shows for the same filters, every page of it', async () => {
    await product('Bulk Jhabla Listed', 499);
    const filters: Record<string, string | number>[] = [
      { category_id: place.category },
      { status: 'active' },
      { q: 'bulk jhabla' },
      { q: '100%_' },
      { category_id: place.category, subcategory_id: place.sub, status: 'active' },
      { gst_band: 'false', low_stock: 3 },
    ];
    for (const filter of filters) {
      const seen = await preview({ filter, action: { kind: 'archive' } });
      const listed = await listIds(filter);
      expect(seen.selected, JSON.stringify(filter)).toBe(listed.length);
      expect(seen.rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(listed.sort((a, b) => a - b));
    }
  });

  it('ticked ids: discount set and cleared, moved, stock set on the sizes sold, archived and restored', async () => {
    const vest = await product('Bulk Vest', 600, null, [4]);
    const top = await product('Bulk Top', 800, null, [2, 9]);
    const ids = [vest.id, top.id];

    expect(await apply({ ids, action: { kind: 'set_discount', percent: 15 } })).toMatchObject({ changed: 2 });
    expect((await find(vest.id)).discount_price).toBe(510);
    expect((await find(top.id)).discount_price).toBe(680);
    expect(await apply({ ids, action: { kind: 'set_discount', rupees: 100 } })).toMatchObject({ changed: 2 });
    expect((await find(top.id)).discount_price).toBe(700);
    expect(await apply({ ids: [vest.id], action: { kind: 'clear_discount' } })).toMatchObject({ changed: 1 });
    expect((await find(vest.id)).discount_price).toBeNull();

    const moved = { kind: 'move_category', category_id: place.elsewhere, subcategory_id: place.elsewhereSub };
    expect(await apply({ ids, action: moved })).toMatchObject({ changed: 2 });
    expect(await find(top.id)).toMatchObject({ category_id: place.elsewhere, subcategory_id: place.elsewhereSub });
    const withoutSub = await preview({ ids, action: { kind: 'move_category', category_id: place.category } });
    expect(withoutSub).toMatchObject({ refused: 2 });
    expect(withoutSub.rows[0]?.reason).toMatch(/choose a subcategory/);

    const stock = { kind: 'set_stock', sizes: [{ size_id: sizeIds[1], stock: 12 }] };
    expect(await apply({ ids, action: stock })).toEqual({ selected: 2, changed: 1, unchanged: 1, refused: 0 });
    expect((await find(top.id)).sizes.map((s) => [s.size_id, s.stock])).toEqual([
      [sizeIds[0], 2],
      [sizeIds[1], 12],
    ]);
    expect((await find(vest.id)).sizes.map((s) => s.size_id)).toEqual([sizeIds[0]]);

    expect(await apply({ ids, action: { kind: 'archive' } })).toMatchObject({ changed: 2 });
    expect((await shop.post('product_detail', { product_id: vest.id })).statusCode).toBe(404);
    expect(await apply({ ids, action: { kind: 'restore' } })).toMatchObject({ changed: 2 });
    expect((await shop.post('product_detail', { product_id: vest.id })).statusCode).toBe(200);
    expect(await admin.lastAudit(owner, 'products', vest.id)).toMatchObject({
      action: 'bulk_restore',
      before: { status: 'archived' },
      after: { status: 'active' },
    });
  });

  it('bad input answers 400 beside the field and changes nothing', async () => {
    const shirt = await product('Bulk Shirt', 700);
    const refused = async (body: unknown, field: string, message: RegExp) => {
      for (const path of ['/products/bulk/preview', '/products/bulk/apply']) {
        const error = ErrorAnswer.parse(await post(owner, path, body, 400));
        expect(error.errors?.[field]?.[0], JSON.stringify(error)).toMatch(message);
      }
    };
    const ids = [shirt.id];
    await refused({ ids, action: { kind: 'price_percent', percent: 600 } }, 'action.percent', /at most 500 %/);
    await refused({ ids, action: { kind: 'price_percent', percent: -91 } }, 'action.percent', /at most 90 %/);
    await refused({ ids, action: { kind: 'price_amount', rupees: 10.5 } }, 'action.rupees', /whole number/);
    await refused({ ids, action: { kind: 'set_discount' } }, 'action.percent', /one of the two/);
    await refused({ ids, filter: {}, action: { kind: 'archive' } }, 'ids', /one of the two/);
    await refused({ action: { kind: 'archive' } }, 'ids', /one of the two/);
    await refused({ ids: [], action: { kind: 'archive' } }, 'ids', /at least one/);
    await refused({ ids: [shirt.id, 99_999_999], action: { kind: 'archive' } }, 'ids', /99999999/);
    await refused({ ids, action: { kind: 'move_category', category_id: 99_999 } }, 'action.category_id', /existing/);
    const foreign = { kind: 'move_category', category_id: place.elsewhere, subcategory_id: place.sub };
    await refused({ ids, action: foreign }, 'action.subcategory_id', /another category/);
    await refused(
      { ids, action: { kind: 'set_stock', sizes: [{ size_id: 99_999, stock: 1 }] } },
      'action.sizes',
      /99999/,
    );
    await refused(
      { ids, action: { kind: 'set_stock', sizes: [{ size_id: sizeIds[0], stock: -1 }] } },
      'action.sizes.0.stock',
      /negative/,
    );
    await refused(
      { ids: Array.from({ length: 5_001 }, (_, i) => i + 1), action: { kind: 'archive' } },
      'ids',
      /At most 5000/,
    );
    await refused({ filter: { colour: 'red' }, action: { kind: 'archive' } }, 'filter', /./);
    expect(await find(shirt.id)).toMatchObject({ price: 700, status: 'active', category_id: place.category });
    expect(await admin.lastAudit(owner, 'products', shirt.id)).toMatchObject({ action: 'create' });
  });

  it('staff may preview and apply, as they may edit a product; without a token nothing is answered', async () => {
    const staff = await admin.staff(owner);
    const bib = await product('Bulk Bib', 300);
    const body = { ids: [bib.id], action: { kind: 'price_amount', rupees: 50 } };
    expect(await preview(body, staff)).toMatchObject({ changed: 1 });
    expect(await apply(body, staff)).toMatchObject({ changed: 1 });
    expect((await find(bib.id)).price).toBe(350);
    expect(await admin.lastAudit(owner, 'products', bib.id)).toMatchObject({
      action: 'bulk_price_amount',
      admin_email: staff.email,
    });
    for (const path of ['/products/bulk/preview', '/products/bulk/apply']) {
      expect((await admin.client().post(path, body)).statusCode).toBe(401);
    }
    expect((await find(bib.id)).price).toBe(350);
  });
});
