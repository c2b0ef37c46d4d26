import { AdminImportProgress } from '@kapaas/contract';
import {
  and,
  catalogueImports,
  categories,
  desc,
  eq,
  genders,
  inArray,
  patterns,
  products,
  type Queryable,
  sizes,
  sql,
  subcategories,
} from '@kapaas/db';
import { productIdsOfSkus, skusOfProducts, stockOfProducts } from '../../inventory';
import { imagesOf, type ProductRow } from '../products/products.repository';

/** Names as the import matches them: trimmed, case-insensitive. */
export const nameKey = (name: string) => name.trim().toLowerCase();

/** The shop's categories, subcategories, sizes, patterns and genders by name (ids). */
export interface Lookups {
  categories: Map<string, number>;
  /** By `${categoryId}/${name}`. */
  subcategories: Map<string, number>;
  sizes: Map<string, number>;
  patterns: Map<string, number>;
  genders: Map<string, number>;
}

export const subcategoryKey = (categoryId: number, name: string) => `${categoryId}/${nameKey(name)}`;

export async function readLookups(db: Queryable): Promise<Lookups> {
  const byName = (rows: { id: number; name: string }[]) => new Map(rows.map((r) => [nameKey(r.name), r.id]));
  const subs = await db
    .select({ id: subcategories.id, categoryId: subcategories.categoryId, name: subcategories.name })
    .from(subcategories);
  return {
    categories: byName(await db.select({ id: categories.id, name: categories.name }).from(categories)),
    subcategories: new Map(subs.map((s) => [subcategoryKey(s.categoryId, s.name), s.id])),
    sizes: byName(await db.select({ id: sizes.id, name: sizes.label }).from(sizes)),
    patterns: byName(await db.select({ id: patterns.id, name: patterns.name }).from(patterns)),
    genders: byName(await db.select({ id: genders.id, name: genders.name }).from(genders)),
  };
}

/** A product as the import compares it: its row, its sizes by size id, its images' URLs in order. */
export interface ExistingProduct {
  row: ProductRow;
  sizes: Map<number, { stock: number; reserved: number; sku: string | null }>;
  images: string[];
}

/**
 * Products read per query: the handles of a big file are looked up a slice at a time. Building a query of 1,000
 * handles and mapping its 1,000 rows held the event loop for up to 37 ms; 500 for half that.
 */
const READ_SLICE = 500;

/** The products of the catalogue with these slugs, or owning these SKUs, by id. */
export async function existingProducts(
  db: Queryable,
  slugs: string[],
  skus: string[],
): Promise<{ bySlug: Map<string, number>; bySku: Map<string, number>; products: Map<number, ExistingProduct> }> {
  const rows: ProductRow[] = [];
  for (let at = 0; at < slugs.length; at += READ_SLICE) {
    rows.push(
      ...(await db
        .select()
        .from(products)
        .where(inArray(products.slug, slugs.slice(at, at + READ_SLICE)))),
    );
  }
  const bySku = new Map<string, number>();
  for (let at = 0; at < skus.length; at += READ_SLICE) {
    for (const [sku, id] of await productIdsOfSkus(db, skus.slice(at, at + READ_SLICE))) bySku.set(sku, id);
  }
  const known = new Set(rows.map((r) => r.id));
  const others = [...new Set(bySku.values())].filter((id) => !known.has(id));
  for (let at = 0; at < others.length; at += READ_SLICE) {
    rows.push(
      ...(await db
        .select()
        .from(products)
        .where(inArray(products.id, others.slice(at, at + READ_SLICE)))),
    );
  }
  const found = new Map<number, ExistingProduct>(rows.map((row) => [row.id, { row, sizes: new Map(), images: [] }]));
  const ids = [...found.keys()];
  for (let at = 0; at < ids.length; at += READ_SLICE) {
    const slice = ids.slice(at, at + READ_SLICE);
    const skus = await skusOfProducts(db, slice);
    for (const size of await stockOfProducts(db, slice)) {
      const sku = skus.get(`${size.productId}/${size.sizeId}`) ?? null;
      found.get(size.productId)?.sizes.set(size.sizeId, { stock: size.stock, reserved: size.reserved, sku });
    }
    for (const image of await imagesOf(db, slice)) found.get(image.productId)?.images.push(image.url);
  }
  return { bySlug: new Map(rows.map((r) => [r.slug, r.id])), bySku, products: found };
}

