import { existsSync } from 'node:fs';
import { rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mulberry32 } from '@kapaas/db/seed';
import { BENCH_DIR } from './paths';

/** The import bench's file: 10,000 products of five sizes each, one Shopify row per size (issue 39 §3). */
export const IMPORT_PRODUCTS = 10_000;
export const SIZES_PER_PRODUCT = 5;
export const IMPORT_ROWS = IMPORT_PRODUCTS * SIZES_PER_PRODUCT;

/** Shopify's product CSV columns, as its export writes them (the ones Kapaas reads, and SEO and image columns). */
const HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Image Src',
  'Image Position',
  'SEO Title',
  'SEO Description',
  'Status',
];

/** The demo shop's size names, in order: each product takes five in a row. */
const SIZES = ['0-3M', '3-6M', '6-12M', '12-18M', '18-24M', '2-3Y', '3-4Y', '4-5Y', '5-6Y'];
/**
 * Where the products are filed: half under the demo shop's own categories, half under names it lacks, which the bench
 * has the import create (`create_missing_categories`), as a brand arriving with its own would.
 */
const TYPES = [
  'Jhablas & Tops > Kurtas',
  'Jhablas & Tops > T-Shirts',
  'Rompers & Onesies > Dungarees',
  'Sleepwear > Night Suits',
  'Newborn Essentials > Jhablas',
  'Festive Wear > Lehenga Sets',
  'Festive Wear > Kurta Pyjamas',
  'Winter Wear > Sweaters',
  'Winter Wear > Caps & Mittens',
  'Play Wear > Shorts',
];
const ADJECTIVES = ['Soft', 'Breezy', 'Everyday', 'Festive', 'Cosy', 'Handloom', 'Block-Printed', 'Organic', 'Sunny'];
const PRINTS = ['Mango', 'Paisley', 'Elephant', 'Lotus', 'Peacock', 'Stripe', 'Check', 'Polka', 'Leaf', 'Kite'];
const GARMENTS = ['Kurta', 'Jhabla', 'Romper', 'Night Suit', 'Dungaree', 'Tee', 'Lehenga Set', 'Sweater', 'Shorts'];
const FABRICS = ['organic cotton', 'cotton muslin', 'khadi cotton', 'cotton jersey', 'mulmul'];

const cell = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);
const line = (cells: string[]) => `${cells.map(cell).join(',')}\n`;

/** One product's five rows: the first carries the product's columns, the others only the variant's, as Shopify's do. */
function productRows(n: number, random: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const title = `${pick(ADJECTIVES)} ${pick(PRINTS)} ${pick(GARMENTS)} ${n + 1}`;
  const handle = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const fabric = pick(FABRICS);
  const body =
    `<p>A ${title.toLowerCase()} in ${fabric}, dyed with low-impact colours and stitched in small batches.</p>` +
    `<ul><li>100% ${fabric}</li><li>Soft, flat seams</li><li>Machine wash cold, dry in shade</li></ul>` +
    `<p><strong>Fit:</strong> true to size; take the next size up for room to grow.</p>`;
  const rupees = 299 + Math.floor(random() * 40) * 50;
  const onSale = random() < 0.35;
  const price = onSale ? String(rupees - 100) : String(rupees);
  const compareAt = onSale ? String(rupees) : '';
  const first = Math.floor(random() * (SIZES.length - SIZES_PER_PRODUCT + 1));
  const grams = String(80 + Math.floor(random() * 300));
  let rows = '';
  for (let s = 0; s < SIZES_PER_PRODUCT; s++) {
    const size = SIZES[first + s] as string;
    const variant = [
      'Size',
      size,
      `BN-${String(n + 1).padStart(5, '0')}-${size}`,
      grams,
      String(Math.floor(random() * 40)),
      price,
      compareAt,
    ];
    const product =
      s === 0
        ? [title, body, 'Bench Naturals', pick(TYPES), `cotton, ${fabric}, kids`, 'TRUE']
        : ['', '', '', '', '', ''];
    const seo = s === 0 ? [`${title} | Bench Naturals`, `Shop the ${title.toLowerCase()} in ${fabric}.`] : ['', ''];
    rows += line([handle, ...product, ...variant, '', '', ...seo, s === 0 ? 'active' : '']);
  }
  return rows;
}

/**
 * The Shopify CSV of IMPORT_ROWS rows for `seed`, written once into .tmp/bench and kept (the same seed writes the same
 * bytes); answers its path and whether it was cached.
 */
export async function importFileFor(
  seed: number,
  fresh: boolean,
): Promise<{ path: string; bytes: number; cached: boolean }> {
  const path = join(BENCH_DIR, `import-${IMPORT_ROWS}-rows-seed-${seed}.csv`);
  if (!fresh && existsSync(path)) return { path, bytes: (await stat(path)).size, cached: true };
  const random = mulberry32(seed);
  const parts: string[] = [line(HEADER)];
  for (let n = 0; n < IMPORT_PRODUCTS; n++) parts.push(productRows(n, random));
  const text = parts.join('');
  // Written beside and renamed, so that an interrupted run never leaves half a file that a later run takes as cached.
  await writeFile(`${path}.part`, text);
  await rename(`${path}.part`, path);
  return { path, bytes: Buffer.byteLength(text), cached: false };
}
