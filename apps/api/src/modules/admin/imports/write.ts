import { setImmediate as nextTurn } from 'node:timers/promises';
import { categories, eq, productImages, products, type Queryable, subcategories } from '@kapaas/db';
import { addSizesOfNewProducts, setSku, setStock } from '../../inventory';
import { replaceImages, updateProduct } from '../products/products.repository';
import { freeSlug } from '../slugs';
import { nameKey } from './imports.repository';
import { type PlannedProduct, YIELD_EVERY } from './plan';

/** A category or subcategory made by the import has no picture yet: the owner adds one in the console. */
const NO_PICTURE = '';

const categorySlugTaken = async (db: Queryable, slug: string) =>
  (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug))).length > 0;
const subcategorySlugTaken = async (db: Queryable, slug: string) =>
  (await db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.slug, slug))).length > 0;

/**
 * Makes the categories and subcategories the plan names but the shop lacks (only planned when the owner ticked
 * "create missing categories"), once per name; answers every placement's ids by `category/subcategory` names.
 */
async function createPlacements(db: Queryable, plans: PlannedProduct[]): Promise<Map<string, [number, number]>> {
  const made = new Map<string, [number, number]>();
  const madeCategories = new Map<string, number>();
  for (const plan of plans) {
    if (!('create' in plan.placement)) continue;
    const { category, subcategory } = plan.placement.create;
    const key = `${nameKey(category)}/${nameKey(subcategory)}`;
    if (made.has(key)) continue;
    const categoryId = madeCategories.get(nameKey(category)) ?? (await categoryNamed(db, category));
    madeCategories.set(nameKey(category), categoryId);
    made.set(key, [categoryId, await subcategoryNamed(db, categoryId, subcategory)]);
  }
  return made;
}

async function categoryNamed(db: Queryable, name: string): Promise<number> {
  const found = (await db.select({ id: categories.id, name: categories.name }).from(categories)).find(
    (c) => nameKey(c.name) === nameKey(name),
  );
  if (found) return found.id;
  const slug = await freeSlug(db, name, categorySlugTaken);
  const [row] = await db.insert(categories).values({ name, slug, image: NO_PICTURE }).returning({ id: categories.id });
  if (!row) throw new Error('category insert returned nothing');
  return row.id;
}

async function subcategoryNamed(db: Queryable, categoryId: number, name: string): Promise<number> {
  const found = (
    await db
      .select({ id: subcategories.id, name: subcategories.name })
      .from(subcategories)
      .where(eq(subcategories.categoryId, categoryId))
  ).find((s) => nameKey(s.name) === nameKey(name));
  if (found) return found.id;
  const slug = await freeSlug(db, name, subcategorySlugTaken);
  const [row] = await db
    .insert(subcategories)
    .values({ categoryId, name, slug, image: NO_PICTURE })
    .returning({ id: subcategories.id });
  if (!row) throw new Error('subcategory insert returned nothing');
  return row.id;
}

/**
 * Products created per multi-row insert (their sizes in one more). Drizzle builds a statement's SQL and parameters on
 * the event loop: 500 products and their 2,500 sizes held it for 50–175 ms per statement, 50 for a tenth of that (up
 * to 60 ms when a collection fell in it), 25 for half as long again.
 */
const CREATE_SLICE = 25;

type Placements = Map<string, [number, number]>;

/** The category and subcategory ids a plan is written with, made ones included. */
function idsOf(plan: PlannedProduct, placements: Placements): [number, number] {
  const placement = plan.placement;
  if (!('create' in placement)) return [placement.categoryId, placement.subcategoryId];
  const key = `${nameKey(placement.create.category)}/${nameKey(placement.create.subcategory)}`;
  return placements.get(key) ?? [0, 0];
}

/**
 * New products in multi-row inserts of CREATE_SLICE, their sizes and pictures likewise: one statement per slice
 * rather than several per size, which is what lets a file of thousands of products be written in minutes.
 */
async function createProducts(
  db: Queryable,
  plans: PlannedProduct[],
  placements: Placements,
  onRows: (rows: number) => Promise<void>,
): Promise<number[]> {
  const ids: number[] = [];
  let rows = 0;
  for (let at = 0; at < plans.length; at += CREATE_SLICE) {
    const slice = plans.slice(at, at + CREATE_SLICE);
    const made = await db
      .insert(products)
      .values(
        slice.map((plan) => {
          const [categoryId, subcategoryId] = idsOf(plan, placements);
          return { ...plan.columns, categoryId, subcategoryId, slug: plan.draft.handle };
        }),
      )
      .returning({ id: products.id, slug: products.slug });
    const idOf = new Map(made.map((row) => [row.slug, row.id]));
    const sizes = slice.flatMap((plan) =>
      plan.sizes.map((size) => ({
        productId: idOf.get(plan.draft.handle) ?? 0,
        sizeId: size.sizeId,
        stock: size.stock ?? 0,
        sku: size.sku,
      })),
    );
    await addSizesOfNewProducts(db, sizes);
    const images = slice.flatMap((plan) =>
      (plan.images ?? []).map((url, position) => ({ productId: idOf.get(plan.draft.handle) ?? 0, url, position })),
    );
    if (images.length > 0) await db.insert(productImages).values(images);
    ids.push(...made.map((row) => row.id));
    rows += slice.reduce((sum, plan) => sum + plan.draft.rows.length, 0);
    await onRows(rows);
    await nextTurn();
  }
  return ids;
}

/** A product of the catalogue changed as planned, through the console's product write and the inventory's. */
async function updateProductAsPlanned(db: Queryable, plan: PlannedProduct, placements: Placements): Promise<number> {
  const existing = plan.existing;
  if (!existing) throw new Error('an update without its product');
  const [categoryId, subcategoryId] = idsOf(plan, placements);
  const id = existing.row.id;
  await updateProduct(db, id, { ...plan.columns, categoryId, subcategoryId });
  for (const size of plan.sizes) {
    const current = existing.sizes.get(size.sizeId);
    if (size.stock !== null || !current) await setStock(db, id, size.sizeId, size.stock ?? current?.stock ?? 0);
    if (size.sku !== null && size.sku !== current?.sku) await setSku(db, id, size.sizeId, size.sku);
  }
  if (plan.images !== undefined) await replaceImages(db, id, plan.images);
  return id;
}

/**
 * Writes the products planned as created or updated, inside the caller's transaction: new ones in multi-row inserts,
 * changed ones through the console's product write and the inventory's setStock (ADR 039); answers the ids written,
 * which the catalogue then re-reads once. `onRows` hears the rows written so far (the import's progress).
 */
export async function writePlans(
  db: Queryable,
  plans: PlannedProduct[],
  onRows: (rows: number) => Promise<void> = async () => undefined,
): Promise<{ ids: number[]; structure: boolean }> {
  const writing = plans.filter((p) => p.outcome === 'created' || p.outcome === 'updated');
  const placements = await createPlacements(db, writing);
  const created = writing.filter((p) => p.outcome === 'created');
  const ids = await createProducts(db, created, placements, onRows);
  let rows = created.reduce((sum, plan) => sum + plan.draft.rows.length, 0);
  for (const plan of writing.filter((p) => p.outcome === 'updated')) {
    ids.push(await updateProductAsPlanned(db, plan, placements));
    rows += plan.draft.rows.length;
    if (ids.length % YIELD_EVERY === 0) {
      await onRows(rows);
      await nextTurn();
    }
  }
  return { ids, structure: placements.size > 0 };
}
