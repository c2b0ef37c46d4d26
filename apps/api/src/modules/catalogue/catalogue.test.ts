import {
  AdsListAnswer,
  BannerListAnswer,
  CategoryListAnswer,
  CategoryProductListAnswer,
  ErrorAnswer,
  FeaturedProductListAnswer,
  GenderListAnswer,
  PatternListAnswer,
  ProductDetailAnswer,
  ProductListAnswer,
  SizeListAnswer,
  SubcategoryListAnswer,
  TestimonialListAnswer,
} from '@kapaas/contract';
import { categories, count, eq, productSizes, products, shopSettings, subcategories } from '@kapaas/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_CALLS, expectAnswer } from '../../../test/calls';
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

async function anyProduct() {
  const [row] = await shop.database.db.select().from(products).where(eq(products.status, 'active')).limit(1);
  if (!row) throw new Error('the demo shop has no products');
  return row;
}

describe('lists of the home page and the filters', () => {
  it('category_list answers every category with its subcategories, under the documented names', async () => {
    const answer = await ok('category_list', {}, CategoryListAnswer);
    const [row] = await shop.database.db.select({ n: count() }).from(categories);
    expect(answer.category).toHaveLength(row?.n ?? -1);
    expect(answer.category.length).toBeGreaterThanOrEqual(10);
    const first = answer.category[0];
    expect(Object.keys(first ?? {})).toEqual(
      expect.arrayContaining(['category_id', 'category_name', 'category_image', 'subcategory']),
    );
    for (const category of answer.category) {
      expect(category.subcategory.length).toBeGreaterThanOrEqual(2);
      expect(Object.keys(category.subcategory[0] ?? {})).toEqual(
        expect.arrayContaining(['subcategory_id', 'subcategory_slug_name']),
      );
    }
  });

  it('featured_product_list answers Best Selling and New Arrivals with product cards', async () => {
    const answer = await ok('featured_product_list', {}, FeaturedProductListAnswer);
    expect(answer.featured_products.map((s) => s.title)).toEqual(['Best Selling', 'New Arrivals']);
    for (const section of answer.featured_products) {
      expect(section.products.length).toBeGreaterThan(0);
      for (const card of section.products) {
        expect(Object.keys(card)).toEqual(
          expect.arrayContaining(['product_id', 'name', 'product_image', 'price', 'discount_price']),
        );
        expect(card.product_image).toMatch(/^\/media\//);
      }
    }
  });

  it('banner_list, ads_list and testimonial_list carry their documented fields', async () => {
    const banners = await ok('banner_list', {}, BannerListAnswer);
    expect(banners.banner).toHaveLength(3);
    for (const banner of banners.banner) {
      expect(Object.keys(banner)).toEqual(
        expect.arrayContaining(['banner_id', 'title', 'banner_image', 'mobile_image', 'description']),
      );
      expect(banner.mobile_image).not.toBe(banner.banner_image);
    }
    const ads = await ok('ads_list', {}, AdsListAnswer);
    expect(ads.ads.length).toBeGreaterThan(0);
    expect(Object.keys(ads.ads[0] ?? {})).toEqual(expect.arrayContaining(['id', 'main_title', 'title', 'image']));
    const testimonials = await ok('testimonial_list', {}, TestimonialListAnswer);
    expect(testimonials.testimonial).toHaveLength(6);
    for (const t of testimonials.testimonial) {
      expect(Object.keys(t)).toEqual(
        expect.arrayContaining([
          'description',
          'customer_name',
          'location',
          'image',
          'background_color',
          'border_color',
        ]),
      );
    }
  });

  it('size, pattern and gender_list answer the filter lookups (genders under `state`)', async () => {
    const sizes = await ok('size', {}, SizeListAnswer);
    expect(sizes.sizes.map((s) => s.size)).toEqual([
      '0-3M',
      '3-6M',
      '6-12M',
      '12-18M',
      '18-24M',
      '2-3Y',
      '3-4Y',
      '4-5Y',
      '5-6Y',
    ]);
    const patterns = await ok('pattern', {}, PatternListAnswer);
    expect(patterns.patterns.length).toBeGreaterThan(0);
    expect(patterns.patterns[0]).toHaveProperty('pattern');
    const genders = await ok('gender_list', {}, GenderListAnswer);
    expect(genders.state.map((g) => g.gender_name)).toEqual(expect.arrayContaining(['Boys', 'Girls', 'Unisex']));
  });

  it('refuses a call without a JSON body: {} is what an empty call sends', async () => {
    const response = await shop.app.inject({ method: 'POST', url: '/api/size' });
    expect(response.statusCode).toBe(415);
  });
});

describe('a category and its products', () => {
  it('subcategory_list answers the category name and its subcategories', async () => {
    const [category] = await shop.database.db.select().from(categories).limit(1);
    const answer = await ok('subcategory_list', { category_id: category?.id }, SubcategoryListAnswer);
    expect(answer.category_name).toBe(category?.name);
    const rows = await shop.database.db
      .select()
      .from(subcategories)
      .where(eq(subcategories.categoryId, category?.id ?? 0));
    expect(answer.Subcategory.map((s) => s.subcategory_name).sort()).toEqual(rows.map((r) => r.name).sort());
    expect(Object.keys(answer.Subcategory[0] ?? {})).toEqual(
      expect.arrayContaining(['subcategory_id', 'subcategory_name', 'subcategory_image']),
    );
  });

  it('category_product_list lists the products of a category, or of a subcategory', async () => {
    const product = await anyProduct();
    const byCategory = await ok(
      'category_product_list',
      { category_id: product.categoryId },
      CategoryProductListAnswer,
    );
    expect(byCategory.product.map((p) => p.product_id)).toContain(product.id);
    expect(byCategory.product.every((p) => p.category_id === product.categoryId)).toBe(true);
    const bySub = await ok(
      'category_product_list',
      { subcategory_id: String(product.subcategoryId) },
      CategoryProductListAnswer,
    );
    expect(bySub.product.map((p) => p.product_id)).toContain(product.id);
    expect(bySub.product.every((p) => p.subcategory_id === product.subcategoryId)).toBe(true);
  });

  it('pages a listing: the pages hold every product once, in order, and past the last page nothing', async () => {
    const all = await ok('filter', { category_id: [], per_page: 96 }, ProductListAnswer);
    expect(all.total).toBeGreaterThan(24);
    const byPage = async (page: number | string) =>
      ok('filter', { category_id: [], page, per_page: 7 }, ProductListAnswer);
    const first = await byPage(1);
    expect(first).toMatchObject({ total: all.total, pages: Math.ceil(all.total / 7), page: 1, per_page: 7 });
    const pages = [first];
    for (let page = 2; page <= first.pages; page += 1) pages.push(await byPage(String(page)));
    const ids = pages.flatMap((p) => p.product.map((c) => c.product_id));
    expect(ids).toHaveLength(all.total);
    expect(new Set(ids).size).toBe(all.total);
    expect(pages.at(-1)?.product.length).toBe(all.total - 7 * (first.pages - 1));
    expect(await byPage(first.pages + 1)).toMatchObject({ product: [], total: all.total, pages: first.pages });
  });

  it('answers the first 24 with the totals to a client that does not page', async () => {
    const product = await anyProduct();
    const whole = await ok(
      'category_product_list',
      { category_id: product.categoryId, per_page: 96 },
      CategoryProductListAnswer,
    );
    const plain = await ok('category_product_list', { category_id: product.categoryId }, CategoryProductListAnswer);
    expect(plain).toMatchObject({ total: whole.total, page: 1, per_page: 24 });
    expect(plain.product).toEqual(whole.product.slice(0, 24));
  });

  it('subcategory_product_list answers as category_product_list does for a subcategory', async () => {
    const product = await anyProduct();
    const body = { subcategory_id: product.subcategoryId, page: 1, per_page: 5 };
    const named = await ok('subcategory_product_list', body, CategoryProductListAnswer);
    expect(named).toEqual(await ok('category_product_list', body, CategoryProductListAnswer));
    expect(named.product.map((p) => p.subcategory_id)).toEqual(named.product.map(() => product.subcategoryId));
  });

  it('shows a discount only as a discount_price above 0', async () => {
    const all = (await ok('featured_product_list', {}, FeaturedProductListAnswer)).featured_products.flatMap(
      (s) => s.products,
    );
    const [row] = await shop.database.db
      .select()
      .from(products)
      .where(eq(products.id, all[0]?.product_id ?? 0));
    const card = all[0];
    expect(card?.price).toBe((row?.pricePaise ?? 0) / 100);
    expect(card?.discount_price).toBe(row?.discountPricePaise ? row.discountPricePaise / 100 : 0);
  });
});

describe('product_detail', () => {
  it('answers the product with the documented fields, its sizes with max_quantity, images and related products', async () => {
    const product = await anyProduct();
    const { products: detail } = await ok('product_detail', { product_id: product.id }, ProductDetailAnswer);
    expect(Object.keys(detail)).toEqual(
      expect.arrayContaining([
        'product_id',
        'name',
        'category_name',
        'description',
        'product_details',
        'wash_care',
        'actual_price',
        'discount_price',
        'max_quantity',
        'productsub_images',
        'relate_products',
      ]),
    );
    expect(detail.name).toBe(product.name);
    expect(detail.actual_price).toBe(product.pricePaise / 100);
    expect(detail.productsub_images.length).toBeGreaterThanOrEqual(2);
    expect(detail.relate_products.map((p) => p.product_id)).not.toContain(product.id);

    const stock = await shop.database.db.select().from(productSizes).where(eq(productSizes.productId, product.id));
    const [settings] = await shop.database.db.select().from(shopSettings);
    expect(detail.sizes).toHaveLength(stock.length);
    for (const size of detail.sizes) {
      const row = stock.find((s) => s.sizeId === size.size_id);
      expect(size.max_quantity).toBe(
        Math.min((row?.stock ?? 0) - (row?.reserved ?? 0), settings?.perOrderQuantityCap ?? 0),
      );
    }
  });

  it('reflects a change once the catalogue is told of it', async () => {
    const product = await anyProduct();
    await shop.database.db.update(products).set({ name: 'Renamed Jhabla' }).where(eq(products.id, product.id));
    await shop.app.catalogue.changed();
    const { products: detail } = await ok('product_detail', { product_id: product.id }, ProductDetailAnswer);
    expect(detail.name).toBe('Renamed Jhabla');
    await shop.database.db.update(products).set({ status: 'archived' }).where(eq(products.id, product.id));
    await shop.app.catalogue.changed();
    expect((await shop.post('product_detail', { product_id: product.id })).statusCode).toBe(404);
  });

  it('sends text beyond ASCII byte for byte, with its length in bytes, from the cache as when first computed', async () => {
    const product = await anyProduct();
    const name = 'Mulmul Jhabla – हल्दी पीला 🌼';
    await shop.database.db.update(products).set({ name }).where(eq(products.id, product.id));
    await shop.app.catalogue.changed({ products: [product.id] });
    for (const round of ['computed', 'cached']) {
      const response = await shop.post('product_detail', { product_id: product.id });
      expect(response.statusCode, round).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(ProductDetailAnswer.parse(response.json()).products.name).toBe(name);
    }
    const [category] = await shop.database.db.select().from(categories).where(eq(categories.id, product.categoryId));
    const listing = await shop.post('category_product_list', { category_id: product.categoryId, per_page: 96 });
    expect(Number(listing.headers['content-length'])).toBe(listing.rawPayload.length);
    const page = CategoryProductListAnswer.parse(listing.json());
    expect(page.category_name).toBe(category?.name);
    expect(page.product.find((card) => card.product_id === product.id)?.name).toBe(name);
  });
});

describe('bad input', () => {
  it.each([
    ['product_detail', { product_id: 999_999 }, 'Product not found.'],
    ['subcategory_list', { category_id: 999_999 }, 'Category not found.'],
    ['category_product_list', { category_id: 999_999 }, 'Category not found.'],
    ['category_product_list', { subcategory_id: 999_999 }, 'Subcategory not found.'],
    ['subcategory_product_list', { subcategory_id: 999_999 }, 'Subcategory not found.'],
  ])('%s with an unknown id answers 404', async (endpoint, body, message) => {
    const response = await shop.post(endpoint, body);
    expect(response.statusCode).toBe(404);
    expect(ErrorAnswer.parse(response.json())).toMatchObject({ success: false, message });
  });

  it.each([
    ['product_detail', { product_id: 'abc' }, 'product_id'],
    ['product_detail', { product_id: -3 }, 'product_id'],
    ['product_detail', { product_id: 1.5 }, 'product_id'],
    ['product_detail', {}, 'product_id'],
    ['subcategory_list', { category_id: null }, 'category_id'],
    ['product_detail', { product_id: 1, user_id: 2 }, 'body'],
    ['category_product_list', { category_id: 1, per_page: 97 }, 'per_page'],
    ['category_product_list', { category_id: 1, page: 0 }, 'page'],
    ['filter', { category_id: [], page: 1.5 }, 'page'],
    ['sort_filter', { category_id: 1, sort_id: 1, per_page: 'all' }, 'per_page'],
  ])('%s with %j answers 400 naming the field', async (endpoint, body, field) => {
    const response = await shop.post(endpoint, body);
    expect(response.statusCode).toBe(400);
    const answer = ErrorAnswer.parse(response.json());
    expect(answer.success).toBe(false);
    expect(answer.message.length).toBeGreaterThan(0);
    expect(Object.keys(answer.errors ?? {})).toContain(field);
  });

  it('refuses a body that is not JSON', async () => {
    const plain = await shop.app.inject({
      method: 'POST',
      url: '/api/product_detail',
      headers: { 'content-type': 'text/plain' },
      payload: 'product_id=1',
    });
    expect(plain.statusCode).toBe(415);
    expect(plain.json()).toMatchObject({ success: false });
    const broken = await shop.app.inject({
      method: 'POST',
      url: '/api/product_detail',
      headers: { 'content-type': 'application/json' },
      payload: '{"product_id": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false });
  });

  it('never answers a 5xx to any body on any catalogue call', async () => {
    const endpoints = CATALOGUE_CALLS;
    const idLike = fc.oneof(
      fc.integer(),
      fc.string(),
      fc.double(),
      fc.constant(null),
      fc.boolean(),
      fc.array(fc.nat()),
    );
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ product_id: idLike }, { requiredKeys: [] }),
      fc.record({ category_id: idLike, subcategory_id: idLike }, { requiredKeys: [] }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), body, async (endpoint, payload) => {
        const response = await shop.app.inject({
          method: 'POST',
          url: `/api/${endpoint}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBeLessThan(500);
        if (response.statusCode !== 200) expect(response.json()).toMatchObject({ success: false });
      }),
      { numRuns: 300 },
    );
  });
});
