import { Readable } from 'node:stream';
import {
  type CatalogueCsvFormat,
  CSV_IMAGE_SEPARATOR,
  joinTags,
  KAPAAS_CSV_COLUMNS,
  SHOPIFY_CSV_COLUMNS,
  shopifyPricesOf,
} from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { stringify } from 'csv-stringify';
import { stockOfProducts } from '../../inventory';
import { spreadsheetSafe } from '../csv';
import { type CatalogueNames, catalogueNames, imagesOf, type ProductRow, productsAfter } from './products.repository';

/*
 * The catalogue as CSV (issue 39, ADR 063, docs/catalogue-csv.md), in Kapaas's format or Shopify's. The file streams:
 * products are read in keyset pages of EXPORT_PAGE by id and written as they come, so that 50,000 products never sit
 * in memory at once and the order is stable (by id) from one export to the next.
 */

/** Products read per query: their sizes and images follow in one query each. */
export const EXPORT_PAGE = 500;

type SizeRow = Awaited<ReturnType<typeof stockOfProducts>>[number];
interface ExportedProduct {
  row: ProductRow;
  sizes: SizeRow[];
  /** Absolute image URLs, in order. */
  images: string[];
}
type Record = { [column: string]: string };

/** Paise as rupees with two decimals (`1299.00`), exactly; null as an empty cell. */
export function rupeesCell(paise: number | null): string {
  if (paise === null) return '';
  return `${Math.trunc(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;
}

/** Rows grouped by their product, in the order given. */
function byProduct<T extends { productId: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) groups.set(row.productId, [...(groups.get(row.productId) ?? []), row]);
  return groups;
}

/** Every product with its sizes and images, page by page in the order of their ids. */
async function* productsOf(db: Queryable, publicUrl: string, page: number): AsyncGenerator<ExportedProduct> {
  for (let after = 0; ; ) {
    const rows = await productsAfter(db, after, page);
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    const sizes = byProduct(await stockOfProducts(db, ids));
    const images = byProduct(await imagesOf(db, ids));
    for (const row of rows) {
      const urls = (images.get(row.id) ?? []).map((image) => `${publicUrl}${image.url}`);
      yield { row, sizes: sizes.get(row.id) ?? [], images: urls };
    }
    after = ids[ids.length - 1] ?? after;
    if (rows.length < page) return;
  }
}

/** Kapaas's rows of a product: one per size, the product's fields repeated on each; one row when it has no sizes. */
function kapaasRows({ row, sizes, images }: ExportedProduct, names: CatalogueNames): Record[] {
  const name = (from: Map<number, string>, id: number | null) => spreadsheetSafe((id && from.get(id)) || '');
  const product: Record = {
    handle: row.slug,
    name: spreadsheetSafe(row.name),
    category: name(names.categories, row.categoryId),
    subcategory: name(names.subcategories, row.subcategoryId),
    description: spreadsheetSafe(row.description),
    product_details: spreadsheetSafe(row.productDetails),
    wash_care: spreadsheetSafe(row.washCare),
    price: rupeesCell(row.pricePaise),
    discount_price: rupeesCell(row.discountPricePaise),
    pattern: name(names.patterns, row.patternId),
    gender: name(names.genders, row.genderId),
    status: row.status,
    hsn_code: row.hsnCode ?? '',
    weight_grams: row.weightGrams === null ? '' : String(row.weightGrams),
    images: images.join(CSV_IMAGE_SEPARATOR),
    seo_title: spreadsheetSafe(row.seoTitle ?? ''),
    seo_description: spreadsheetSafe(row.seoDescription ?? ''),
    vendor: spreadsheetSafe(row.vendor ?? ''),
    tags: spreadsheetSafe(joinTags(row.tags)),
  };
  if (sizes.length === 0) return [{ ...product, size: '', sku: '', stock: '' }];
  return sizes.map((size) => ({ ...product, size: size.label, sku: size.sku ?? '', stock: String(size.stock) }));
}

/**
 * Shopify's `Tags` of a product: its own tags, then its print's and its "for" names, which Shopify's file has no field
 * for, unless a tag already says them (ignoring case). The import takes those two back off (ADR 064, 2026-11-28).
 */
function shopifyTagsOf(row: ProductRow, names: CatalogueNames): string[] {
  const extra = [
    row.patternId === null ? undefined : names.patterns.get(row.patternId),
    row.genderId === null ? undefined : names.genders.get(row.genderId),
  ];
  const tags = [...row.tags];
  for (const name of extra) {
    if (name && !tags.some((tag) => tag.toLowerCase() === name.toLowerCase())) tags.push(name);
  }
  return tags;
}

/**
 * Shopify's rows of a product, as Shopify's own export writes them: the product's fields and its first image on the
 * first row, one row per variant (option "Size"), then one row per further image with only its handle, source and
 * position. A product without sizes has Shopify's single variant, "Title" / "Default Title".
 */
function shopifyRows({ row, sizes, images }: ExportedProduct, names: CatalogueNames): Record[] {
  const prices = shopifyPricesOf(row);
  const variant = (option: { name: string; value: string }, sku: string, stock: number): Record => ({
    Handle: row.slug,
    'Option1 Name': option.name,
    'Option1 Value': spreadsheetSafe(option.value),
    'Variant SKU': sku,
    'Variant Grams': row.weightGrams === null ? '' : String(row.weightGrams),
    'Variant Inventory Tracker': 'shopify',
    'Variant Inventory Qty': String(stock),
    'Variant Inventory Policy': 'deny',
    'Variant Fulfillment Service': 'manual',
    'Variant Price': rupeesCell(prices.variantPricePaise),
    'Variant Compare At Price': rupeesCell(prices.compareAtPricePaise),
    'Variant Requires Shipping': 'TRUE',
    'Variant Taxable': 'TRUE',
    'Variant Weight Unit': 'g',
  });
  const variants =
    sizes.length === 0
      ? [variant({ name: 'Title', value: 'Default Title' }, '', 0)]
      : sizes.map((size) => variant({ name: 'Size', value: size.label }, size.sku ?? '', size.stock));
  const category = names.categories.get(row.categoryId) ?? '';
  const subcategory = names.subcategories.get(row.subcategoryId) ?? '';
  const [first, ...others] = variants;
  const head: Record = {
    ...first,
    Title: spreadsheetSafe(row.name),
    'Body (HTML)': spreadsheetSafe(row.description),
    // Kapaas files a product in a category and a subcategory; Shopify's free "Type" carries both (the import reads it).
    Type: spreadsheetSafe(`${category} > ${subcategory}`),
    Vendor: spreadsheetSafe(row.vendor ?? ''),
    Tags: spreadsheetSafe(joinTags(shopifyTagsOf(row, names))),
    'SEO Title': spreadsheetSafe(row.seoTitle ?? ''),
    'SEO Description': spreadsheetSafe(row.seoDescription ?? ''),
    Published: row.status === 'active' ? 'TRUE' : 'FALSE',
    'Gift Card': 'FALSE',
    Status: row.status,
    ...(images[0] ? { 'Image Src': images[0], 'Image Position': '1' } : {}),
  };
  const pictures = images
    .slice(1)
    .map((url, at) => ({ Handle: row.slug, 'Image Src': url, 'Image Position': String(at + 2) }));
  return [head, ...others, ...pictures];
}

/** The CSV records of the whole catalogue in one format. */
async function* recordsOf(db: Queryable, format: CatalogueCsvFormat, publicUrl: string, page: number) {
  const names = await catalogueNames(db);
  const rowsOf = format === 'kapaas' ? kapaasRows : shopifyRows;
  for await (const product of productsOf(db, publicUrl, page)) yield* rowsOf(product, names);
}

/**
 * The catalogue as a CSV stream, header first. The records are read as the stream is consumed (backpressure holds
 * the reading while the client is slow); a failure mid-way ends the stream with that error.
 */
export function catalogueCsv(db: Queryable, format: CatalogueCsvFormat, publicUrl: string, page = EXPORT_PAGE) {
  const columns = format === 'kapaas' ? KAPAAS_CSV_COLUMNS : SHOPIFY_CSV_COLUMNS;
  const records = Readable.from(recordsOf(db, format, publicUrl, page));
  const csv = stringify({ header: true, columns: [...columns] });
  records.on('error', (error) => csv.destroy(error));
  return records.pipe(csv);
}
