import {
  CategoryProductListAnswer,
  ErrorAnswer,
  type ProductCard,
  ProductListAnswer,
  SearchKeyWordAnswer,
} from '@kapaas/contract';
import { and, categories, eq, genders, inArray, patterns, productSizes, products, sizes } from '@kapaas/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAnswer } from '../../../test/calls';
import { startTestShop, type TestShop } from '../../../test/shop';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

const ok = <T>(endpoint: string, body: unknown, schema: { parse(v: unknown): T }) =>
  expectAnswer(shop, endpoint, body, schema);

const search = async (key_word: string) =>
  (await ok('search_key_word', { key_word }, SearchKeyWordAnswer)).search_key_word;
/** Every page of a listing, in order; the pages add up to the total each of them states. */
async function listed(endpoint: 'sort_filter' | 'filter', body: object) {
  const cards: ProductListAnswer['product'] = [];
  for (let page = 1; ; page += 1) {
    const answer = await ok(endpoint, { ...body, page, per_page: 10 }, ProductListAnswer);
    cards.push(...answer.product);
    if (page >= answer.pages) {
      expect(cards).toHaveLength(answer.total);
      return cards;
    }
  }
}
const ids = (cards: { product_id: number }[]) => cards.map((c) => c.product_id);

/** Renames products in the database and tells the catalogue, as an admin edit would. */
async function rename(names: string[]): Promise<number[]> {
  const rows = await shop.database.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(products.id)
    .limit(names.length);
  for (const [i, row] of rows.entries()) {
    await shop.database.db
      .update(products)
      .set({ name: names[i] ?? '' })
      .where(eq(products.id, row.id));
  }
  await shop.app.catalogue.changed();
  return rows.map((r) => r.id);
}

/** The active products as the database has them, with what sort and filter look at. */
async function productRows() {
  const rows = await shop.database.db.select().from(products).where(eq(products.status, 'active'));
  const sold = await shop.database.db.select().from(productSizes);
  return rows.map((p) => ({
    ...p,
    paid: p.discountPricePaise ?? p.pricePaise,
    sizeIds: sold.filter((s) => s.productId === p.id).map((s) => s.sizeId),
  }));
}
type ProductRow = Awaited<ReturnType<typeof productRows>>[number];

const newestFirst = (a: ProductRow, b: ProductRow) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
const orders: Record<1 | 2 | 3, (a: ProductRow, b: ProductRow) => number> = {
  1: newestFirst,
  2: (a, b) => b.paid - a.paid || a.id - b.id,
  3: (a, b) => a.paid - b.paid || a.id - b.id,
};

describe('search_key_word', () => {
  it('ranks the exact name, then names starting with the words, then words at word starts, then contains', async () => {
    const [exact, starts, wordsB, wordsA, contains, missing] = await rename([
      'Quokka Dream',
      'Quokka Dream Sleepsuit',
      'Soft Dream of a Quokka',
      'Little Quokka Dream Romper',
      'Bigquokka Daydreamer Jhabla',
      'Quokka Nap Jhabla',
    ]);
    const found = await search('  qUOKKA   dream ');
    // 'Little Quokka…' and 'Soft Dream…' both match word by word: the tie goes by name.
    expect(ids(found.product)).toEqual([exact, starts, wordsA, wordsB, contains]);
    expect(ids(found.product)).not.toContain(missing);
    expect(found.product[0]).toEqual({ product_id: exact, product_name: 'Quokka Dream' });
  });

  it('matches category names, case-insensitively, and answers both lists under the documented names', async () => {
    const rows = await shop.database.db.select().from(categories).where(eq(categories.active, true));
    const category = rows[0];
    if (!category) throw new Error('the demo shop has no categories');
    const found = await search(category.name.toUpperCase());
    expect(found.category[0]).toEqual({ category_id: category.id, category_name: category.name });
    const partial = category.name.slice(1, 4).toLowerCase();
    const expected = rows.filter((c) => c.name.toLowerCase().includes(partial)).map((c) => c.id);
    expect(ids((await search(partial)).category.map((c) => ({ product_id: c.category_id }))).sort()).toEqual(
      expected.sort(),
    );
  });

  it('answers at most 20 products and 10 categories, and nothing for a word nobody uses', async () => {
    const broad = await search('a');
    expect(broad.product).toHaveLength(20);
    expect(broad.category.length).toBeLessThanOrEqual(10);
    expect(await search('zzqxjv')).toEqual({ product: [], category: [] });
  });

  it('matches % and _ literally, never as wildcards', async () => {
    const [percent, underscore, lookalike] = await rename([
      'Kurta 100% Cotton',
      'Kurta Cotton_Pure',
      'Kurta 1000 Cotton Pure',
    ]);
    expect(ids((await search('100%')).product)).toEqual([percent]);
    expect(ids((await search('cotton_pure')).product)).toEqual([underscore]);
    for (const wildcard of ['%', '_', '%cotton%', 'k_rta']) {
      const found = await search(wildcard);
      expect(ids(found.product)).not.toContain(lookalike);
      expect(found.product.every((p) => p.product_name.toLowerCase().includes(wildcard))).toBe(true);
    }
  });

  it.each([[''], ['   '], ['\t\n '], ['x'.repeat(101)]])('refuses %j with 400 naming key_word', async (key_word) => {
    const response = await shop.post('search_key_word', { key_word });
    expect(response.statusCode).toBe(400);
    const answer = ErrorAnswer.parse(response.json());
    expect(answer.success).toBe(false);
    expect(Object.keys(answer.errors ?? {})).toEqual(['key_word']);
  });
});

