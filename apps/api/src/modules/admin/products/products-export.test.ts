import {
  AdminImportAnswer,
  type AdminProduct,
  AdminProductAnswer,
  KAPAAS_CSV_COLUMNS,
  KapaasCsvRow,
  kapaasPricesOf,
  SHOPIFY_CSV_COLUMNS,
} from '@kapaas/contract';
import { asc, count, genders, patterns, products, sizes, subcategories } from '@kapaas/db';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/shop';
import { loadConfig } from '../../../config';
import { type AdminClient, adminFixtures, expectStatus } from '../admin.fixtures';
import { catalogueCsv, EXPORT_PAGE } from './products-export';

/*
 * The catalogue's export (issue 39, ADR 063, docs/catalogue-csv.md): every product, archived too, as CSV in Kapaas's
 * format (one row per size) or Shopify's (one row per variant, further images on rows of their own). The files are
 * read back with csv-parse, as a spreadsheet or the import would, and compared with the catalogue the API answers.
 */
let shop: TestShop;
const admin = adminFixtures(() => shop);
let owner: AdminClient;
let fixture: { full: AdminProduct; archived: AdminProduct; bare: AdminProduct };
let names: { category: string; subcategory: string; pattern: string; gender: string; sizes: Map<number, string> };

const created = async (body: Record<string, unknown>) =>
  AdminProductAnswer.parse(expectStatus(await owner.post('/products', body), 200)).data;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  const db = shop.database.db;
  const [sub] = await db.select().from(subcategories).orderBy(asc(subcategories.id)).limit(1);
  const [pattern] = await db.select().from(patterns).limit(1);
  const [gender] = await db.select().from(genders).limit(1);
  const sizeRows = await db.select().from(sizes).orderBy(asc(sizes.sortOrder)).limit(3);
  if (!sub || !pattern || !gender || sizeRows.length < 3) throw new Error('the demo shop lacks its lookups');
  const category = (await owner.get(`/categories/${sub.categoryId}`)).json().data.name as string;
  names = {
    category,
    subcategory: sub.name,
    pattern: pattern.name,
    gender: gender.name,
    sizes: new Map(sizeRows.map((s) => [s.id, s.label])),
  };
  const [s0, s1, s2] = sizeRows.map((s) => s.id) as [number, number, number];
  const base = { category_id: sub.categoryId, subcategory_id: sub.id };
  fixture = {
    full: await created({
      ...base,
      name: '=Haldi, "Mulmul" Jhabla',
      description: '<p>Soft, <b>breathable</b> muslin.</p>',
      product_details: '<ul><li>100% organic cotton</li></ul>',
      wash_care: 'Machine wash cold',
      price: 1299,
      discount_price: 999.5,
      pattern_id: pattern.id,
      gender_id: gender.id,
      hsn_code: '611120',
      weight_grams: 95,
      seo_title: 'Haldi Jhabla for newborns',
      seo_description: 'A soft, "breathable" muslin jhabla.',
      vendor: 'Kapaas',
      tags: ['muslin', 'summer'],
      sizes: [
        { size_id: s0, stock: 7, sku: 'KP-EXP-A' },
        { size_id: s2, stock: 0, sku: 'KP-EXP-C' },
        { size_id: s1, stock: 3 },
      ],
      images: ['/media/uploads/exp-1-640.webp', '/media/uploads/exp-2-640.webp', '/media/uploads/exp-3-640.webp'],
    }),
    archived: await created({
      ...base,
      name: 'Indigo Romper',
      price: 500,
      status: 'archived',
      sizes: [{ size_id: s1, stock: 2 }],
    }),
    bare: await created({ ...base, name: 'Muslin Swaddle', price: 349 }),
  };
});
afterAll(async () => {
  await shop.close();
});

// The test shop's address, as its configuration gives it: the export's image URLs are absolute.
const { publicUrl } = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const imageUrl = (path: string) => `${publicUrl}${path}`;

async function exported(format: 'kapaas' | 'shopify') {
  const response = await owner.get('/products/export', { format });
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="kapaas-products-${format}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  const [header, ...rows] = parse(response.body, { bom: true }) as string[][];
  return { header, rows, body: response.body };
}

const asRecords = (header: string[] | undefined, rows: string[][]) =>
  rows.map((cells) => Object.fromEntries((header ?? []).map((column, at) => [column, cells[at] ?? ''])));

