import { z } from 'zod';
import {
  HsnCode,
  MAX_STOCK,
  PRODUCT_STATUS_VALUES,
  SeoDescription,
  SeoTitle,
  Sku,
  TagsCell,
  Vendor,
} from './catalogue';
import { MAX_PIECE_WEIGHT_GRAMS } from './common';

/*
 * The catalogue as CSV (issue 39, ADR 063, docs/catalogue-csv.md): Kapaas's own format, which the export writes and
 * the import reads back, and Shopify's product CSV, for a brand that arrives from Shopify or leaves for it.
 */

/** The export's formats: `?format=` of GET /admin/api/products/export. */
export const CATALOGUE_CSV_FORMATS = ['kapaas', 'shopify'] as const;
export const CatalogueCsvFormat = z.enum(CATALOGUE_CSV_FORMATS);
export type CatalogueCsvFormat = z.infer<typeof CatalogueCsvFormat>;
export const AdminProductExportQuery = z.strictObject({ format: CatalogueCsvFormat.default('kapaas') });

/**
 * Kapaas's product CSV: the exact header, in order. One row per size of a product; the product's fields (every
 * column before `size`) are repeated identically on each of its rows. A product without sizes has one row with
 * `size`, `sku` and `stock` empty.
 */
export const KAPAAS_CSV_COLUMNS = [
  'handle',
  'name',
  'category',
  'subcategory',
  'description',
  'product_details',
  'wash_care',
  'price',
  'discount_price',
  'pattern',
  'gender',
  'status',
  'hsn_code',
  'weight_grams',
  'images',
  'seo_title',
  'seo_description',
  'vendor',
  'tags',
  'size',
  'sku',
  'stock',
] as const;
export type KapaasCsvColumn = (typeof KAPAAS_CSV_COLUMNS)[number];

/** How the `images` cell joins a product's image URLs (or, on import, file names in the ZIP), in order. */
export const CSV_IMAGE_SEPARATOR = ' | ';

/** A price cell: rupees with two decimals, no symbol or thousands separator (`1299.00`). */
export const CSV_RUPEES_PATTERN = /^[0-9]{1,8}\.[0-9]{2}$/;
const rupeeCell = z
  .string()
  .trim()
  .regex(CSV_RUPEES_PATTERN, "Not an amount in rupees with two decimals, such as '1299.00'.")
  .transform(Number)
  .refine((rupees) => rupees > 0, 'Must be more than zero.');
const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
const wholeCell = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^[0-9]{1,9}$/, message)
    .transform(Number);

/**
 * One row of Kapaas's CSV as the import reads it: every cell a string (as csv-parse gives it), turned into the
 * catalogue's values. Names (category, subcategory, pattern, gender, size) are matched by the import, not here.
 */
export const KapaasCsvRow = z
  .strictObject({
    handle: z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A handle has lowercase letters, digits and single dashes.')
      .max(200),
    name: z.string().trim().min(1, 'The name is required.').max(200),
    category: z.string().trim().min(1, 'The category is required.').max(200),
    subcategory: z.string().trim().min(1, 'The subcategory is required.').max(200),
    description: z.string().max(20_000),
    product_details: z.string().max(20_000),
    wash_care: z.string().max(20_000),
    price: rupeeCell,
    discount_price: z.union([z.literal('').transform(() => null), rupeeCell]),
    pattern: z.string().max(200).transform(blankToNull),
    gender: z.string().max(200).transform(blankToNull),
    status: z.enum(PRODUCT_STATUS_VALUES, "The status is 'active' or 'archived'."),
    hsn_code: z.union([z.literal('').transform(() => null), HsnCode]),
    weight_grams: z.union([
      z.literal('').transform(() => null),
      wholeCell('The weight is whole grams.').refine(
        (grams) => grams >= 1 && grams <= MAX_PIECE_WEIGHT_GRAMS,
        `The weight is 1–${MAX_PIECE_WEIGHT_GRAMS} grams.`,
      ),
    ]),
    images: z.string().transform((cell) =>
      cell
        .split(CSV_IMAGE_SEPARATOR.trim())
        .map((image) => image.trim())
        .filter((image) => image !== ''),
    ),
    seo_title: SeoTitle,
    seo_description: SeoDescription,
    vendor: Vendor,
    /** Comma-separated, as Shopify's `Tags`. */
    tags: TagsCell,
    size: z.string().max(100).transform(blankToNull),
    sku: z.union([z.literal('').transform(() => null), Sku]),
    stock: z.union([
      z.literal('').transform(() => null),
      wholeCell('The stock is a whole number of pieces.').refine(
        (stock) => stock <= MAX_STOCK,
        `The stock is at most ${MAX_STOCK}.`,
      ),
    ]),
  })
  // Compared only when both prices read: a price already refused beside its own column says nothing of the discount.
  .refine((row) => row.discount_price === null || !Number.isFinite(row.price) || row.discount_price < row.price, {
    message: 'The discount price must be below the price.',
    path: ['discount_price'],
  });
export type KapaasCsvRow = z.output<typeof KapaasCsvRow>;

/**
 * Shopify's product CSV header, as Shopify's own export writes it (help.shopify.com, "Using CSV files to import and
 * export products"), without the per-market columns (`Included / …`, `Price / …`) a shop with markets adds. One row
 * per variant; a product's further images are rows with only `Handle`, `Image Src` and `Image Position`.
 */
export const SHOPIFY_CSV_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Inventory Policy',
  'Variant Fulfillment Service',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Variant Taxable',
  'Variant Barcode',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'SEO Title',
  'SEO Description',
  'Google Shopping / Google Product Category',
  'Google Shopping / Gender',
  'Google Shopping / Age Group',
  'Google Shopping / MPN',
  'Google Shopping / Condition',
  'Google Shopping / Custom Product',
  'Google Shopping / Custom Label 0',
  'Google Shopping / Custom Label 1',
  'Google Shopping / Custom Label 2',
  'Google Shopping / Custom Label 3',
  'Google Shopping / Custom Label 4',
  'Variant Image',
  'Variant Weight Unit',
  'Variant Tax Code',
  'Cost per item',
  'Status',
] as const;
export type ShopifyCsvColumn = (typeof SHOPIFY_CSV_COLUMNS)[number];

/**
 * The price mapping (docs/catalogue-csv.md). Kapaas keeps the list price (MRP) and, when discounted, the lower
 * selling price; Shopify keeps what the shopper pays (`Variant Price`) and, when discounted, the higher crossed-out
 * price (`Variant Compare At Price`). Amounts in paise either way.
 */
export function shopifyPricesOf(kapaas: { pricePaise: number; discountPricePaise: number | null }) {
  return kapaas.discountPricePaise === null
    ? { variantPricePaise: kapaas.pricePaise, compareAtPricePaise: null }
    : { variantPricePaise: kapaas.discountPricePaise, compareAtPricePaise: kapaas.pricePaise };
}

/** Shopify's two prices as Kapaas's: a compare-at price above the variant price is the list price. */
export function kapaasPricesOf(shopify: { variantPricePaise: number; compareAtPricePaise: number | null }) {
  const { variantPricePaise, compareAtPricePaise } = shopify;
  return compareAtPricePaise !== null && compareAtPricePaise > variantPricePaise
    ? { pricePaise: compareAtPricePaise, discountPricePaise: variantPricePaise }
    : { pricePaise: variantPricePaise, discountPricePaise: null };
}