describe('sort_filter', () => {
  it.each([1, 2, 3] as const)('sort %i orders a category as the database rows say', async (sort) => {
    const rows = await productRows();
    const categoryId = rows[0]?.categoryId ?? 0;
    const expected = rows.filter((p) => p.categoryId === categoryId).sort(orders[sort]);
    expect(expected.length).toBeGreaterThan(3);
    expect(ids(await listed('sort_filter', { category_id: categoryId, sort_id: sort }))).toEqual(
      expected.map((p) => p.id),
    );
    expect(ids(await listed('sort_filter', { category_id: String(categoryId), sort_id: String(sort) }))).toEqual(
      expected.map((p) => p.id),
    );
  });

  it('sorts by the price the shopper pays: the discount price when there is one', async () => {
    const rows = await productRows();
    const discounted = rows.find((p) => p.discountPricePaise !== null);
    if (!discounted) throw new Error('the demo shop has no discounted product');
    const cards = await listed('sort_filter', { category_id: discounted.categoryId, sort_id: 3 });
    const paid = (card: ProductCard) => card.discount_price || card.price;
    for (let i = 1; i < cards.length; i += 1) {
      expect(paid(cards[i] as ProductCard)).toBeGreaterThanOrEqual(paid(cards[i - 1] as ProductCard));
    }
    expect(cards.find((c) => c.product_id === discounted.id)?.discount_price).toBe(
      (discounted.discountPricePaise ?? 0) / 100,
    );
  });

  it('answers the same cards as category_product_list', async () => {
    const [row] = await productRows();
    const listing = await ok('category_product_list', { category_id: row?.categoryId }, CategoryProductListAnswer);
    const sorted = await listed('sort_filter', { category_id: row?.categoryId, sort_id: 2 });
    expect([...sorted].sort((a, b) => a.product_id - b.product_id)).toEqual(
      [...listing.product].sort((a, b) => a.product_id - b.product_id),
    );
  });

  it('narrows to a subcategory and to filter choices, sorted', async () => {
    const rows = await productRows();
    const sample = rows.find((p) => p.sizeIds.length > 0 && p.genderId !== null) as ProductRow;
    const sizeId = sample.sizeIds[0] as number;
    const expected = rows
      .filter(
        (p) =>
          p.categoryId === sample.categoryId &&
          p.subcategoryId === sample.subcategoryId &&
          p.sizeIds.includes(sizeId) &&
          p.genderId === sample.genderId,
      )
      .sort(orders[2]);
    const body = {
      category_id: sample.categoryId,
      subcategory_id: sample.subcategoryId,
      sort_id: 2,
      size_id: sizeId,
      gender_id: sample.genderId,
      print_id: '',
    };
    expect(ids(await listed('sort_filter', body))).toEqual(expected.map((p) => p.id));
    expect(expected.map((p) => p.id)).toContain(sample.id);
  });

  it('answers 404 for an unknown category and 400 for a sort other than 1 to 3', async () => {
    const unknown = await shop.post('sort_filter', { category_id: 999_999, sort_id: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, message: 'Category not found.' });
    const [row] = await productRows();
    for (const sort_id of [0, 4, -1, 1.5, '4', 'new', null]) {
      const response = await shop.post('sort_filter', { category_id: row?.categoryId, sort_id });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(ErrorAnswer.parse(response.json()).errors ?? {})).toEqual(['sort_id']);
    }
  });
});

