import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../client';
import { prepareDatabase } from '../prepare';
import * as schema from '../schema';
import { PIECE_WEIGHT_RANGES } from './data/weights';
import { demoMedia } from './media';
import { readShopShape, seedScale } from './scale';
import { generateProducts, HEAVY_CATEGORY_SLUG, type ShopShape } from './scale-generate';
import { COLOURS, FABRICS, GARMENTS, PRINTS } from './scale-vocabulary';

const NOW = new Date('2026-11-25T10:00:00Z');
const TWO_YEARS_MS = 2 * 365 * 86_400_000;
const COUNT = 300;
const SEED = 7;

let handle: DatabaseHandle;
let demoProductCount: number;
let lastDemoId: number;

beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
  await prepareDatabase(handle, { seedDemo: true, now: NOW });
  const [row] = await handle.db
    .select({ n: count(), last: sql<number>`max(${schema.products.id})` })
    .from(schema.products);
  demoProductCount = row?.n ?? 0;
  lastDemoId = Number(row?.last ?? 0);
  await seedScale(handle.db, { products: COUNT, seed: SEED, now: NOW, batchSize: 128 });
}, 60_000);
afterAll(async () => {
  await handle.close();
});

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** The value, or a failed test when there is none. */
function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}

/** The products this file's seedScale call added, oldest id first. */
async function generated() {
  return handle.db
    .select()
    .from(schema.products)
    .where(and(gt(schema.products.id, lastDemoId), sql`${schema.products.id} <= ${lastDemoId + COUNT}`))
    .orderBy(asc(schema.products.id));
}

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternatives = (words: readonly string[]) => words.filter(Boolean).map(escapeRegExp).join('|');
const NAME = new RegExp(
  `^(${alternatives(COLOURS)}) (?:(${alternatives(PRINTS.map((p) => p.words))}) )?(${alternatives(FABRICS.map((f) => f.word))}) (.+)$`,
);