/** An import's row holds its progress (`summary.progress`) until it is answered, then the answer (`summary.totals`). */
const answered = sql`${catalogueImports.summary} -> 'totals' IS NOT NULL`;

/** Records an import as it starts, so that its progress can be read from any process; answers its id. */
export async function startImport(
  db: Queryable,
  entry: {
    adminId: number | null;
    sha256: string;
    optionsHash: string;
    dryRun: boolean;
    progress: AdminImportProgress;
  },
): Promise<number> {
  const { progress, ...columns } = entry;
  const [row] = await db
    .insert(catalogueImports)
    .values({ ...columns, summary: { progress } })
    .returning({ id: catalogueImports.id });
  if (!row) throw new Error('catalogue_imports insert returned nothing');
  return row.id;
}

/** Where a running import stands; an import already answered is left as answered. */
export async function writeProgress(db: Queryable, id: number, progress: AdminImportProgress): Promise<void> {
  await db
    .update(catalogueImports)
    .set({ summary: { progress } })
    .where(and(eq(catalogueImports.id, id), sql`NOT (${answered})`));
}

/** Records the answer of an import started by `startImport`: its summary (progress done) and its refused rows. */
export async function recordImport(
  db: Queryable,
  id: number,
  entry: { summary: Record<string, unknown>; rejectedCsv: string | null; progress: AdminImportProgress },
): Promise<void> {
  await db
    .update(catalogueImports)
    .set({ summary: { ...entry.summary, progress: entry.progress }, rejectedCsv: entry.rejectedCsv })
    .where(eq(catalogueImports.id, id));
}

/** Forgets an import that was refused before it was answered (a broken file): there is no report to keep. */
export async function dropImport(db: Queryable, id: number): Promise<void> {
  await db.delete(catalogueImports).where(and(eq(catalogueImports.id, id), sql`NOT (${answered})`));
}

/** The progress of the latest import of this file (a dry run or a commit), or undefined when there is none. */
export async function progressOf(
  db: Queryable,
  sha256: string,
  dryRun: boolean,
): Promise<AdminImportProgress | undefined> {
  const [row] = await db
    .select({ summary: catalogueImports.summary })
    .from(catalogueImports)
    .where(and(eq(catalogueImports.sha256, sha256), eq(catalogueImports.dryRun, dryRun)))
    .orderBy(desc(catalogueImports.id))
    .limit(1);
  if (!row) return undefined;
  const parsed = AdminImportProgress.safeParse((row.summary as { progress?: unknown }).progress);
  return parsed.success ? parsed.data : undefined;
}

/** Whether a dry run of this file with these options was answered (one still running is not). */
export async function dryRunAnswered(db: Queryable, sha256: string, optionsHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: catalogueImports.id })
    .from(catalogueImports)
    .where(
      and(
        eq(catalogueImports.sha256, sha256),
        eq(catalogueImports.optionsHash, optionsHash),
        eq(catalogueImports.dryRun, true),
        answered,
      ),
    )
    .orderBy(desc(catalogueImports.id))
    .limit(1);
  return row !== undefined;
}

/** An import's refused rows as CSV ('' when it refused none), or undefined when there is no such import. */
export async function rejectedCsvOf(db: Queryable, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ csv: catalogueImports.rejectedCsv })
    .from(catalogueImports)
    .where(eq(catalogueImports.id, id));
  return row === undefined ? undefined : (row.csv ?? '');
}