describe('filter', () => {
  it('lists the whole shop when nothing is chosen, in the listing order', async () => {
    const expected = (await productRows()).sort(newestFirst).map((p) => p.id);
    for (const body of [
      {},
      { category_id: [] },
      { category_id: [], size_id: '', print_id: null, gender_id: '' },
      { category_id: [], size_id: null },
    ]) {
      expect(ids(await listed('filter', body))).toEqual(expected);
    }
  });

  it('keeps exactly the products having every chosen attribute, as product_sizes and products say', async () => {
    const rows = await productRows();
    const categoryIds = [...new Set(rows.map((p) => p.categoryId))];
    const sizeIds = (await shop.database.db.select({ id: sizes.id }).from(sizes)).map((s) => s.id);
    const patternIds = (await shop.database.db.select({ id: patterns.id }).from(patterns)).map((p) => p.id);
    const genderIds = (await shop.database.db.select({ id: genders.id }).from(genders)).map((g) => g.id);
    const none = fc.constantFrom(undefined, '', null);
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(categoryIds, { maxLength: 3 }),
        fc.oneof(none, fc.constantFrom(...sizeIds)),
        fc.oneof(none, fc.constantFrom(...patternIds)),
        fc.oneof(none, fc.constantFrom(...genderIds)),
        fc.constantFrom(undefined, 1, 2, 3),
        async (category_id, size_id, print_id, gender_id, sort_id) => {
          const chosen = (v: number | string | null | undefined) => (typeof v === 'number' ? v : undefined);
          const expected = rows
            .filter(
              (p) =>
                (category_id.length === 0 || category_id.includes(p.categoryId)) &&
                (chosen(size_id) === undefined || p.sizeIds.includes(chosen(size_id) as number)) &&
                (chosen(print_id) === undefined || p.patternId === chosen(print_id)) &&
                (chosen(gender_id) === undefined || p.genderId === chosen(gender_id)),
            )
            .sort(orders[sort_id ?? 1])
            .map((p) => p.id);
          const body = { category_id, size_id, print_id, gender_id, sort_id };
          expect(ids(await listed('filter', body)), JSON.stringify(body)).toEqual(expected);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('counts a size the product sells even when it is sold out', async () => {
    const [row] = await shop.database.db.select().from(productSizes).limit(1);
    if (!row) throw new Error('the demo shop sells no sizes');
    await shop.database.db
      .update(productSizes)
      .set({ stock: 0, reserved: 0 })
      .where(and(eq(productSizes.productId, row.productId), eq(productSizes.sizeId, row.sizeId)));
    await shop.app.catalogue.changed();
    const cards = await listed('filter', { category_id: [], size_id: row.sizeId });
    expect(ids(cards)).toContain(row.productId);
  });

  it('leaves archived products out', async () => {
    const [row] = await productRows();
    await shop.database.db
      .update(products)
      .set({ status: 'archived' })
      .where(inArray(products.id, [row?.id ?? 0]));
    await shop.app.catalogue.changed();
    expect(ids(await listed('filter', {}))).not.toContain(row?.id);
    expect(ids(await listed('sort_filter', { category_id: row?.categoryId, sort_id: 3 }))).not.toContain(row?.id);
  });

  it.each([
    [{ category_id: [999_999] }, 'Category not found.'],
    [{ category_id: [], size_id: 999_999 }, 'Size not found.'],
    [{ category_id: [], print_id: 999_999 }, 'Print not found.'],
    [{ category_id: [], gender_id: 999_999 }, 'Gender not found.'],
    [{ category_id: [], subcategory_id: 999_999 }, 'Subcategory not found.'],
  ])('answers 404 for an unknown id: %j', async (body, message) => {
    const response = await shop.post('filter', body);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message });
  });
});

describe('the OpenAPI document', () => {
  it('documents search_key_word, sort_filter and filter with their bodies', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths as Record<string, { post?: { requestBody?: unknown; tags?: string[] } }>;
    for (const endpoint of ['search_key_word', 'sort_filter', 'filter']) {
      expect(paths[`/api/${endpoint}`]?.post?.requestBody, endpoint).toBeDefined();
      expect(paths[`/api/${endpoint}`]?.post?.tags).toEqual(['search']);
    }
  });
});

