import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CatalogueProduct,
  CatalogueView,
  IdSet,
  LISTING_ORDERS,
  type ListingScope,
  ratingAverage,
} from './catalogue.read-model';
import type { CatalogueStructure, ProductRow, StockRow } from './catalogue.repository';

/** A shop of 3 categories (the third hidden), 5 subcategories, 4 sizes, 2 prints, 2 genders. */
function structure(hidden: { categories?: number[]; subcategories?: number[] } = {}): CatalogueStructure {
  const categories = [1, 2, 3]
    .filter((id) => !hidden.categories?.includes(id))
    .map((id) => ({ id, name: `Category ${id}`, image: `c${id}.webp`, sortOrder: id }));
  const subcategories = [
    [10, 1],
    [11, 1],
    [20, 2],
    [21, 2],
    [30, 3],
  ]
    .filter(([id]) => !hidden.subcategories?.includes(id as number))
    .map(([id, categoryId]) => ({ id, categoryId, name: `Sub ${id}`, slug: `sub-${id}`, image: `s${id}.webp` }));
  return {
    settings: { perOrderQuantityCap: 5 },
    categories,
    subcategories,
    sizes: [1, 2, 3, 4].map((id) => ({ id, label: `${id}-${id + 1}Y`, sortOrder: id })),
    patterns: [1, 2].map((id) => ({ id, name: `Print ${id}` })),
    genders: [1, 2].map((id) => ({ id, name: `Gender ${id}` })),
    banners: [],
    ads: [],
    testimonials: [],
    featuredSections: [{ id: 1, title: 'Best Selling' }],
    featuredProducts: [1, 2, 3].map((productId, position) => ({ sectionId: 1, productId, position })),
    sizeCharts: [],
  } as unknown as CatalogueStructure;
}

const SUBCATEGORY_OF = { 10: 1, 11: 1, 20: 2, 21: 2, 30: 3 } as const;

const stockRow = (productId: number) =>
  fc.record({
    productId: fc.constant(productId),
    sizeId: fc.integer({ min: 1, max: 4 }),
    stock: fc.integer({ min: 0, max: 6 }),
    reserved: fc.constant(0),
  });

/** A stock row set: distinct sizes, in the sizes' order, reserved within stock. */
const stockRows = (productId: number) =>
  fc
    .uniqueArray(stockRow(productId), { selector: (r) => r.sizeId, maxLength: 4 })
    .chain((rows) =>
      fc.tuple(...rows.map((r) => fc.integer({ min: 0, max: r.stock }).map((reserved) => ({ ...r, reserved })))),
    )
    .map((rows: StockRow[]) => rows.toSorted((a, b) => a.sizeId - b.sizeId));

/** The stars of a product's published reviews. */
const reviewStars = fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 6 });

const productRow = (id: number): fc.Arbitrary<ProductRow> =>
  fc
    .record({
      subcategoryId: fc.constantFrom(10, 11, 20, 21, 30),
      pricePaise: fc.integer({ min: 1, max: 40 }).map((n) => n * 5000),
      discounted: fc.boolean(),
      patternId: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null }),
      genderId: fc.option(fc.integer({ min: 1, max: 2 }), { nil: null }),
      // Few distinct moments, so that ties on the date are ordered by id.
      day: fc.integer({ min: 1, max: 6 }),
      images: fc.array(fc.constantFrom('a.webp', 'b.webp'), { maxLength: 2 }),
      stock: stockRows(id),
      stars: reviewStars,
    })
    .map((r) => ({
      id,
      name: `Product ${id}`,
      categoryId: SUBCATEGORY_OF[r.subcategoryId as keyof typeof SUBCATEGORY_OF],
      subcategoryId: r.subcategoryId,
      description: `About ${id}`,
      productDetails: '',
      washCare: '',
      pricePaise: r.pricePaise,
      discountPricePaise: r.discounted && r.pricePaise > 5000 ? r.pricePaise - 5000 : null,
      patternId: r.patternId,
      genderId: r.genderId,
      createdAt: new Date(Date.UTC(2026, 0, r.day)),
      updatedAt: new Date(Date.UTC(2026, 0, r.day, 12)),
      seoTitle: null,
      seoDescription: null,
      images: r.images,
      stock: r.stock,
      ratingCount: r.stars.length,
      ratingSum: r.stars.reduce((a, b) => a + b, 0),
    }));

