import {
  ads,
  asc,
  banners,
  categories,
  type Database,
  eq,
  featuredSectionProducts,
  featuredSections,
  genders,
  inArray,
  patterns,
  productImages,
  productSizes,
  products,
  reviewStats,
  type SQL,
  shopSettings,
  sizes,
  sql,
  subcategories,
  testimonials,
} from '@kapaas/db';
import { loadSizeCharts } from '../fit';

/**
 * Everything the catalogue shows apart from its products: the small tables (categories,
 * subcategories, sizes, prints, genders, the home page's content) and the settings. At most a few
 * hundred rows, read whole whenever any of it changes.
 */
export async function loadStructure(db: Database) {
  const [settings] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  return {
    settings: {
      perOrderQuantityCap: settings?.perOrderQuantityCap ?? 10,
    },
    categories: await db
      .select()
      .from(categories)
      .where(eq(categories.active, true))
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    subcategories: await db
      .select()
      .from(subcategories)
      .where(eq(subcategories.active, true))
      .orderBy(asc(subcategories.sortOrder), asc(subcategories.id)),
    sizes: await db.select().from(sizes).orderBy(asc(sizes.sortOrder), asc(sizes.id)),
    patterns: await db.select().from(patterns).orderBy(asc(patterns.name)),
    genders: await db.select().from(genders).orderBy(asc(genders.id)),
    banners: await db
      .select()
      .from(banners)
      .where(eq(banners.active, true))
      .orderBy(asc(banners.sortOrder), asc(banners.id)),
    ads: await db.select().from(ads).where(eq(ads.active, true)).orderBy(asc(ads.sortOrder), asc(ads.id)),
    testimonials: await db
      .select()
      .from(testimonials)
      .where(eq(testimonials.active, true))
      .orderBy(asc(testimonials.sortOrder), asc(testimonials.id)),
    featuredSections: await db
      .select()
      .from(featuredSections)
      .where(eq(featuredSections.active, true))
      .orderBy(asc(featuredSections.sortOrder), asc(featuredSections.id)),
    featuredProducts: await db
      .select()
      .from(featuredSectionProducts)
      .orderBy(asc(featuredSectionProducts.sectionId), asc(featuredSectionProducts.position)),
    /** The size charts, through their owner (ADR 056): a few rows per category, and per product that has its own. */
    sizeCharts: await loadSizeCharts(db),
  };
}

export type CatalogueStructure = Awaited<ReturnType<typeof loadStructure>>;

/** One stock row: a size of a product, with its stock and what unpaid orders hold of it. */
export interface StockRow {
  productId: number;
  sizeId: number;
  stock: number;
  reserved: number;
}

/** An active product's row with its images (in order) and its stock rows. */
export interface ProductRow {
  id: number;
  name: string;
  categoryId: number;
  subcategoryId: number;
  description: string;
  productDetails: string;
  washCare: string;
  pricePaise: number;
  discountPricePaise: number | null;
  patternId: number | null;
  genderId: number | null;
  createdAt: Date;
  /** When its row was last edited (the sitemap's lastmod). */
  updatedAt: Date;
  /** The owner's title and description for search engines, or null (ADR 064). */
  seoTitle: string | null;
  seoDescription: string | null;
  images: string[];
  stock: StockRow[];
  /** Its published reviews (review_stats): how many, and their stars added up. */
  ratingCount: number;
  ratingSum: number;
}

/**
 * Stock rows of some products, by product, then in the sizes' order (so a product's sizes are
 * listed as the size filter lists them).
 */
export function loadStockOf(db: Database, productIds: number[]): Promise<StockRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return stockWhere(db, inArray(productSizes.productId, productIds));
}

function stockWhere(db: Database, where: SQL | undefined): Promise<StockRow[]> {
  return db
    .select({
      productId: productSizes.productId,
      sizeId: productSizes.sizeId,
      stock: productSizes.stock,
      reserved: productSizes.reserved,
    })
    .from(productSizes)
    .innerJoin(sizes, eq(sizes.id, productSizes.sizeId))
    .where(where)
    .orderBy(asc(productSizes.productId), asc(sizes.sortOrder), asc(sizes.id));
}