describe('seedScale on the demo shop', () => {
  it('adds exactly the products asked for, all active', async () => {
    const [row] = await handle.db.select({ n: count() }).from(schema.products);
    expect(row?.n).toBe(demoProductCount + COUNT);
    const rows = await generated();
    expect(rows).toHaveLength(COUNT);
    expect(rows.every((p) => p.status === 'active')).toBe(true);
  });

  it('gives every product 3–5 consecutive sizes with stock, most of it on the shelf', async () => {
    const sizeOrder = (await handle.db.select().from(schema.sizes).orderBy(asc(schema.sizes.sortOrder))).map(
      (s) => s.id,
    );
    const rows = await handle.db
      .select({
        productId: schema.productSizes.productId,
        sizeId: schema.productSizes.sizeId,
        stock: schema.productSizes.stock,
        sku: schema.productSizes.sku,
      })
      .from(schema.productSizes)
      .where(gt(schema.productSizes.productId, lastDemoId));
    // Each size a SKU of its own, as an imported catalogue has (ADR 063).
    for (const row of rows) expect(row.sku).toBe(`KP-${row.productId}-S${row.sizeId}`);
    const byProduct = groupBy(rows, (r) => r.productId);
    expect(byProduct.size).toBe(COUNT);
    for (const sizes of byProduct.values()) {
      expect(sizes.length).toBeGreaterThanOrEqual(3);
      expect(sizes.length).toBeLessThanOrEqual(5);
      const positions = sizes.map((s) => sizeOrder.indexOf(s.sizeId)).sort((a, b) => a - b);
      expect(present(positions.at(-1), 'a last size') - present(positions[0], 'a first size')).toBe(sizes.length - 1);
    }
    const stocked = rows.filter((r) => r.stock > 0).length;
    expect(rows.some((r) => r.stock === 0)).toBe(true);
    expect(stocked / rows.length).toBeGreaterThan(0.7);
  });

  it('puts about a quarter of the products in one category and spreads the rest', async () => {
    const rows = await generated();
    const categories = await handle.db.select().from(schema.categories);
    const heavy = present(
      categories.find((c) => c.slug === HEAVY_CATEGORY_SLUG),
      'the heavy category',
    );
    const perCategory = groupBy(rows, (p) => p.categoryId);
    const heavyShare = (perCategory.get(heavy.id)?.length ?? 0) / COUNT;
    expect(heavyShare).toBeGreaterThan(0.18);
    expect(heavyShare).toBeLessThan(0.32);
    expect(perCategory.size).toBe(categories.length);
    for (const [id, products] of perCategory) if (id !== heavy.id) expect(products.length / COUNT).toBeLessThan(0.16);
  });

  it('files every product under a subcategory of its own category', async () => {
    const subcategories = new Map((await handle.db.select().from(schema.subcategories)).map((s) => [s.id, s] as const));
    for (const product of await generated()) {
      expect(subcategories.get(product.subcategoryId)?.categoryId).toBe(product.categoryId);
    }
  });

  it('names products from the colours, prints, cloths and garments of the demo shop', async () => {
    const subcategories = new Map((await handle.db.select().from(schema.subcategories)).map((s) => [s.id, s.slug]));
    const patterns = new Map((await handle.db.select().from(schema.patterns)).map((p) => [p.id, p.name]));
    for (const product of await generated()) {
      const match = NAME.exec(product.name);
      expect(match, product.name).not.toBeNull();
      const [, , print = '', , garment = ''] = present(match, `a name from the vocabulary: ${product.name}`);
      expect(GARMENTS[present(subcategories.get(product.subcategoryId), 'a subcategory')]).toContain(garment);
      const pattern = present(
        PRINTS.find((p) => p.words === print),
        'a print',
      ).pattern;
      expect(patterns.get(present(product.patternId, 'a pattern'))).toBe(pattern);
      expect(product.description.split('. ').length).toBeGreaterThanOrEqual(3);
      expect(product.description.toLowerCase()).toContain(garment.toLowerCase());
      expect(product.productDetails.split('\n')).toHaveLength(4);
      expect(product.washCare.split('\n').length).toBeGreaterThanOrEqual(4);
    }
  });

  it('shows 1–3 images at positions 0… that are demo media the shop serves', async () => {
    const media = demoMedia();
    const rows = await handle.db
      .select()
      .from(schema.productImages)
      .where(gt(schema.productImages.productId, lastDemoId));
    const byProduct = groupBy(rows, (r) => r.productId);
    expect(byProduct.size).toBe(COUNT);
    for (const images of byProduct.values()) {
      expect(images.length).toBeGreaterThanOrEqual(1);
      expect(images.length).toBeLessThanOrEqual(3);
      expect(images.map((i) => i.position).sort()).toEqual(images.map((_, index) => index));
      for (const image of images) expect(media.has(image.url), image.url).toBe(true);
    }
  });

  it('weighs each product as its subcategory’s pieces weigh, so a courier order of generated products has weights', async () => {
    const subcategories = new Map((await handle.db.select().from(schema.subcategories)).map((s) => [s.id, s.slug]));
    for (const product of await generated()) {
      const subcategory = present(subcategories.get(product.subcategoryId), 'a subcategory');
      const [least, most] = present(PIECE_WEIGHT_RANGES[subcategory], `a weight range for ${subcategory}`);
      const weight = present(product.weightGrams, `a weight for ${product.slug}`);
      expect(weight).toBeGreaterThanOrEqual(least);
      expect(weight).toBeLessThanOrEqual(most);
    }
  });

  it('prices from ₹249 to ₹3,499, about a third discounted below the price', async () => {
    const rows = await generated();
    for (const p of rows) {
      expect(p.pricePaise).toBeGreaterThanOrEqual(24_900);
      expect(p.pricePaise).toBeLessThanOrEqual(349_900);
      if (p.discountPricePaise !== null) {
        expect(p.discountPricePaise).toBeGreaterThan(0);
        expect(p.discountPricePaise).toBeLessThan(p.pricePaise);
      }
    }
    const discounted = rows.filter((p) => p.discountPricePaise !== null).length / COUNT;
    expect(discounted).toBeGreaterThan(0.25);
    expect(discounted).toBeLessThan(0.42);
  });

  it('spreads distinct creation times over the past two years, not in id order', async () => {
    const rows = await generated();
    const times = rows.map((p) => p.createdAt.getTime());
    expect(new Set(times).size).toBe(COUNT);
    for (const time of times) {
      expect(time).toBeLessThan(NOW.getTime());
      expect(time).toBeGreaterThan(NOW.getTime() - TWO_YEARS_MS);
    }
    expect(Math.min(...times)).toBeLessThan(NOW.getTime() - TWO_YEARS_MS * 0.9);
    expect(Math.max(...times)).toBeGreaterThan(NOW.getTime() - TWO_YEARS_MS * 0.1);
    expect(times).not.toEqual([...times].sort((a, b) => a - b));
    expect(times).not.toEqual([...times].sort((a, b) => b - a));
  });

  it('gives the same names for the same seed, and other names for another', async () => {
    const shop = await readShopShape(handle.db);
    const names = (seed: number) =>
      [...generateProducts(shop, { count: COUNT, seed, now: NOW, firstOrdinal: 1 })].map((p) => p.name);
    expect((await generated()).map((p) => p.name)).toEqual(names(SEED));
    expect(names(SEED + 1)).not.toEqual(names(SEED));
    const shorter = [...generateProducts(shop, { count: 40, seed: SEED, now: NOW, firstOrdinal: 1 })];
    expect(shorter.map((p) => p.name)).toEqual(names(SEED).slice(0, 40));
  });

  it('adds more on a second run with the same seed, under new slugs', async () => {
    const before = await handle.db.select({ n: count() }).from(schema.products);
    const result = await seedScale(handle.db, { products: 20, seed: SEED, now: NOW });
    expect(result.products).toBe(20);
    expect(result.heavyCategory.slug).toBe(HEAVY_CATEGORY_SLUG);
    const [after] = await handle.db.select({ n: count() }).from(schema.products);
    expect(after?.n).toBe((before[0]?.n ?? 0) + 20);
    const firstName = present((await generated())[0], 'a generated product').name;
    const repeats = await handle.db.select().from(schema.products).where(eq(schema.products.name, firstName));
    expect(new Set(repeats.map((p) => p.slug)).size).toBe(repeats.length);
    expect(repeats.length).toBeGreaterThanOrEqual(2);
  });
});

