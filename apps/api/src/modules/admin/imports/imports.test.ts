import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AdminImportAnswer, type AdminImportReport, IMPORT_REPORT_ROWS, KAPAAS_CSV_COLUMNS } from '@kapaas/contract';
import { count, eq, products } from '@kapaas/db';
import { parse } from 'csv-parse/sync';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin.fixtures';

let shop: TestShop;
const admin = adminFixtures(() => shop);
let owner: AdminClient;

const SAMPLE = readFileSync(new URL('../../../../test/fixtures/shopify-products.csv', import.meta.url));
const SIZE_MAP = JSON.stringify({ '0-3 Months': '0-3M', '3-6 Months': '3-6M' });

const picture = (format: 'png' | 'jpeg', r: number) =>
  sharp({ create: { width: 900, height: 1200, channels: 3, background: { r, g: 120, b: 80 } } })
    .toFormat(format)
    .toBuffer();
let pictures: Buffer;

beforeAll(async () => {
  shop = await startTestShop({ importPicturePolicy: 'loopback-for-tests' });
  owner = await admin.owner();
  const zip = zipSync({
    'romper-front.jpg': new Uint8Array(await picture('jpeg', 200)),
    'photos/romper-back.png': new Uint8Array(await picture('png', 90)),
  });
  pictures = Buffer.from(zip);
});
afterAll(async () => {
  await shop.close();
});

