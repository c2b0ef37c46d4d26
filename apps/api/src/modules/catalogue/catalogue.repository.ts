import {
  ads,
  and,
  asc,
  banners,
  categories,
  type Database,
  eq,
  featuredSectionProducts,
  featuredSections,
  genders,
  gt,
  inArray,
  patterns,
  productImages,
  productSizes,
  products,
  shopSettings,
  sizes,
  subcategories,
  testimonials,
} from '@kapaas/db';

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
      shippingChargePaise: settings?.shippingChargePaise ?? 0,
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
  images: string[];
  stock: StockRow[];
}

const productColumns = {
  id: products.id,
  name: products.name,
  categoryId: products.categoryId,
  subcategoryId: products.subcategoryId,
  description: products.description,
  productDetails: products.productDetails,
  washCare: products.washCare,
  pricePaise: products.pricePaise,
  discountPricePaise: products.discountPricePaise,
  patternId: products.patternId,
  genderId: products.genderId,
  createdAt: products.createdAt,
};

/**
 * Stock rows of some products, by product, then in the sizes' order (so a product's sizes are
 * listed as the size filter lists them).
 */
export function loadStockOf(db: Database, productIds: number[]): Promise<StockRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      productId: productSizes.productId,
      sizeId: productSizes.sizeId,
      stock: productSizes.stock,
      reserved: productSizes.reserved,
    })
    .from(productSizes)
    .innerJoin(sizes, eq(sizes.id, productSizes.sizeId))
    .where(inArray(productSizes.productId, productIds))
    .orderBy(asc(productSizes.productId), asc(sizes.sortOrder), asc(sizes.id));
}

/** These products' rows with their images and stock; archived or deleted ones are simply absent. */
export async function loadProducts(db: Database, productIds: number[]): Promise<ProductRow[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.status, 'active'), inArray(products.id, productIds)))
    .orderBy(asc(products.id));
  return withImagesAndStock(db, rows);
}

/**
 * One chunk of the active products in id order, after `afterId`: a whole load reads the catalogue
 * in chunks like this so that no single query holds the event loop (PGlite runs in this thread).
 */
export async function loadProductChunk(db: Database, afterId: number, limit: number): Promise<ProductRow[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.status, 'active'), gt(products.id, afterId)))
    .orderBy(asc(products.id))
    .limit(limit);
  return withImagesAndStock(db, rows);
}

async function withImagesAndStock(db: Database, rows: Omit<ProductRow, 'images' | 'stock'>[]): Promise<ProductRow[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const images = await db
    .select({ productId: productImages.productId, url: productImages.url })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.productId), asc(productImages.position));
  const stock = await loadStockOf(db, ids);
  const imagesOf = new Map<number, string[]>();
  for (const image of images) push(imagesOf, image.productId, image.url);
  const stockOf = new Map<number, StockRow[]>();
  for (const row of stock) push(stockOf, row.productId, row);
  return rows.map((row) => ({ ...row, images: imagesOf.get(row.id) ?? [], stock: stockOf.get(row.id) ?? [] }));
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