describe('generateProducts', () => {
  const shop: ShopShape = {
    categories: [
      {
        id: 1,
        slug: HEAVY_CATEGORY_SLUG,
        name: 'Rompers',
        subcategories: [{ id: 10, slug: 'dungarees', name: 'Dungarees' }],
      },
      { id: 2, slug: 'own', name: 'Own', subcategories: [{ id: 20, slug: 'not-in-the-demo', name: 'Ponchos' }] },
    ],
    sizeIds: [5, 6, 7],
    patternIds: new Map([['Solid', 1]]),
    genderIds: [],
    imagesBySubcategory: new Map([['dungarees', [['/a-1.svg', '/a-2.svg']]]]),
    allImages: [['/b-1.svg']],
  };

  it('keeps every product within the rules for any seed and shop size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 60 }), (seed, n) => {
        const products = [...generateProducts(shop, { count: n, seed, now: NOW, firstOrdinal: 100 })];
        expect(products).toHaveLength(n);
        expect(new Set(products.map((p) => p.slug)).size).toBe(n);
        expect(new Set(products.map((p) => p.createdAt.getTime())).size).toBe(n);
        for (const p of products) {
          expect(p.sizes.map((s) => s.sizeId)).toEqual([5, 6, 7]);
          expect(p.pricePaise % 100).toBe(0);
          if (p.discountPricePaise !== null) expect(p.discountPricePaise).toBeLessThan(p.pricePaise);
          expect(p.discountPricePaise === null || p.discountPricePaise > 0).toBe(true);
          if (p.subcategoryId === 20) {
            expect(p.name.endsWith(' Ponchos')).toBe(true);
            expect(p.images).toEqual(['/b-1.svg']);
          } else {
            expect(p.images.length).toBeLessThanOrEqual(2);
          }
          expect(p.genderId).toBeNull();
        }
      }),
      { numRuns: 60 },
    );
  });
});
