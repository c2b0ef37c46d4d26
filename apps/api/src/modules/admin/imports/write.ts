import { setImmediate as nextTurn } from 'node:timers/promises';
import { categories, eq, type Queryable, subcategories } from '@kapaas/db';
import { setSku, setStock } from '../../inventory';
import { insertProduct, replaceImages, updateProduct } from '../products/products.repository';
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
 * Writes the products planned as created or updated, inside the caller's transaction, through the console's own
 * product writes and the inventory's (ADR 039); answers the ids written, which the catalogue then re-reads once.
 */
export async function writePlans(
  db: Queryable,
  plans: PlannedProduct[],
): Promise<{ ids: number[]; structure: boolean }> {
  const writing = plans.filter((p) => p.outcome === 'created' || p.outcome === 'updated');
  const placements = await createPlacements(db, writing);
  const ids: number[] = [];
  for (const plan of writing) {
    const placement = plan.placement;
    const [categoryId, subcategoryId] =
      'create' in placement
        ? (placements.get(`${nameKey(placement.create.category)}/${nameKey(placement.create.subcategory)}`) ?? [0, 0])
        : [placement.categoryId, placement.subcategoryId];
    const columns = { ...plan.columns, categoryId, subcategoryId };
    let id: number;
    if (plan.existing) {
      id = plan.existing.row.id;
      await updateProduct(db, id, columns);
    } else id = await insertProduct(db, plan.draft.handle, columns);
    for (const size of plan.sizes) {
      const current = plan.existing?.sizes.get(size.sizeId);
      if (size.stock !== null || !current) await setStock(db, id, size.sizeId, size.stock ?? current?.stock ?? 0);
      if (size.sku !== null && size.sku !== current?.sku) await setSku(db, id, size.sizeId, size.sku);
    }
    if (plan.images !== undefined) await replaceImages(db, id, plan.images);
    ids.push(id);
    if (ids.length % YIELD_EVERY === 0) await nextTurn();
  }
  return { ids, structure: placements.size > 0 };
}
