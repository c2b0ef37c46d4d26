/**
 * A large generated catalogue on top of a seeded shop, for measuring the shop at scale
 * (`npm run seed:scale`, and benchmarks that call `seedScale` on an open handle).
 */
import { asc, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../client';
import {
  categories as categoriesTable,
  genders as gendersTable,
  patterns as patternsTable,
  productImages,
  productSizes,
  products as productsTable,
  sizes as sizesTable,
  subcategories as subcategoriesTable,
} from '../schema';
import { products as demoProducts } from './data/catalogue';
import { demoImage } from './media';
import { type GeneratedProduct, generateProducts, heavyCategory, type ShopShape } from './scale-generate';

export interface SeedScaleOptions {
  /** How many products to add. */
  products: number;
  /** The random stream's seed: the same seed over the same shop gives the same products. Default 42. */
  seed?: number;
  /** The moment creation times count back from (two years). Default: now. */
  now?: Date;
  /** Products per batch; each batch is one transaction. Default 1,000. */
  batchSize?: number;
}

export interface SeedScaleResult {
  /** Products added. */
  products: number;
  /** Wall-clock seconds it took. */
  seconds: number;
  /** The category that holds about a quarter of them. */
  heavyCategory: { slug: string; name: string };
}

/** Rows per INSERT for sizes and images, well under PostgreSQL's 65,535 parameters. */
const CHILD_ROWS_PER_INSERT = 5_000;

/** The demo products' image URLs (served by `demoMedia` whatever the database holds), by subcategory. */
function demoImagesBySubcategory(): { bySubcategory: Map<string, string[][]>; all: string[][] } {
  const bySubcategory = new Map<string, string[][]>();
  const all: string[][] = [];
  for (const product of demoProducts) {
    const urls = Array.from({ length: product.imageCount }, (_, index) => demoImage.product(product.slug, index));
    all.push(urls);
    bySubcategory.set(product.subcategorySlug, [...(bySubcategory.get(product.subcategorySlug) ?? []), urls]);
  }
  return { bySubcategory, all };
}

/** Reads the categories, sizes, patterns and genders the generated products refer to. */
export async function readShopShape(db: Queryable): Promise<ShopShape> {
  const categoryRows = await db
    .select({ id: categoriesTable.id, slug: categoriesTable.slug, name: categoriesTable.name })
    .from(categoriesTable)
    .orderBy(asc(categoriesTable.sortOrder), asc(categoriesTable.id));
  const subcategoryRows = await db
    .select({
      id: subcategoriesTable.id,
      categoryId: subcategoriesTable.categoryId,
      slug: subcategoriesTable.slug,
      name: subcategoriesTable.name,
    })
    .from(subcategoriesTable)
    .orderBy(asc(subcategoriesTable.sortOrder), asc(subcategoriesTable.id));
  const sizeRows = await db
    .select({ id: sizesTable.id })
    .from(sizesTable)
    .orderBy(asc(sizesTable.sortOrder), asc(sizesTable.id));
  const patternRows = await db.select({ id: patternsTable.id, name: patternsTable.name }).from(patternsTable);
  const genderRows = await db.select({ id: gendersTable.id }).from(gendersTable).orderBy(asc(gendersTable.id));
  const images = demoImagesBySubcategory();
  return {
    categories: categoryRows
      .map((c) => ({ ...c, subcategories: subcategoryRows.filter((s) => s.categoryId === c.id) }))
      .filter((c) => c.subcategories.length > 0),
    sizeIds: sizeRows.map((s) => s.id),
    patternIds: new Map(patternRows.map((p) => [p.name, p.id])),
    genderIds: genderRows.map((g) => g.id),
    imagesBySubcategory: images.bySubcategory,
    allImages: images.all,
  };
}

/** The products id sequence's last value: every earlier generated slug ends in a number at most this. */
async function lastProductId(db: Queryable): Promise<number> {
  const result = (await db.execute(sql`SELECT last_value AS last FROM products_id_seq`)) as unknown as {
    rows: { last: string | number }[];
  };
  return Number(result.rows[0]?.last ?? 0);
}

async function insertBatch(db: Database, batch: GeneratedProduct[]): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(productsTable)
      .values(
        batch.map(({ sizes: _sizes, images: _images, ...product }) => ({
          ...product,
          status: 'active' as const,
          updatedAt: product.createdAt,
        })),
      )
      .returning({ id: productsTable.id, slug: productsTable.slug });
    const ids = new Map(inserted.map((row) => [row.slug, row.id]));
    const idOf = (slug: string) => {
      const id = ids.get(slug);
      if (id === undefined) throw new Error(`Generated product ${slug} was not inserted`);
      return id;
    };
    // Each size a SKU of its own, `KP-<product id>-S<size id>`, as a shop importing its catalogue would have.
    const sizeRows = batch.flatMap((p) =>
      p.sizes.map((s) => ({ productId: idOf(p.slug), ...s, sku: `KP-${idOf(p.slug)}-S${s.sizeId}` })),
    );
    const imageRows = batch.flatMap((p) =>
      p.images.map((url, position) => ({ productId: idOf(p.slug), url, position })),
    );
    for (let at = 0; at < sizeRows.length; at += CHILD_ROWS_PER_INSERT) {
      await tx.insert(productSizes).values(sizeRows.slice(at, at + CHILD_ROWS_PER_INSERT));
    }
    for (let at = 0; at < imageRows.length; at += CHILD_ROWS_PER_INSERT) {
      await tx.insert(productImages).values(imageRows.slice(at, at + CHILD_ROWS_PER_INSERT));
    }
  });
}

/**
 * Adds `options.products` generated, active products to a shop that already has its categories,
 * subcategories and sizes (the demo shop, or any shop): names from the demo shop's garments,
 * prints and colours, 3–5 sizes with stock, 1–3 demo images, prices ₹249–₹3,499 with about a
 * third discounted, creation times spread over two years, and about a quarter in one category.
 * Inserts in multi-row batches, one transaction per batch.
 */
export async function seedScale(db: Database, options: SeedScaleOptions): Promise<SeedScaleResult> {
  const started = performance.now();
  const shop = await readShopShape(db);
  if (shop.categories.length === 0) throw new Error('The shop has no categories: seed the demo shop first');
  if (shop.sizeIds.length < 3) throw new Error('The shop needs at least three sizes to give each product 3–5');
  const heavy = heavyCategory(shop);
  const generator = generateProducts(shop, {
    count: options.products,
    seed: options.seed ?? 42,
    now: options.now ?? new Date(),
    firstOrdinal: (await lastProductId(db)) + 1,
  });
  const batchSize = options.batchSize ?? 1_000;
  let batch: GeneratedProduct[] = [];
  for (const product of generator) {
    batch.push(product);
    if (batch.length === batchSize) {
      await insertBatch(db, batch);
      batch = [];
    }
  }
  if (batch.length) await insertBatch(db, batch);
  return {
    products: options.products,
    seconds: (performance.now() - started) / 1000,
    heavyCategory: { slug: heavy.slug, name: heavy.name },
  };
}
