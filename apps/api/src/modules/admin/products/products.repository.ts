import {
  and,
  asc,
  categories,
  count,
  desc,
  eq,
  genders,
  gt,
  inArray,
  or,
  patterns,
  productImages,
  products,
  type Queryable,
  sizes,
  sql,
  subcategories,
} from '@kapaas/db';
import { hasSizeAtMost } from '../../inventory';
import type { Paging } from '../resource';
import { contains, offsetOf, totalOf } from '../resource';

export type ProductRow = typeof products.$inferSelect;

/** The filters of GET /products. */
export interface ProductFilters extends Paging {
  category_id?: number | undefined;
  subcategory_id?: number | undefined;
  status?: 'active' | 'archived' | undefined;
  low_stock?: number | undefined;
  gst_band?: boolean | undefined;
}

/** The ₹2,625–₹2,950 band of selling prices where GST takes 18 % (ADR 032, rule 4): above ₹2,625, up to ₹2,950. */
export const GST_BAND_PAISE = { above: 262_500, upTo: 295_000 };
const sellingPrice = sql`COALESCE(${products.discountPricePaise}, ${products.pricePaise})`;

/** The HSN code of each of these categories. */
export async function categoryHsnOf(db: Queryable, categoryIds: number[]): Promise<Map<number, string>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .select({ id: categories.id, hsn: categories.hsnCode })
    .from(categories)
    .where(inArray(categories.id, [...new Set(categoryIds)]));
  return new Map(rows.map((row) => [row.id, row.hsn]));
}

/** The list's filters as a condition: the console's list and a bulk edit's selection by filter share it (ADR 065). */
export function productWhere(query: Omit<ProductFilters, 'page' | 'per_page'>) {
  return and(
    query.q ? or(contains(products.name, query.q), contains(products.slug, query.q)) : undefined,
    query.category_id === undefined ? undefined : eq(products.categoryId, query.category_id),
    query.subcategory_id === undefined ? undefined : eq(products.subcategoryId, query.subcategory_id),
    query.status === undefined ? undefined : eq(products.status, query.status),
    query.low_stock === undefined ? undefined : hasSizeAtMost(products.id, query.low_stock),
    query.gst_band === undefined
      ? undefined
      : query.gst_band
        ? sql`${sellingPrice} > ${GST_BAND_PAISE.above} AND ${sellingPrice} <= ${GST_BAND_PAISE.upTo}`
        : sql`NOT (${sellingPrice} > ${GST_BAND_PAISE.above} AND ${sellingPrice} <= ${GST_BAND_PAISE.upTo})`,
  );
}

export async function productPage(db: Queryable, query: ProductFilters) {
  const where = productWhere(query);
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(query.per_page)
    .offset(offsetOf(query));
  const total = await totalOf(db.select({ n: count() }).from(products).where(where));
  return { rows, total };
}

export async function productById(db: Queryable, id: number, lock = false): Promise<ProductRow | undefined> {
  const query = db.select().from(products).where(eq(products.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function imagesOf(db: Queryable, productIds: number[]) {
  if (productIds.length === 0) return [];
  return db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.productId), asc(productImages.position));
}

export async function slugTaken(db: Queryable, slug: string): Promise<boolean> {
  return (await db.select({ id: products.id }).from(products).where(eq(products.slug, slug))).length > 0;
}

/** What a product refers to, as found: which of the ids exist (and the subcategory's category). */
export async function referencesOf(
  db: Queryable,
  refs: {
    categoryId: number;
    subcategoryId: number;
    patternId: number | null;
    genderId: number | null;
    sizeIds: number[];
  },
) {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, refs.categoryId));
  const [subcategory] = await db
    .select({ categoryId: subcategories.categoryId })
    .from(subcategories)
    .where(eq(subcategories.id, refs.subcategoryId));
  const [pattern] =
    refs.patternId === null
      ? []
      : await db.select({ id: patterns.id }).from(patterns).where(eq(patterns.id, refs.patternId));
  const [gender] =
    refs.genderId === null
      ? []
      : await db.select({ id: genders.id }).from(genders).where(eq(genders.id, refs.genderId));
  const knownSizes =
    refs.sizeIds.length === 0
      ? []
      : await db.select({ id: sizes.id }).from(sizes).where(inArray(sizes.id, refs.sizeIds));
  return {
    category: category !== undefined,
    subcategoryCategoryId: subcategory?.categoryId,
    pattern: pattern !== undefined,
    gender: gender !== undefined,
    sizeIds: new Set(knownSizes.map((s) => s.id)),
  };
}

export type ProductColumns = Omit<typeof products.$inferInsert, 'id' | 'slug' | 'createdAt' | 'updatedAt'>;

export async function insertProduct(db: Queryable, slug: string, columns: ProductColumns): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ ...columns, slug })
    .returning({ id: products.id });
  if (!row) throw new Error('product insert returned nothing');
  return row.id;
}

export async function updateProduct(db: Queryable, id: number, columns: Partial<ProductColumns>): Promise<void> {
  await db
    .update(products)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(products.id, id));
}

export async function replaceImages(db: Queryable, productId: number, urls: string[]): Promise<void> {
  await db.delete(productImages).where(eq(productImages.productId, productId));
  if (urls.length > 0) {
    await db.insert(productImages).values(urls.map((url, position) => ({ productId, url, position })));
  }
}

export async function deleteProduct(db: Queryable, productId: number): Promise<void> {
  await db.delete(products).where(eq(products.id, productId));
}

/** The next `limit` products after the id `afterId`, by id: the export reads the catalogue in keyset pages (ADR 063). */
export async function productsAfter(db: Queryable, afterId: number, limit: number): Promise<ProductRow[]> {
  return db.select().from(products).where(gt(products.id, afterId)).orderBy(asc(products.id)).limit(limit);
}

/** The names of the catalogue's categories, subcategories, prints and genders by id: a few hundred rows at most. */
export async function catalogueNames(db: Queryable) {
  const named = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
  return {
    categories: named(await db.select({ id: categories.id, name: categories.name }).from(categories)),
    subcategories: named(await db.select({ id: subcategories.id, name: subcategories.name }).from(subcategories)),
    patterns: named(await db.select({ id: patterns.id, name: patterns.name }).from(patterns)),
    genders: named(await db.select({ id: genders.id, name: genders.name }).from(genders)),
  };
}
export type CatalogueNames = Awaited<ReturnType<typeof catalogueNames>>;