/** Published reviews' numbers (review_stats) of some products; a product without a row has none. */
export async function loadRatingsOf(
  db: Database,
  productIds: number[],
): Promise<{ productId: number; count: number; sum: number }[]> {
  if (productIds.length === 0) return [];
  return db
    .select({ productId: reviewStats.productId, count: reviewStats.count, sum: reviewStats.ratingSum })
    .from(reviewStats)
    .where(inArray(reviewStats.productId, productIds));
}

/** These products' rows with their images and stock, by id; archived or deleted ones are simply absent. */
export async function loadProducts(db: Database, productIds: number[]): Promise<ProductRow[]> {
  if (productIds.length === 0) return [];
  const { rows } = await readProducts(
    db,
    sql`SELECT * FROM ${products} WHERE ${inArray(products.id, productIds)}`,
    'each',
  );
  return rows;
}

/**
 * The active products among the next `limit` products after `afterId` (by id), and the last id
 * looked at (undefined past the end). A whole load reads the catalogue in chunks like this. The
 * chunk is taken in primary-key order whatever the status (filtering on status first can make the
 * planner scan every later row for each chunk, as it has no statistics after a bulk insert).
 *
 * The chunk comes back as one JSON text built by PostgreSQL, each product an array with its image
 * URLs and stock rows: PGlite's driver copies every field of every row into a buffer of its own
 * before decoding it, which was most of a 50,000-product load's time at ~20 fields a product;
 * one field a chunk, parsed here by JSON.parse, costs a fraction of that.
 */
export function loadProductChunk(
  db: Database,
  afterId: number,
  limit: number,
): Promise<{ rows: ProductRow[]; last: number | undefined }> {
  return readProducts(
    db,
    sql`SELECT * FROM ${products} WHERE ${products.id} > ${afterId} ORDER BY ${products.id} LIMIT ${limit}`,
    'range',
  );
}

/**
 * The active ones of the products `selected` (a SELECT of whole product rows), by id, with their
 * images and stock, read as one JSON text; and the largest id selected, active or not.
 *
 * How images and stock are found: for a few scattered products (`each`), by one index lookup per
 * product. For a chunk of consecutive ids (`range`), by one index range scan per table over the
 * chunk's ids, grouped by product and merged: every row in that range belongs to a selected
 * product. This halves a whole load's time on PGlite against a lookup per product, whose bitmap
 * scans each also ask the file system for the table's size.
 */