const catalogue = fc
  .integer({ min: 0, max: 30 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => productRow(i + 1))));

/** Every answer a shopper can get from the view, as JSON, to compare two views. */
function everyAnswer(view: CatalogueView, ids: number[]) {
  const answers: Record<string, unknown> = {
    categories: view.categoryList.json,
    featured: view.featuredProductList(),
  };
  for (const id of ids) answers[`detail ${id}`] = view.productDetail(id);
  for (const [kind, id] of [
    ['category', 1],
    ['category', 2],
    ['category', 3],
    ['subcategory', 10],
    ['subcategory', 11],
    ['subcategory', 20],
    ['subcategory', 21],
  ] as const) {
    for (const perPage of [1, 7, 96]) answers[`${kind} ${id} ${perPage}`] = view.productsOf(kind, id, 1, perPage);
    answers[`${kind} ${id} page 2`] = view.productsOf(kind, id, 2, 7);
  }
  const scopes: ListingScope[] = [{ kind: 'all' }, { kind: 'category', id: 2 }, { kind: 'subcategory', id: 11 }];
  for (const scope of scopes) {
    for (const order of LISTING_ORDERS) {
      answers[`${JSON.stringify(scope)} ${order}`] = view.listing(scope, order).map((p) => view.cardJson(p));
    }
  }
  for (const kind of ['size', 'pattern', 'gender'] as const) {
    for (const id of [1, 2, 3, 4]) answers[`${kind} ${id}`] = [...view.productsWith(kind, id)].sort((a, b) => a - b);
  }
  return answers;
}

/** A change an order or an admin makes, applied to the rows (the database) and to the view in place. */
type Change =
  | { kind: 'stock'; id: number; rows: StockRow[] }
  | { kind: 'edit'; row: ProductRow }
  | { kind: 'remove'; id: number }
  | { kind: 'rating'; id: number; stars: number[] }
  | { kind: 'hide'; categories: number[]; subcategories: number[] };

const change = (maxId: number): fc.Arbitrary<Change> =>
  fc.integer({ min: 1, max: maxId + 3 }).chain((id) =>
    fc.oneof(
      stockRows(id).map((rows) => ({ kind: 'stock' as const, id, rows })),
      productRow(id).map((row) => ({ kind: 'edit' as const, row })),
      fc.constant({ kind: 'remove' as const, id }),
      reviewStars.map((stars) => ({ kind: 'rating' as const, id, stars })),
      fc
        .record({
          categories: fc.subarray([1, 2, 3]),
          subcategories: fc.subarray([10, 11, 20, 21, 30]),
        })
        .map((hidden) => ({ kind: 'hide' as const, ...hidden })),
    ),
  );

