import {
  ads,
  asc,
  banners,
  categories,
  type Database,
  desc,
  eq,
  featuredSectionProducts,
  featuredSections,
  genders,
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

/** Everything the storefront's catalogue calls show, read in one go. */
export async function loadCatalogueSnapshot(db: Database) {
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
    products: await db
      .select()
      .from(products)
      .where(eq(products.status, 'active'))
      .orderBy(desc(products.createdAt), desc(products.id)),
    images: await db.select().from(productImages).orderBy(asc(productImages.productId), asc(productImages.position)),
    productSizes: await stockRows(db),
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

export type CatalogueSnapshot = Awaited<ReturnType<typeof loadCatalogueSnapshot>>;

/**
 * Stock rows by product, then by the sizes' order: every product's, or only those of `productIds`
 * (a stock-only update, which must come back in the same order as the full snapshot's).
 */
function stockRows(db: Database, productIds?: number[]) {
  return db
    .select({
      productId: productSizes.productId,
      sizeId: productSizes.sizeId,
      stock: productSizes.stock,
      reserved: productSizes.reserved,
    })
    .from(productSizes)
    .innerJoin(sizes, eq(sizes.id, productSizes.sizeId))
    .where(productIds === undefined ? undefined : inArray(productSizes.productId, productIds))
    .orderBy(asc(productSizes.productId), asc(sizes.sortOrder), asc(sizes.id));
}

/** The stock rows of some products, in the snapshot's order. */
export function loadStockOf(db: Database, productIds: number[]): Promise<CatalogueSnapshot['productSizes']> {
  return stockRows(db, productIds);
}

/** The snapshot with these products' stock rows replaced by `rows`. */
export function withStock(
  snapshot: CatalogueSnapshot,
  productIds: number[],
  rows: CatalogueSnapshot['productSizes'],
): CatalogueSnapshot {
  const changed = new Set(productIds);
  return { ...snapshot, productSizes: [...snapshot.productSizes.filter((r) => !changed.has(r.productId)), ...rows] };
}