describe('malformed bodies', () => {
  const notAString = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
  );
  const fragments = fc.constantFrom(
    '1; DROP TABLE products; --',
    "' OR '1'='1",
    '<script>alert(1)</script>',
    '%_%',
    ' ',
    '-1',
    '1.5',
    '0x10',
  );
  const badNumber = fc.constantFrom(-1, 0, 1.5, 2 ** 31, Number.MAX_SAFE_INTEGER, -(2 ** 40), 1e308);
  const oversize = fc.string({ minLength: 1, maxLength: 20 }).map((s) => s.padEnd(5000, 'x'));
  const badId = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.integer(), { maxLength: 3 }),
    fragments,
    badNumber,
    oversize,
  );
  const badChoice = fc.oneof(fc.boolean(), fc.array(fc.integer(), { maxLength: 3 }), fragments, badNumber, oversize);
  const badSort = fc.oneof(badId, fc.constantFrom(4, '0', '4', 'new', ''));
  const valid: Record<string, Record<string, unknown>> = {
    search_key_word: { key_word: 'kurta' },
    sort_filter: { category_id: 1, sort_id: 1 },
    filter: { category_id: [1] },
  };
  const badFields: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
    search_key_word: { key_word: fc.oneof(notAString, fc.constantFrom('', '   ', '\n'), oversize) },
    sort_filter: {
      category_id: badId,
      sort_id: badSort,
      subcategory_id: badId,
      size_id: badChoice,
      print_id: badChoice,
      gender_id: badChoice,
    },
    filter: {
      category_id: fc.oneof(
        badId.filter((v) => !Array.isArray(v)),
        fc.array(badId, { minLength: 1, maxLength: 3 }),
      ),
      sort_id: badSort,
      subcategory_id: badId,
      size_id: badChoice,
      print_id: badChoice,
      gender_id: badChoice,
    },
  };
  const required: Record<string, string[]> = {
    search_key_word: ['key_word'],
    sort_filter: ['category_id', 'sort_id'],
    filter: [],
  };

  function malformed(endpoint: string) {
    const base = valid[endpoint] ?? {};
    const fields = badFields[endpoint] ?? {};
    const variants: fc.Arbitrary<unknown>[] = [
      fc
        .constantFrom(...Object.keys(fields))
        .chain((field) => (fields[field] as fc.Arbitrary<unknown>).map((value) => ({ ...base, [field]: value }))),
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((key) => !(key in fields) && key !== '__proto__')
        .map((extra) => ({ ...base, [extra]: 1 })),
      fc.oneof(fc.constant([]), fc.constant('kurta'), fc.integer(), fc.array(fc.jsonValue(), { maxLength: 2 })),
    ];
    for (const field of required[endpoint] ?? []) {
      const { [field]: _dropped, ...rest } = base;
      variants.push(fc.constant(rest));
    }
    return fc.oneof(...variants);
  }

  it.each(Object.keys(valid))('%s answers 4xx with success:false and changes nothing', async (endpoint) => {
    const before = await shop.database.db.select().from(products);
    await fc.assert(
      fc.asyncProperty(malformed(endpoint), async (body) => {
        const response = await shop.app.inject({
          method: 'POST',
          url: `/api/${endpoint}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toMatchObject({ success: false });
      }),
      { numRuns: 150 },
    );
    expect(await shop.database.db.select().from(products)).toEqual(before);
  });
});