describe('GET /admin/api/products/export?format=kapaas', () => {
  it("writes Kapaas's header, then one row per size of every product, archived too, in the order of their ids", async () => {
    const { header, rows } = await exported('kapaas');
    expect(header).toEqual([...KAPAAS_CSV_COLUMNS]);
    const records = asRecords(header, rows);
    const handles = [...new Set(records.map((r) => r.handle))];
    const all = await shop.database.db.select({ slug: products.slug }).from(products).orderBy(asc(products.id));
    expect(handles).toEqual(all.map((p) => p.slug));
    // A product's rows are together: each handle once, in one run.
    expect(records.map((r) => r.handle).filter((h, at, list) => h !== list[at - 1])).toEqual(handles);
    const [{ n } = { n: 0 }] = await shop.database.db.select({ n: count() }).from(products);
    expect(handles).toHaveLength(n);
  });

  it('gives back the catalogue: prices in rupees with two decimals, sizes, stock, SKUs, images, names', async () => {
    const { header, rows } = await exported('kapaas');
    const records = asRecords(header, rows);
    const of = (product: AdminProduct) => records.filter((r) => r.handle === product.slug);

    const full = of(fixture.full);
    expect(full.map((r) => [r.size, r.sku, r.stock])).toEqual(
      fixture.full.sizes.map((s) => [names.sizes.get(s.size_id), s.sku ?? '', String(s.stock)]),
    );
    const productCells = (record: Record<string, string>) =>
      KAPAAS_CSV_COLUMNS.slice(0, KAPAAS_CSV_COLUMNS.indexOf('size')).map((column) => record[column]);
    // The product's fields are repeated, identical, on each of its rows.
    for (const record of full) expect(productCells(record)).toEqual(productCells(full[0] ?? {}));
    expect(full[0]).toMatchObject({
      // A name a spreadsheet would run as a formula is written with a leading apostrophe.
      name: `'${fixture.full.name}`,
      category: names.category,
      subcategory: names.subcategory,
      description: fixture.full.description,
      product_details: fixture.full.product_details,
      wash_care: fixture.full.wash_care,
      price: '1299.00',
      discount_price: '999.50',
      pattern: names.pattern,
      gender: names.gender,
      status: 'active',
      hsn_code: '611120',
      weight_grams: '95',
      images: fixture.full.images.map(imageUrl).join(' | '),
      seo_title: 'Haldi Jhabla for newborns',
      seo_description: 'A soft, "breathable" muslin jhabla.',
      vendor: 'Kapaas',
      tags: 'muslin, summer',
    });

    const [archived, ...more] = of(fixture.archived);
    expect(more).toEqual([]);
    expect(archived).toMatchObject({ status: 'archived', price: '500.00', discount_price: '', sku: '', stock: '2' });
    expect(archived).toMatchObject({ pattern: '', gender: '', hsn_code: '', weight_grams: '', images: '' });
    expect(archived).toMatchObject({ seo_title: '', seo_description: '', vendor: '', tags: '' });
    // A product without sizes is one row, its size, SKU and stock empty.
    expect(of(fixture.bare).map((r) => [r.size, r.sku, r.stock])).toEqual([['', '', '']]);

    // Every row reads back through the contract's row schema, as the import reads it.
    for (const record of [...full, ...of(fixture.archived), ...of(fixture.bare)]) {
      const row = KapaasCsvRow.safeParse({ ...record, name: record.name?.replace(/^'(?=[=+\-@])/, '') });
      expect(row.success, JSON.stringify(row.error?.issues)).toBe(true);
    }
    expect(KapaasCsvRow.parse(full[0]).images).toEqual(fixture.full.images.map(imageUrl));
  });
});

describe('the export stream', () => {
  it('reads the catalogue in pages by id, the same file whatever the page size', async () => {
    const text = async (format: 'kapaas' | 'shopify', page: number) => {
      let csv = '';
      for await (const chunk of catalogueCsv(shop.database.db, format, publicUrl, page)) csv += String(chunk);
      return csv;
    };
    for (const format of ['kapaas', 'shopify'] as const) {
      const whole = await text(format, EXPORT_PAGE);
      expect(whole).toBe((await exported(format)).body);
      // Pages of 1 and 7 cross many page boundaries: no product lost or written twice.
      expect(await text(format, 1)).toBe(whole);
      expect(await text(format, 7)).toBe(whole);
    }
  });
});

describe('GET /admin/api/products/export?format=shopify', () => {
  it("writes Shopify's header, one row per variant with option Size, and the further images on rows of their own", async () => {
    const { header, rows } = await exported('shopify');
    expect(header).toEqual([...SHOPIFY_CSV_COLUMNS]);
    const records = asRecords(header, rows);
    const of = (product: AdminProduct) => records.filter((r) => r.Handle === product.slug);

    const full = of(fixture.full);
    const variants = full.filter((r) => r['Option1 Value'] !== '');
    const images = full.filter((r) => r['Option1 Value'] === '');
    expect(
      variants.map((r) => [r['Option1 Name'], r['Option1 Value'], r['Variant SKU'], r['Variant Inventory Qty']]),
    ).toEqual(fixture.full.sizes.map((s) => ['Size', names.sizes.get(s.size_id), s.sku ?? '', String(s.stock)]));
    // Shopify's price is what the shopper pays; the list price is the crossed-out compare-at price.
    for (const row of variants) {
      expect(row).toMatchObject({
        'Variant Price': '999.50',
        'Variant Compare At Price': '1299.00',
        'Variant Grams': '95',
      });
    }
    expect(kapaasPricesOf({ variantPricePaise: 99_950, compareAtPricePaise: 129_900 })).toEqual({
      pricePaise: 129_900,
      discountPricePaise: 99_950,
    });
    // The product's own fields on its first row: title, body, type as "Category > Subcategory", status.
    expect(full[0]).toMatchObject({
      Title: `'${fixture.full.name}`,
      'Body (HTML)': fixture.full.description,
      Type: `${names.category} > ${names.subcategory}`,
      Published: 'TRUE',
      Status: 'active',
      Vendor: 'Kapaas',
      // The product's own tags, then its print and "for" names, which Shopify's file has no field for.
      Tags: `muslin, summer, ${names.pattern}, ${names.gender}`,
      'SEO Title': 'Haldi Jhabla for newborns',
      'SEO Description': 'A soft, "breathable" muslin jhabla.',
      'Image Src': imageUrl(fixture.full.images[0] ?? ''),
      'Image Position': '1',
    });
    // Further images: Handle, Image Src and Image Position alone, after the variants.
    expect(full.slice(variants.length)).toEqual(images);
    expect(images.map((r) => [r['Image Src'], r['Image Position']])).toEqual([
      [imageUrl(fixture.full.images[1] ?? ''), '2'],
      [imageUrl(fixture.full.images[2] ?? ''), '3'],
    ]);
    for (const row of images) {
      const filled = Object.entries(row)
        .filter(([, value]) => value !== '')
        .map(([column]) => column);
      expect(filled).toEqual(['Handle', 'Image Src', 'Image Position']);
    }

    const [archived] = of(fixture.archived);
    expect(archived).toMatchObject({
      'Variant Price': '500.00',
      'Variant Compare At Price': '',
      Published: 'FALSE',
      Status: 'archived',
      'Image Src': '',
    });
    // Without sizes, Shopify's one default variant.
    expect(of(fixture.bare).map((r) => [r['Option1 Name'], r['Option1 Value'], r['Variant Price']])).toEqual([
      ['Title', 'Default Title', '349.00'],
    ]);
  });

  it('lists every product once, in the order of their ids, and answers only an owner or staff', async () => {
    const { header, rows } = await exported('shopify');
    const handles = [...new Set(asRecords(header, rows).map((r) => r.Handle))];
    const all = await shop.database.db.select({ slug: products.slug }).from(products).orderBy(asc(products.id));
    expect(handles).toEqual(all.map((p) => p.slug));
    expect((await shop.app.inject({ method: 'GET', url: '/admin/api/products/export' })).statusCode).toBe(401);
    expect(expectStatus(await owner.get('/products/export', { format: 'excel' }), 400).errors).toHaveProperty('format');
  });
});

describe('the export read back by the import (ADR 064)', () => {
  /** POST /admin/api/imports as a dry run with this CSV, as the console sends it. */
  async function dryRun(csv: string, format: 'kapaas' | 'shopify') {
    const boundary = `----kapaas${Math.random().toString(16).slice(2)}`;
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const payload = Buffer.concat([
      Buffer.from(field('dry_run', 'true') + field('format', format)),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/admin/api/imports',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${owner.token}` },
      payload,
    });
    return AdminImportAnswer.parse(expectStatus(response, 200)).data;
  }

  it("finds Kapaas's export of the shop unchanged, every row of every product", async () => {
    const { body } = await exported('kapaas');
    const report = await dryRun(body, 'kapaas');
    const changed = report.rows.filter((row) => row.outcome !== 'unchanged');
    expect(changed, JSON.stringify(changed.slice(0, 5))).toEqual([]);
    const [{ n } = { n: 0 }] = await shop.database.db.select({ n: count() }).from(products);
    expect(report.products).toEqual({ created: 0, updated: 0, unchanged: n, errors: 0 });
    // And it would see a change: the fixture's list price raised in the file.
    const raised = await dryRun(body.replaceAll(',1299.00,999.50,', ',1399.00,999.50,'), 'kapaas');
    expect(raised.products).toMatchObject({ updated: 1, unchanged: n - 1 });
    expect(raised.rows.filter((row) => row.outcome === 'updated').map((row) => row.handle)).toEqual(
      fixture.full.sizes.map(() => fixture.full.slug),
    );
  });

  it("finds Shopify's export of the shop unchanged too: what Shopify's file has no column for is left as it is", async () => {
    const { body } = await exported('shopify');
    const report = await dryRun(body, 'shopify');
    const changed = report.rows.filter((row) => row.outcome !== 'unchanged');
    expect(changed, JSON.stringify(changed.slice(0, 5))).toEqual([]);
    const [{ n } = { n: 0 }] = await shop.database.db.select({ n: count() }).from(products);
    expect(report.products).toEqual({ created: 0, updated: 0, unchanged: n, errors: 0 });
  });
});