async function readProducts(
  db: Database,
  selected: SQL,
  related: 'each' | 'range',
): Promise<{ rows: ProductRow[]; last: number | undefined }> {
  const fields = sql`${products.id}, ${products.name}, ${products.categoryId}, ${products.subcategoryId},
             ${products.description}, ${products.productDetails}, ${products.washCare}, ${products.pricePaise},
             ${products.discountPricePaise}, ${products.patternId}, ${products.genderId}, ${products.createdAt},
             ${products.updatedAt}, ${products.seoTitle}, ${products.seoDescription}`;
  const imagesOrder = sql`ORDER BY ${productImages.position}, ${productImages.id}`;
  const stockRow = sql`json_build_array(${productSizes.sizeId}, ${productSizes.stock}, ${productSizes.reserved})`;
  const stockOrder = sql`ORDER BY ${sizes.sortOrder}, ${sizes.id}`;
  const chunk = (images: SQL, stock: SQL, rating: SQL) =>
    sql`json_agg(json_build_array(${fields}, ${images}, ${stock}, ${rating}) ORDER BY ${products.id})
          FILTER (WHERE ${products.status} = 'active')::text AS chunk,
        max(${products.id}) AS last`;
  const query =
    related === 'each'
      ? sql`SELECT ${chunk(
          sql`(SELECT json_agg(${productImages.url} ${imagesOrder})
                 FROM ${productImages} WHERE ${productImages.productId} = ${products.id})`,
          sql`(SELECT json_agg(${stockRow} ${stockOrder})
                 FROM ${productSizes} JOIN ${sizes} ON ${sizes.id} = ${productSizes.sizeId}
                WHERE ${productSizes.productId} = ${products.id})`,
          sql`(SELECT json_build_array(${reviewStats.count}, ${reviewStats.ratingSum})
                 FROM ${reviewStats} WHERE ${reviewStats.productId} = ${products.id})`,
        )}
          FROM (${selected}) AS ${products}`
      : sql`WITH ${products} AS MATERIALIZED (${selected}),
               bounds AS (SELECT min(${products.id}) AS low, max(${products.id}) AS high FROM ${products}),
               images AS (
                 SELECT ${productImages.productId} AS product_id, json_agg(${productImages.url} ${imagesOrder}) AS urls
                   FROM ${productImages}, bounds
                  WHERE ${productImages.productId} BETWEEN bounds.low AND bounds.high
                  GROUP BY ${productImages.productId}),
               stock AS (
                 SELECT ${productSizes.productId} AS product_id, json_agg(${stockRow} ${stockOrder}) AS rows
                   FROM ${productSizes} JOIN ${sizes} ON ${sizes.id} = ${productSizes.sizeId}, bounds
                  WHERE ${productSizes.productId} BETWEEN bounds.low AND bounds.high
                  GROUP BY ${productSizes.productId}),
               ratings AS (
                 SELECT ${reviewStats.productId} AS product_id,
                        json_build_array(${reviewStats.count}, ${reviewStats.ratingSum}) AS numbers
                   FROM ${reviewStats}, bounds
                  WHERE ${reviewStats.productId} BETWEEN bounds.low AND bounds.high)
          SELECT ${chunk(sql`images.urls`, sql`stock.rows`, sql`ratings.numbers`)}
            FROM ${products}
            LEFT JOIN images ON images.product_id = ${products.id}
            LEFT JOIN stock ON stock.product_id = ${products.id}
            LEFT JOIN ratings ON ratings.product_id = ${products.id}`;
  const result = await db.execute<{ chunk: string | null; last: number | null }>(query);
  const answer = (result as unknown as { rows: { chunk: string | null; last: number | null }[] }).rows[0];
  if (!answer || answer.last === null) return { rows: [], last: undefined };
  const parsed = answer.chunk === null ? [] : (JSON.parse(answer.chunk) as ChunkProduct[]);
  return { rows: parsed.map(productOfChunk), last: Number(answer.last) };
}

/** One product of a chunk, as loadProductChunk's JSON has it. */
type ChunkProduct = [
  id: number,
  name: string,
  categoryId: number,
  subcategoryId: number,
  description: string,
  productDetails: string,
  washCare: string,
  pricePaise: number,
  discountPricePaise: number | null,
  patternId: number | null,
  genderId: number | null,
  createdAt: string,
  updatedAt: string,
  seoTitle: string | null,
  seoDescription: string | null,
  images: string[] | null,
  stock: [sizeId: number, stock: number, reserved: number][] | null,
  rating: [count: number, sum: number] | null,
];

function productOfChunk(product: ChunkProduct): ProductRow {
  const [id, name, categoryId, subcategoryId, description, productDetails, washCare, pricePaise] = product;
  const [
    discountPricePaise,
    patternId,
    genderId,
    createdAt,
    updatedAt,
    seoTitle,
    seoDescription,
    images,
    stock,
    rating,
  ] = product.slice(8) as [
    number | null,
    number | null,
    number | null,
    string,
    string,
    string | null,
    string | null,
    string[] | null,
    [number, number, number][] | null,
    [number, number] | null,
  ];
  return {
    id,
    name,
    categoryId,
    subcategoryId,
    description,
    productDetails,
    washCare,
    pricePaise,
    discountPricePaise,
    patternId,
    genderId,
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
    seoTitle,
    seoDescription,
    images: images ?? [],
    stock: (stock ?? []).map(([sizeId, units, reserved]) => ({ productId: id, sizeId, stock: units, reserved })),
    ratingCount: rating?.[0] ?? 0,
    ratingSum: rating?.[1] ?? 0,
  };
}