/** A multipart body of text fields and files. */
function form(fields: Record<string, string>, files: Record<string, { name: string; bytes: Buffer }>) {
  const boundary = `----kapaas${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [field, file] of Object.entries(files)) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    parts.push(Buffer.from(head), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function postImport(csv: Buffer, fields: Record<string, string>, zip?: Buffer, token = owner.token) {
  const body = form(fields, {
    file: { name: 'products.csv', bytes: csv },
    ...(zip ? { images: { name: 'pictures.zip', bytes: zip } } : {}),
  });
  return shop.app.inject({
    method: 'POST',
    url: '/admin/api/imports',
    headers: { 'content-type': body.contentType, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
}

async function importOk(csv: Buffer, fields: Record<string, string>, zip?: Buffer): Promise<AdminImportReport> {
  return AdminImportAnswer.parse(expectStatus(await postImport(csv, fields, zip), 200)).data;
}

const productCount = async () => (await shop.database.db.select({ n: count() }).from(products))[0]?.n ?? 0;
const productBySlug = async (slug: string) =>
  (await shop.database.db.select().from(products).where(eq(products.slug, slug)))[0];
const rowOf = (report: AdminImportReport, row: number) => report.rows.find((r) => r.row === row);
const messagesOf = (report: AdminImportReport, row: number) => rowOf(report, row)?.errors.map((e) => e.message) ?? [];

describe('POST /admin/api/imports with Shopify’s product CSV', () => {
  it('answers a dry run: totals first, each row with its outcome and errors beside their columns, nothing written', async () => {
    const before = await productCount();
    const report = await importOk(SAMPLE, { size_map: SIZE_MAP }, pictures);
    expect(Object.keys(report)).toEqual([
      'totals',
      'products',
      'id',
      'dry_run',
      'committed',
      'format',
      'rejected_csv',
      'rows',
      'rows_omitted',
    ]);
    expect(report).toMatchObject({ dry_run: true, committed: false, format: 'shopify', rows_omitted: 0 });
    expect(report.rows.map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(report.products).toEqual({ created: 2, updated: 0, unchanged: 0, errors: 8 });
    expect(report.totals).toEqual({ created: 6, updated: 0, unchanged: 0, errors: 9 });
    for (const row of [2, 3, 4, 5])
      expect(rowOf(report, row)).toMatchObject({ handle: 'organic-muslin-romper', outcome: 'created', errors: [] });
    expect(rowOf(report, 6)?.outcome).toBe('created');
    expect(rowOf(report, 6)?.errors).toEqual([
      { column: 'Image Src', message: "Image Src: 'night-suit.jpg' is not in the ZIP of pictures." },
    ]);
    expect(messagesOf(report, 8)).toEqual(["Variant Price: 'abc' is not an amount."]);
    expect(rowOf(report, 9)?.errors[0]?.column).toBe('Type');
    expect(messagesOf(report, 9)[0]).toContain("'Bath Time' is not a category of the shop");
    expect(messagesOf(report, 10)[0]).toContain("Option1 Value: 'XL' is not a size of the shop");
    expect(messagesOf(report, 11)).toEqual([
      'Handle: row 12 of this product was refused, so none of its rows is imported.',
    ]);
    expect(messagesOf(report, 12)[0]).toContain("Variant Price: '1199.00' differs from '1099.00' on row 11");
    expect(messagesOf(report, 13)).toEqual(["Variant SKU: 'IMP-ROMP-03' is already given on row 2."]);
    expect(messagesOf(report, 14)[0]).toContain("Variant Inventory Qty: '-2' is not a number of pieces");
    expect(messagesOf(report, 15)[0]).toContain("Handle: 'Bad Handle!' is not a handle");
    expect(messagesOf(report, 16)).toContain("Option1 Name: 'Color' is not a size: Kapaas's variants are sizes only.");
    expect(await productCount()).toBe(before);
    expect(await productBySlug('organic-muslin-romper')).toBeUndefined();
    expect(existsSync(join(shop.mediaDir, 'uploads'))).toBe(false);
  });

  it('gives the refused rows as CSV: the file’s own header, an error column, the rows as written', async () => {
    const report = await importOk(SAMPLE, { size_map: SIZE_MAP }, pictures);
    expect(report.rejected_csv).toBe(`/admin/api/imports/${report.id}/rejected.csv`);
    const response = await shop.app.inject({
      method: 'GET',
      url: report.rejected_csv ?? '',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = parse(response.body) as string[][];
    const sampleHeader = (parse(SAMPLE) as string[][])[0] ?? [];
    expect(header).toEqual([...sampleHeader, 'error']);
    expect(rows.map((r) => r[0])).toEqual([
      'cotton-jhabla-bad-price',
      'hooded-towel',
      'kurta-unknown-size',
      'two-price-dungaree',
      'two-price-dungaree',
      'dup-sku-tee',
      'negative-stock-cap',
      'Bad Handle!',
      'color-frock',
    ]);
    expect(rows[0]?.at(-1)).toBe("Variant Price: 'abc' is not an amount.");
    expect(rows[0]?.slice(0, -1)).toEqual((parse(SAMPLE) as string[][])[7]);
  });

  it('refuses to commit a file whose dry run it has not answered, or with other options (409 beside file)', async () => {
    const fresh = Buffer.from(`${SAMPLE.toString('utf8')}\n`);
    const unseen = expectStatus(await postImport(fresh, { size_map: SIZE_MAP, dry_run: 'false' }, pictures), 409);
    expect(unseen.errors.file[0]).toContain('Run a dry run of this file with these options first');
    await importOk(fresh, { size_map: SIZE_MAP }, pictures);
    const otherOptions = await postImport(
      fresh,
      { size_map: SIZE_MAP, dry_run: 'false', all_or_nothing: 'true' },
      pictures,
    );
    expectStatus(otherOptions, 409);
    const otherPictures = await postImport(fresh, { size_map: SIZE_MAP, dry_run: 'false' });
    expectStatus(otherPictures, 409);
    expect(await productBySlug('organic-muslin-romper')).toBeUndefined();
  });

  it('with all or nothing, commits none of the rows when one is refused', async () => {
    await importOk(SAMPLE, { size_map: SIZE_MAP, all_or_nothing: 'true' }, pictures);
    const report = await importOk(SAMPLE, { size_map: SIZE_MAP, all_or_nothing: 'true', dry_run: 'false' }, pictures);
    expect(report).toMatchObject({ dry_run: false, committed: false });
    expect(await productBySlug('organic-muslin-romper')).toBeUndefined();
  });

  it('commits the valid products after the dry run: prices mapped, sizes with SKUs, pictures as WebP, text cleaned', async () => {
    const report = await importOk(SAMPLE, { size_map: SIZE_MAP, dry_run: 'false' }, pictures);
    expect(report).toMatchObject({ dry_run: false, committed: true });
    expect(report.products).toEqual({ created: 2, updated: 0, unchanged: 0, errors: 8 });
    const romper = await productBySlug('organic-muslin-romper');
    expect(romper).toMatchObject({
      name: 'Organic Muslin Romper',
      pricePaise: 99_900,
      discountPricePaise: 79_900,
      weightGrams: 120,
    });
    expect(romper?.description).toBe('<p>Soft <b>muslin</b>, snaps down the front.</p>');
    // Shopify's SEO Title, SEO Description, Vendor and Tags are kept (ADR 064, 2026-11-28).
    expect(romper).toMatchObject({
      seoTitle: 'Organic Muslin Romper',
      seoDescription: 'A soft romper',
      vendor: 'Kapaas',
      tags: ['muslin', 'summer'],
    });
    const found = expectStatus(await owner.get(`/products/${romper?.id}`), 200).data;
    expect(found.images).toHaveLength(2);
    for (const url of found.images as string[]) {
      expect(url).toMatch(/^\/media\/uploads\/[0-9a-f]{24}-900\.webp$/);
      expect(existsSync(join(shop.mediaDir, url.replace('/media/', '')))).toBe(true);
    }
    expect(found.sizes.map((s: { size: string; stock: number; sku: string }) => [s.size, s.stock, s.sku])).toEqual([
      ['0-3M', 5, 'IMP-ROMP-03'],
      ['3-6M', 7, 'IMP-ROMP-36'],
      ['6-12M', 0, 'IMP-ROMP-612'],
    ]);
    const nightSuit = await productBySlug('striped-night-suit');
    expect(nightSuit).toMatchObject({ pricePaise: 129_900, discountPricePaise: null });
    const shown = expectStatus(await shop.post('product_detail', { product_id: romper?.id }), 200);
    expect(JSON.stringify(shown)).toContain('Organic Muslin Romper');
    const audit = await admin.lastAudit(owner, 'imports', report.id);
    expect(audit).toMatchObject({ action: 'import', after: { products: { created: 2 } } });
  });

  it('imports the same file again as all unchanged and writes nothing', async () => {
    const before = await productBySlug('organic-muslin-romper');
    const dry = await importOk(SAMPLE, { size_map: SIZE_MAP }, pictures);
    expect(dry.products).toEqual({ created: 0, updated: 0, unchanged: 2, errors: 8 });
    const again = await importOk(SAMPLE, { size_map: SIZE_MAP, dry_run: 'false' }, pictures);
    expect(again.products).toEqual({ created: 0, updated: 0, unchanged: 2, errors: 8 });
    expect((await productBySlug('organic-muslin-romper'))?.updatedAt).toEqual(before?.updatedAt);
  });

  it("keeps a product's pictures when none of the file's pictures for it could be taken", async () => {
    const romper = await productBySlug('organic-muslin-romper');
    const before = expectStatus(await owner.get(`/products/${romper?.id}`), 200).data.images as string[];
    expect(before).toHaveLength(2);
    const csv = Buffer.from(
      [
        'Handle,Title,Type,Option1 Name,Option1 Value,Variant Price,Variant Compare At Price,Image Src',
        'organic-muslin-romper,Organic Muslin Romper,Rompers & Onesies > Sleeveless Rompers,Size,0-3M,799.00,999.00,romper-front.jpg',
      ].join('\n'),
    );
    await importOk(csv, {});
    const report = await importOk(csv, { dry_run: 'false' });
    expect(messagesOf(report, 2)).toEqual([
      "Image Src: 'romper-front.jpg' names a file, but no ZIP of pictures came with the CSV.",
    ]);
    expect(rowOf(report, 2)?.outcome).toBe('unchanged');
    expect(expectStatus(await owner.get(`/products/${romper?.id}`), 200).data.images).toEqual(before);
  });

  it('matches a product by SKU when its handle changed, and updates it', async () => {
    const csv = Buffer.from(
      [
        'Handle,Title,Type,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price',
        'renamed-night-suit,Striped Night Suit,Sleepwear > Night Suits,Size,2-3Y,IMP-NS-23,9,1299.00',
      ].join('\n'),
    );
    await importOk(csv, {});
    const report = await importOk(csv, { dry_run: 'false' });
    expect(report.rows[0]).toMatchObject({ outcome: 'updated', errors: [] });
    const nightSuit = await productBySlug('striped-night-suit');
    const found = expectStatus(await owner.get(`/products/${nightSuit?.id}`), 200).data;
    expect(found.sizes.find((s: { size: string }) => s.size === '2-3Y')?.stock).toBe(9);
    // The file has no Body (HTML) nor Status column: the product keeps its own.
    expect(nightSuit).toMatchObject({
      description: '<p>Two-piece night suit in striped organic cotton.</p>',
      status: 'active',
    });
  });

  it('refuses an SEO title, SEO description, vendor or tag too long on its row, beside its column', async () => {
    const header = 'Handle,Title,Type,Option1 Name,Option1 Value,Variant Price,Vendor,Tags,SEO Title,SEO Description';
    const line = (handle: string, extra: string) =>
      `${handle},Seo Romper,Sleepwear > Night Suits,Size,2-3Y,499.00,${extra}`;
    const csv = Buffer.from(
      [
        header,
        line('seo-fine', `Kapaas,"Summer, Cotton",${'t'.repeat(70)},${'d'.repeat(320)}`),
        line('seo-title-long', `,,${'t'.repeat(71)},`),
        line('seo-description-long', `,,,${'d'.repeat(321)}`),
        line('vendor-long', `${'v'.repeat(101)},,,`),
        line('tag-long', `,"ok, ${'x'.repeat(41)}",,`),
        line('tags-many', `,"${Array.from({ length: 51 }, (_, at) => `t${at}`).join(', ')}",,`),
      ].join('\n'),
    );
    const report = await importOk(csv, {});
    expect(rowOf(report, 2)).toMatchObject({ outcome: 'created', errors: [] });
    expect(rowOf(report, 3)?.errors.map((e) => e.column)).toEqual(['SEO Title']);
    expect(rowOf(report, 3)?.errors[0]?.message).toMatch(/^SEO Title: 't{40}…': /);
    expect(rowOf(report, 3)?.errors[0]?.message).toContain('The SEO title is at most 70 characters.');
    expect(rowOf(report, 4)?.errors.map((e) => e.column)).toEqual(['SEO Description']);
    expect(rowOf(report, 4)?.errors[0]?.message).toContain('The SEO description is at most 320 characters.');
    expect(rowOf(report, 5)?.errors.map((e) => e.column)).toEqual(['Vendor']);
    expect(rowOf(report, 5)?.errors[0]?.message).toContain('The vendor is at most 100 characters.');
    expect(rowOf(report, 6)?.errors.map((e) => e.column)).toEqual(['Tags']);
    expect(rowOf(report, 6)?.errors[0]?.message).toContain('A tag is at most 40 characters.');
    expect(rowOf(report, 7)?.errors.map((e) => e.column)).toEqual(['Tags']);
    expect(rowOf(report, 7)?.errors[0]?.message).toContain('At most 50 tags.');
    expect(report.products).toEqual({ created: 1, updated: 0, unchanged: 0, errors: 5 });
  });

  it('creates missing categories only when asked', async () => {
    const csv = Buffer.from(
      [
        'Handle,Title,Type,Option1 Name,Option1 Value,Variant Price',
        'hooded-towel,Hooded Towel,Bath Time > Towels,Size,0-3M,499.00',
      ].join('\n'),
    );
    await importOk(csv, { create_missing_categories: 'true' });
    const report = await importOk(csv, { create_missing_categories: 'true', dry_run: 'false' });
    expect(report.rows[0]).toMatchObject({ outcome: 'created', errors: [] });
    const towel = await productBySlug('hooded-towel');
    const categories = expectStatus(await owner.get('/categories', { q: 'Bath Time' }), 200).data;
    expect(categories.map((c: { name: string; id: number }) => [c.name, c.id])).toEqual([
      ['Bath Time', towel?.categoryId],
    ]);
  });

  it('fetches pictures named by URL only when asked; one that fails is reported on its row and the product imported', async () => {
    const png = await picture('png', 30);
    const server = createServer((request, response) => {
      if (request.url === '/cap.png') response.end(png);
      else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const csv = Buffer.from(
        [
          'Handle,Title,Type,Option1 Name,Option1 Value,Variant Price,Image Src,Image Position',
          `knit-cap,Knit Cap,Bibs & Accessories > Caps & Mittens,Size,0-3M,299.00,${base}/cap.png,1`,
          `knit-cap,,,,,,${base}/gone.png,2`,
        ].join('\n'),
      );
      const notAsked = await importOk(csv, {});
      expect(rowOf(notAsked, 2)).toMatchObject({ outcome: 'created' });
      expect(messagesOf(notAsked, 2)).toEqual([
        `Image Src: '${base}/cap.png' is an address: tick "fetch image URLs" to take it.`,
      ]);
      await importOk(csv, { fetch_image_urls: 'true' });
      const report = await importOk(csv, { fetch_image_urls: 'true', dry_run: 'false' });
      expect(rowOf(report, 2)).toMatchObject({ outcome: 'created', errors: [] });
      expect(messagesOf(report, 3)).toEqual([`Image Src: '${base}/gone.png' answered 404.`]);
      const cap = await productBySlug('knit-cap');
      const found = expectStatus(await owner.get(`/products/${cap?.id}`), 200).data;
      expect(found.images).toEqual([expect.stringMatching(/^\/media\/uploads\/[0-9a-f]{24}-900\.webp$/)]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers a big file with every row to fix and the first of the others; the rest only counted', async () => {
    // 1,200 products of one row each: rows 2..1201. Every 100th has a price that is not an amount.
    const lines = ['Handle,Title,Body (HTML),Type,Option1 Name,Option1 Value,Variant SKU,Variant Price'];
    for (let n = 0; n < 1_200; n++) {
      const price = n % 100 === 99 ? 'abc' : '499';
      lines.push(`big-${n},Big ${n},<p>Soft</p>,Jhablas & Tops > Kurtas,Size,0-3M,BIG-${n},${price}`);
    }
    const report = await importOk(Buffer.from(lines.join('\n')), {});
    expect(report.totals).toEqual({ created: 1_188, updated: 0, unchanged: 0, errors: 12 });
    const refused = report.rows.filter((r) => r.outcome === 'error').map((r) => r.row);
    expect(refused).toEqual(Array.from({ length: 12 }, (_, k) => 101 + k * 100));
    expect(report.rows).toHaveLength(IMPORT_REPORT_ROWS);
    const quiet = report.rows.filter((r) => r.outcome !== 'error').map((r) => r.row);
    // The others in the file's order, from its first row, as many as the list has room for.
    const firstQuiet = Array.from({ length: 1_200 }, (_, k) => k + 2).filter((row) => !refused.includes(row));
    expect(quiet).toEqual(firstQuiet.slice(0, IMPORT_REPORT_ROWS - 12));
    expect(report.rows_omitted).toBe(1_200 - IMPORT_REPORT_ROWS);
    expect(report.rows.map((r) => r.row)).toEqual([...report.rows.map((r) => r.row)].sort((a, b) => a - b));
  });

  it('lets staff import, as they edit products', async () => {
    const staff = await admin.staff(owner);
    const response = await postImport(SAMPLE, { size_map: SIZE_MAP }, pictures, staff.token);
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('POST /admin/api/imports with Kapaas’s own CSV', () => {
  const header = KAPAAS_CSV_COLUMNS.join(',');
  const product = (handle: string, price: string, pattern = 'Stripes') =>
    `${handle},Mulmul Kurta,Jhablas & Tops,Kurtas,"<p>Light <em>mulmul</em>.</p>",<p>100% cotton</p>,Wash cold,${price},,${pattern},,active,611120,95,kurta-front.jpg,Mulmul Kurta for toddlers,A light kurta.,Kapaas,"summer, mulmul"`;

  it('reads one row per size with the product repeated, and imports it again as unchanged', async () => {
    const zip = Buffer.from(zipSync({ 'kurta-front.jpg': new Uint8Array(await picture('jpeg', 60)) }));
    const csv = Buffer.from(
      [
        header,
        `${product('mulmul-kurta', '1499.00')},2-3Y,KAP-MK-23,4`,
        `${product('mulmul-kurta', '1499.00')},3-4Y,KAP-MK-34,6`,
        `${product('priced-badly', '"12,99"')},2-3Y,,1`,
        `${product('odd-pattern', '999.00', 'Paisley')},2-3Y,,1`,
      ].join('\n'),
    );
    const dry = await importOk(csv, {}, zip);
    expect(dry.format).toBe('kapaas');
    expect(dry.products).toEqual({ created: 1, updated: 0, unchanged: 0, errors: 2 });
    expect(messagesOf(dry, 4)).toEqual([
      "price: '12,99': Not an amount in rupees with two decimals, such as '1299.00'.",
    ]);
    expect(messagesOf(dry, 5)).toEqual(["pattern: 'Paisley' is not a pattern of the shop."]);
    await importOk(csv, { dry_run: 'false' }, zip);
    const kurta = await productBySlug('mulmul-kurta');
    expect(kurta).toMatchObject({ pricePaise: 149_900, hsnCode: '611120', weightGrams: 95, washCare: 'Wash cold' });
    expect(kurta).toMatchObject({
      seoTitle: 'Mulmul Kurta for toddlers',
      seoDescription: 'A light kurta.',
      vendor: 'Kapaas',
      tags: ['summer', 'mulmul'],
    });
    const found = expectStatus(await owner.get(`/products/${kurta?.id}`), 200).data;
    expect(found.sizes.map((s: { size: string; sku: string; stock: number }) => [s.size, s.sku, s.stock])).toEqual([
      ['2-3Y', 'KAP-MK-23', 4],
      ['3-4Y', 'KAP-MK-34', 6],
    ]);
    expect(found.images).toHaveLength(1);
    const again = await importOk(csv, {}, zip);
    expect(again.products).toEqual({ created: 0, updated: 0, unchanged: 1, errors: 2 });
  });
});

describe('Kapaas’s CSV: a cell of two kinds (blank or a value) refused in words', () => {
  it('says what the cell should hold, not "Invalid input"', async () => {
    const row = (cells: Partial<Record<(typeof KAPAAS_CSV_COLUMNS)[number], string>>) =>
      KAPAAS_CSV_COLUMNS.map((column) => cells[column] ?? '').join(',');
    const base = {
      handle: 'odd-cells',
      name: 'Odd Cells',
      category: 'Bottoms',
      subcategory: 'Shorts',
      price: '499.00',
    };
    const csv = Buffer.from(
      [
        KAPAAS_CSV_COLUMNS.join(','),
        row({ ...base, status: 'active', discount_price: 'abc', size: '2-3Y', stock: 'many', sku: 'has space' }),
      ].join('\n'),
    );
    const report = await importOk(csv, {});
    expect(messagesOf(report, 2)).toEqual([
      "discount_price: 'abc': Not an amount in rupees with two decimals, such as '1299.00'.",
      "sku: 'has space': A SKU has 1–64 letters, digits, dots, dashes, underscores or slashes.",
      "stock: 'many': The stock is a whole number of pieces.",
    ]);
  });

  it('refuses an SEO title, SEO description, vendor or tags beyond their limits beside their columns', async () => {
    const row = (cells: Partial<Record<(typeof KAPAAS_CSV_COLUMNS)[number], string>>) =>
      KAPAAS_CSV_COLUMNS.map((column) => `"${cells[column] ?? ''}"`).join(',');
    const base = { handle: 'long-seo', name: 'Long Seo', category: 'Bottoms', subcategory: 'Shorts', price: '499.00' };
    const csv = Buffer.from(
      [
        KAPAAS_CSV_COLUMNS.join(','),
        row({
          ...base,
          status: 'active',
          seo_title: 't'.repeat(71),
          seo_description: 'd'.repeat(321),
          vendor: 'v'.repeat(101),
          tags: `fine, ${'x'.repeat(41)}`,
        }),
      ].join('\n'),
    );
    const report = await importOk(csv, {});
    expect(rowOf(report, 2)?.errors.map((e) => e.column)).toEqual(['seo_title', 'seo_description', 'vendor', 'tags']);
    expect(messagesOf(report, 2)[3]).toBe(`tags: 'fine, ${'x'.repeat(34)}…': A tag is at most 40 characters.`);
  });
});

describe('round trips: the export imported back', () => {
  const exported = async (format: 'kapaas' | 'shopify') => {
    const response = await owner.get('/products/export', { format });
    expect(response.statusCode, response.body).toBe(200);
    return Buffer.from(response.body);
  };

  it("Kapaas's CSV: every product unchanged; a product changed since is put back, and the next export equals the first", async () => {
    const first = await exported('kapaas');
    const dry = await importOk(first, {});
    expect(dry.format).toBe('kapaas');
    expect(dry.totals.errors, JSON.stringify(dry.rows.filter((r) => r.errors.length > 0).slice(0, 3))).toBe(0);
    expect(dry.products.created + dry.products.updated).toBe(0);
    const kurta = await productBySlug('mulmul-kurta');
    const sizes = expectStatus(await owner.get(`/products/${kurta?.id}`), 200).data.sizes as { size_id: number }[];
    expectStatus(
      await owner.patch(`/products/${kurta?.id}`, {
        name: 'Renamed Kurta',
        price: 1599,
        sizes: [{ size_id: sizes[0]?.size_id, stock: 40 }],
      }),
      200,
    );
    const back = await importOk(first, { dry_run: 'false' });
    expect(back.products).toMatchObject({ created: 0, updated: 1, errors: 0 });
    expect(back.rows.filter((r) => r.outcome === 'updated').map((r) => r.handle)).toEqual([
      'mulmul-kurta',
      'mulmul-kurta',
    ]);
    expect((await exported('kapaas')).toString('utf8')).toBe(first.toString('utf8'));
  });

  it('reads back a name the export wrote with an apostrophe before its = + - or @, in both formats', async () => {
    const kurta = await productBySlug('mulmul-kurta');
    expectStatus(
      await owner.patch(`/products/${kurta?.id}`, { name: '=Sale Kurta', description: '<p>-20% this week</p>' }),
      200,
    );
    for (const format of ['kapaas', 'shopify'] as const) {
      const csv = await exported(format);
      expect(csv.toString('utf8')).toContain("'=Sale Kurta");
      const dry = await importOk(csv, {});
      expect(
        dry.rows.filter((r) => r.handle === 'mulmul-kurta').map((r) => r.outcome),
        format,
      ).not.toContain('updated');
    }
  });

  it('gives back the SEO title and description, vendor and tags through each format, the print and "for" only once', async () => {
    const kurta = await productBySlug('mulmul-kurta');
    const url = `/products/${kurta?.id}`;
    const kept = {
      seo_title: '=Sale: Mulmul Kurta',
      seo_description: 'A light mulmul kurta, "hand-block" printed.',
      vendor: 'Kapaas Studio',
      tags: ['-20%', 'Summer', 'mulmul'],
    };
    expectStatus(await owner.patch(url, kept), 200);
    const none = { seo_title: null, seo_description: null, vendor: null, tags: [] };
    for (const format of ['kapaas', 'shopify'] as const) {
      const csv = await exported(format);
      const text = csv.toString('utf8');
      // Formulas guarded; Shopify's Tags also carry the print ("Stripes"), which the import takes off again.
      expect(text, format).toContain("'=Sale: Mulmul Kurta");
      expect(text, format).toContain(format === 'kapaas' ? "'-20%, Summer, mulmul" : "'-20%, Summer, mulmul, Stripes");
      expectStatus(await owner.patch(url, none), 200);
      const dry = await importOk(csv, {});
      expect(dry.rows.filter((r) => r.handle === 'mulmul-kurta').map((r) => r.outcome)).toContain('updated');
      const back = await importOk(csv, { dry_run: 'false' });
      expect(back.totals.errors, format).toBe(0);
      expect(expectStatus(await owner.get(url), 200).data, format).toMatchObject(kept);
      // The same file again: nothing to do.
      const again = await importOk(csv, {});
      expect(again.products.created + again.products.updated, format).toBe(0);
    }
  });

  it("Shopify's CSV: every product of the catalogue reads back unchanged", async () => {
    const dry = await importOk(await exported('shopify'), {});
    expect(dry.format).toBe('shopify');
    expect(dry.totals.errors, JSON.stringify(dry.rows.filter((r) => r.errors.length > 0).slice(0, 3))).toBe(0);
    expect(dry.products.created + dry.products.updated).toBe(0);
    expect(dry.products.unchanged).toBeGreaterThan(40);
  });
});

describe('POST /admin/api/imports refuses a broken file (400 beside file), writing nothing', () => {
  const refusal = async (csv: Buffer) => expectStatus(await postImport(csv, {}), 400).errors.file[0] as string;

  it('bytes that are not UTF-8', async () => {
    const latin1 = Buffer.from(
      'Handle,Title,Type,Option1 Value,Variant Price\nkurta,Kurta brodé,Sleepwear,2-3Y,499.00\n',
      'latin1',
    );
    expect(await refusal(latin1)).toContain('not UTF-8');
  });

  it('a header that lacks a required column', async () => {
    expect(await refusal(Buffer.from('Handle,Title,Option1 Value\nkurta,Kurta,2-3Y\n'))).toContain(
      "neither Shopify's product CSV",
    );
    expect(await refusal(Buffer.from('Handle,Variant Price\nkurta,499.00\n'))).toContain(
      "lacks Shopify's column Title",
    );
  });

  it('duplicate handles whose product fields differ', async () => {
    const csv = Buffer.from(
      [
        'Handle,Title,Type,Option1 Name,Option1 Value,Variant Price',
        'kurta,Kurta,Sleepwear > Night Suits,Size,2-3Y,499.00',
        'kurta,Another Kurta,Sleepwear > Night Suits,Size,3-4Y,499.00',
      ].join('\n'),
    );
    expect(await refusal(csv)).toContain("Rows 2 and 3 have the handle 'kurta' but differ in Title");
    expect(await productBySlug('kurta')).toBeUndefined();
  });

  it('a line of 20 MB', async () => {
    const head = Buffer.from('Handle,Title,Type,Option1 Value,Variant Price\nkurta,"');
    const csv = Buffer.concat([head, Buffer.alloc(20 * 1024 * 1024, 'a'), Buffer.from('",Sleepwear,2-3Y,499.00\n')]);
    expect(await refusal(csv)).toContain('Row 2 is longer than 1 MB');
  });
});