describe('the catalogue changed in place', () => {
  it('answers exactly as a catalogue built fresh from the same rows, after any orders and edits', () => {
    fc.assert(
      fc.property(
        catalogue.chain((rows) => fc.tuple(fc.constant(rows), fc.array(change(rows.length), { maxLength: 25 }))),
        ([initial, changes]) => {
          const rows = new Map(initial.map((r) => [r.id, r]));
          let hidden: { categories: number[]; subcategories: number[] } = { categories: [3], subcategories: [] };
          const view = new CatalogueView(structure(hidden), initial);
          const ids = Array.from({ length: initial.length + 4 }, (_, i) => i + 1);
          /** A shopper browses between changes, so whatever the view keeps from one version must not leak into the next. */
          const sameAsFresh = () =>
            expect(everyAnswer(view, ids)).toEqual(
              everyAnswer(new CatalogueView(structure(hidden), [...rows.values()]), ids),
            );
          sameAsFresh();
          for (const c of changes) {
            if (c.kind === 'stock') {
              const row = rows.get(c.id);
              // An order changes only the stock of sizes the product has.
              const rowsOfSizes = row ? c.rows.filter((s) => row.stock.some((t) => t.sizeId === s.sizeId)) : [];
              if (row) rows.set(c.id, { ...row, stock: rowsOfSizes });
              view.setStock(c.id, rowsOfSizes);
            } else if (c.kind === 'edit') {
              rows.set(c.row.id, c.row);
              view.upsert(c.row);
            } else if (c.kind === 'remove') {
              rows.delete(c.id);
              view.remove(c.id);
            } else if (c.kind === 'rating') {
              const row = rows.get(c.id);
              const sum = c.stars.reduce((a, b) => a + b, 0);
              if (row) rows.set(c.id, { ...row, ratingCount: c.stars.length, ratingSum: sum });
              view.setRating(c.id, c.stars.length, sum);
            } else {
              hidden = c;
              view.applyStructure(structure(hidden));
            }
            sameAsFresh();
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

/** Related products as the catalogue chose them before it was rewritten: every product compared with every other. */
function relatedAsBefore(visible: CatalogueProduct[], product: CatalogueProduct): number[] {
  const sameSubcategory = visible.filter((o) => o !== product && o.subcategoryId === product.subcategoryId);
  const sameCategory = visible.filter(
    (o) => o !== product && o.categoryId === product.categoryId && o.subcategoryId !== product.subcategoryId,
  );
  return [...sameSubcategory, ...sameCategory].slice(0, 8).map((o) => o.id);
}

describe('a stock change', () => {
  it('keeps the catalogue’s version (and its cached answers) while the product stays in stock, and starts a new one when it sells out', () => {
    fc.assert(
      fc.property(catalogue, (rows) => {
        const view = new CatalogueView(structure({ categories: [3] }), rows);
        const product = view.visibleProducts().find((p) => p.inStock && p.stock.length > 0);
        if (!product) return;
        const before = view.version;
        const listing = view.productsOf('category', product.categoryId, 1, 96);
        // One piece more reserved in a size that has pieces free: still in stock.
        const rows1 = product.stock.map((r) => ({ ...r }));
        const free = rows1.find((r) => r.stock > r.reserved) as StockRow;
        const stillInStock = rows1.some((r) => r !== free && r.stock > r.reserved) || free.stock - free.reserved > 1;
        free.reserved += 1;
        view.setStock(product.id, rows1);
        if (stillInStock) {
          expect(view.version).toBe(before);
          expect(view.productsOf('category', product.categoryId, 1, 96)).toBe(listing);
        } else {
          expect(view.version).toBeGreaterThan(before);
        }
        if (!stillInStock) return;
        // Every piece held: sold out, so its card (in every listing) changes.
        const version = view.version;
        view.setStock(
          product.id,
          rows1.map((r) => ({ ...r, reserved: r.stock })),
        );
        expect(view.version).toBeGreaterThan(version);
      }),
      { numRuns: 50 },
    );
  });
});

describe("a product's review numbers", () => {
  it('show on its card as the mean to one decimal (null without reviews) and start a new version', () => {
    fc.assert(
      fc.property(catalogue, reviewStars, (rows, stars) => {
        const view = new CatalogueView(structure({ categories: [3] }), rows);
        const [product] = view.visibleProducts();
        if (!product) return;
        const sum = stars.reduce((a, b) => a + b, 0);
        const unchanged = product.sameRating(stars.length, sum);
        const before = view.version;
        expect(view.setRating(product.id, stars.length, sum)).toBe(!unchanged);
        const page = JSON.parse(view.productsOf('category', product.categoryId, 1, 96)?.toString() ?? '{}');
        const card = page.product.find((c: { product_id: number }) => c.product_id === product.id);
        expect(card.rating_count).toBe(stars.length);
        expect(card.rating_average).toBe(stars.length === 0 ? null : Math.round((sum / stars.length) * 10) / 10);
        expect(JSON.parse(view.productDetail(product.id)?.toString() ?? '{}').products).toMatchObject({
          rating_count: stars.length,
          rating_average: card.rating_average,
        });
        if (unchanged) expect(view.version).toBe(before);
        else expect(view.version).toBeGreaterThan(before);
      }),
      { numRuns: 100 },
    );
  });

  it('round half up: 4.45 is 4.5, 4.44 is 4.4', () => {
    expect(ratingAverage(0, 0)).toBeNull();
    expect(ratingAverage(20, 89)).toBe(4.5);
    expect(ratingAverage(25, 111)).toBe(4.4);
    expect(ratingAverage(3, 13)).toBe(4.3);
    expect(ratingAverage(3, 14)).toBe(4.7);
  });
});

describe('related products', () => {
  it('are the ones the quadratic build chose: the subcategory first, then the category, newest first, at most 8', () => {
    fc.assert(
      fc.property(catalogue, (rows) => {
        const view = new CatalogueView(structure({ categories: [3] }), rows);
        const visible = [...view.visibleProducts()];
        for (const product of visible) {
          expect(view.related(product).map((p) => p.id)).toEqual(relatedAsBefore(visible, product));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('pages of a listing', () => {
  const rows = Array.from({ length: 50 }, (_, i) => i + 1).map(
    (id): ProductRow => ({
      id,
      name: `Product ${id}`,
      categoryId: 1,
      subcategoryId: id % 2 === 0 ? 10 : 11,
      description: '',
      productDetails: '',
      washCare: '',
      pricePaise: 10_000 + id,
      discountPricePaise: null,
      patternId: null,
      genderId: null,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, id)),
      updatedAt: new Date(Date.UTC(2026, 0, 2, 0, id)),
      seoTitle: null,
      seoDescription: null,
      images: [],
      stock: [{ productId: id, sizeId: 1, stock: 1, reserved: 0 }],
      ratingCount: 0,
      ratingSum: 0,
    }),
  );
  const view = new CatalogueView(structure(), rows);
  const page = (n: number, perPage: number) =>
    JSON.parse(view.productsOf('category', 1, n, perPage)?.toString() ?? 'null');

  it('answer the total and the number of pages, newest first', () => {
    const first = page(1, 24);
    expect(first).toMatchObject({
      success: true,
      category_name: 'Category 1',
      total: 50,
      pages: 3,
      page: 1,
      per_page: 24,
    });
    expect(first.product.map((c: { product_id: number }) => c.product_id)).toEqual(
      Array.from({ length: 24 }, (_, i) => 50 - i),
    );
  });

  it('hold the rest on the last page, and nothing past it, with the same totals', () => {
    expect(page(3, 24).product.map((c: { product_id: number }) => c.product_id)).toEqual([2, 1]);
    expect(page(4, 24)).toMatchObject({ product: [], total: 50, pages: 3, page: 4 });
  });

  it('of an empty listing are none', () => {
    const empty = new CatalogueView(structure(), []);
    expect(JSON.parse(empty.productsOf('category', 1, 1, 24)?.toString() ?? 'null')).toMatchObject({
      product: [],
      total: 0,
      pages: 0,
    });
  });
});

describe('a set of product ids', () => {
  // Small ids, ids at a word's last bit, and ids past the bitmap (kept in a Set).
  const id = fc.oneof(
    fc.integer({ min: 0, max: 200 }),
    fc.integer({ min: 0, max: 8 }).map((n) => n * 32 + 31),
    fc.integer({ min: 2 ** 22 - 2, max: 2 ** 31 - 1 }),
  );
  const operation = fc.record({ add: fc.boolean(), id });

  it('holds, counts and lists exactly the ids a Set would, in increasing order', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        const ids = new IdSet();
        const model = new Set<number>();
        for (const { add, id } of operations) {
          if (add) ids.add(id);
          else expect(ids.delete(id)).toBe(model.has(id));
          if (add) model.add(id);
          else model.delete(id);
        }
        expect(ids.size).toBe(model.size);
        expect([...ids]).toEqual([...model].sort((a, b) => a - b));
        for (const { id } of operations) expect(ids.has(id)).toBe(model.has(id));
        expect(ids.has(-1)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
