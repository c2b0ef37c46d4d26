import {
  type AdminCategory,
  AdminCategoryAnswer,
  AdminCategoryListAnswer,
  AdminCategoryListQuery,
  AdminCreateCategory,
  AdminCreateNamed,
  AdminCreateSize,
  AdminCreateSubcategory,
  type AdminNamed,
  AdminNamedAnswer,
  AdminNamedListAnswer,
  AdminNamedListQuery,
  type AdminSize,
  AdminSizeAnswer,
  AdminSizeListAnswer,
  AdminSizeListQuery,
  type AdminSubcategory,
  AdminSubcategoryAnswer,
  AdminSubcategoryListAnswer,
  AdminSubcategoryListQuery,
  AdminUpdateCategory,
  AdminUpdateNamed,
  AdminUpdateSize,
  AdminUpdateSubcategory,
  RETURN_RULE_REASON_REQUIRED,
} from '@kapaas/contract';
import {
  and,
  asc,
  categories,
  count,
  eq,
  genders,
  patterns,
  products,
  type Queryable,
  sizes,
  subcategories,
} from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { sizeInUse } from '../inventory';
import { contains, offsetOf, resourceRoutes, totalOf } from './resource';
import { freeSlug } from './slugs';

/*
 * Categories, subcategories, sizes, patterns and genders: what products are sorted and filtered
 * by. Every write changes the storefront, so each resource is marked `catalogue`. A record still
 * used by products cannot be deleted (409); categories and subcategories can be deactivated.
 */

const inUse = (what: string, by: string) =>
  new AppError('CONFLICT', `This ${what} is still used by ${by}. Move or delete those first, or deactivate it.`, {
    code: 'IN_USE',
  });

// ---------------------------------------------------------------------------------------------
// Categories

type CategoryRow = typeof categories.$inferSelect;
const toCategory = (row: CategoryRow): AdminCategory => ({
  ...toListed(row),
  hsn_code: row.hsnCode,
  return_rule: row.returnRule,
  return_rule_reason: row.returnRuleReason,
});
type CategoryOnly = 'hsn_code' | 'return_rule' | 'return_rule_reason';
/** What categories and subcategories share. */
const toListed = (
  row: Omit<CategoryRow, 'hsnCode' | 'returnRule' | 'returnRuleReason'>,
): Omit<AdminCategory, CategoryOnly> => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  image: row.image,
  sort_order: row.sortOrder,
  active: row.active,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * The return rule an edit leaves (ADR 058): a rule other than returnable needs a reason, given now or kept from before
 * (400 beside `return_rule_reason` otherwise); returnable clears the reason. Nothing when the edit names neither.
 */
async function ruleUpdate(
  tx: Queryable,
  id: number,
  body: Pick<AdminUpdateCategory, 'return_rule' | 'return_rule_reason'>,
): Promise<Partial<Pick<CategoryRow, 'returnRule' | 'returnRuleReason'>>> {
  if (body.return_rule === undefined && body.return_rule_reason === undefined) return {};
  const [current] = await tx
    .select({ rule: categories.returnRule, reason: categories.returnRuleReason })
    .from(categories)
    .where(eq(categories.id, id));
  const rule = body.return_rule ?? current?.rule ?? 'returnable';
  if (rule === 'returnable') return { returnRule: rule, returnRuleReason: '' };
  const reason = body.return_rule_reason ?? current?.reason ?? '';
  if (reason.trim() === '') {
    throw new AppError('INVALID_DATA', RETURN_RULE_REASON_REQUIRED, {
      errors: { return_rule_reason: [RETURN_RULE_REASON_REQUIRED] },
    });
  }
  return { returnRule: rule, returnRuleReason: reason };
}

const categorySlugTaken = async (db: Queryable, slug: string) =>
  (await db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug))).length > 0;

const categoryResource = resourceRoutes({
  path: 'categories',
  noun: 'Category',
  catalogue: 'structure',
  item: AdminCategoryAnswer.shape.data,
  answer: AdminCategoryAnswer,
  list: {
    query: AdminCategoryListQuery,
    answer: AdminCategoryListAnswer,
    async run(db, query) {
      const where = and(
        query.q ? contains(categories.name, query.q) : undefined,
        query.active === undefined ? undefined : eq(categories.active, query.active),
      );
      const rows = await db
        .select()
        .from(categories)
        .where(where)
        .orderBy(asc(categories.sortOrder), asc(categories.id))
        .limit(query.per_page)
        .offset(offsetOf(query));
      const total = await totalOf(db.select({ n: count() }).from(categories).where(where));
      return { items: rows.map(toCategory), total };
    },
  },
  async find(db, id) {
    const [row] = await db.select().from(categories).where(eq(categories.id, id));
    return row && toCategory(row);
  },
  create: {
    body: AdminCreateCategory,
    async run(tx, body) {
      const [row] = await tx
        .insert(categories)
        .values({
          slug: await freeSlug(tx, body.name, categorySlugTaken),
          name: body.name,
          image: body.image,
          sortOrder: body.sort_order ?? 0,
          active: body.active ?? true,
          hsnCode: body.hsn_code,
          returnRule: body.return_rule,
          // A returnable category keeps no reason: it would never be shown.
          returnRuleReason: (body.return_rule ?? 'returnable') === 'returnable' ? '' : body.return_rule_reason,
        })
        .returning({ id: categories.id });
      if (!row) throw new Error('category insert returned nothing');
      return row.id;
    },
  },
  update: {
    body: AdminUpdateCategory,
    async run(tx, id, body) {
      await tx
        .update(categories)
        .set({
          name: body.name,
          image: body.image,
          sortOrder: body.sort_order,
          active: body.active,
          hsnCode: body.hsn_code,
          ...(await ruleUpdate(tx, id, body)),
          updatedAt: new Date(),
        })
        .where(eq(categories.id, id));
    },
  },
  async remove(tx, id) {
    if ((await totalOf(tx.select({ n: count() }).from(subcategories).where(eq(subcategories.categoryId, id)))) > 0) {
      throw inUse('category', 'subcategories');
    }
    if ((await totalOf(tx.select({ n: count() }).from(products).where(eq(products.categoryId, id)))) > 0) {
      throw inUse('category', 'products');
    }
    await tx.delete(categories).where(eq(categories.id, id));
    return 'deleted';
  },
});

// ---------------------------------------------------------------------------------------------
// Subcategories

type SubcategoryRow = typeof subcategories.$inferSelect;
const toSubcategory = (row: SubcategoryRow): AdminSubcategory => ({
  ...toListed(row),
  category_id: row.categoryId,
});

const subcategorySlugTaken = async (db: Queryable, slug: string) =>
  (await db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.slug, slug))).length > 0;

async function requireCategory(db: Queryable, categoryId: number): Promise<void> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  if (!row) {
    throw new AppError('INVALID_DATA', 'Please choose an existing category.', {
      errors: { category_id: ['Please choose an existing category.'] },
    });
  }
}

const subcategoryResource = resourceRoutes({
  path: 'subcategories',
  noun: 'Subcategory',
  catalogue: 'structure',
  item: AdminSubcategoryAnswer.shape.data,
  answer: AdminSubcategoryAnswer,
  list: {
    query: AdminSubcategoryListQuery,
    answer: AdminSubcategoryListAnswer,
    async run(db, query) {
      const where = and(
        query.q ? contains(subcategories.name, query.q) : undefined,
        query.category_id === undefined ? undefined : eq(subcategories.categoryId, query.category_id),
        query.active === undefined ? undefined : eq(subcategories.active, query.active),
      );
      const rows = await db
        .select()
        .from(subcategories)
        .where(where)
        .orderBy(asc(subcategories.categoryId), asc(subcategories.sortOrder), asc(subcategories.id))
        .limit(query.per_page)
        .offset(offsetOf(query));
      const total = await totalOf(db.select({ n: count() }).from(subcategories).where(where));
      return { items: rows.map(toSubcategory), total };
    },
  },
  async find(db, id) {
    const [row] = await db.select().from(subcategories).where(eq(subcategories.id, id));
    return row && toSubcategory(row);
  },
  create: {
    body: AdminCreateSubcategory,
    async run(tx, body) {
      await requireCategory(tx, body.category_id);
      const [row] = await tx
        .insert(subcategories)
        .values({
          categoryId: body.category_id,
          slug: await freeSlug(tx, body.name, subcategorySlugTaken),
          name: body.name,
          image: body.image,
          sortOrder: body.sort_order ?? 0,
          active: body.active ?? true,
        })
        .returning({ id: subcategories.id });
      if (!row) throw new Error('subcategory insert returned nothing');
      return row.id;
    },
  },
  update: {
    body: AdminUpdateSubcategory,
    async run(tx, id, body) {
      if (body.category_id !== undefined) {
        await requireCategory(tx, body.category_id);
        const [moved] = await tx
          .select({ n: count() })
          .from(products)
          .where(and(eq(products.subcategoryId, id)));
        if ((moved?.n ?? 0) > 0) {
          const [current] = await tx.select().from(subcategories).where(eq(subcategories.id, id));
          if (current && current.categoryId !== body.category_id)
            throw inUse('subcategory', 'products of its category');
        }
      }
      await tx
        .update(subcategories)
        .set({
          categoryId: body.category_id,
          name: body.name,
          image: body.image,
          sortOrder: body.sort_order,
          active: body.active,
          updatedAt: new Date(),
        })
        .where(eq(subcategories.id, id));
    },
  },
  async remove(tx, id) {
    if ((await totalOf(tx.select({ n: count() }).from(products).where(eq(products.subcategoryId, id)))) > 0) {
      throw inUse('subcategory', 'products');
    }
    await tx.delete(subcategories).where(eq(subcategories.id, id));
    return 'deleted';
  },
});

// ---------------------------------------------------------------------------------------------
// Sizes

type SizeRow = typeof sizes.$inferSelect;
const toSize = (row: SizeRow): AdminSize => ({ id: row.id, label: row.label, sort_order: row.sortOrder });

const sizeResource = resourceRoutes({
  path: 'sizes',
  noun: 'Size',
  catalogue: 'structure',
  item: AdminSizeAnswer.shape.data,
  answer: AdminSizeAnswer,
  list: {
    query: AdminSizeListQuery,
    answer: AdminSizeListAnswer,
    async run(db, query) {
      const where = query.q ? contains(sizes.label, query.q) : undefined;
      const rows = await db
        .select()
        .from(sizes)
        .where(where)
        .orderBy(asc(sizes.sortOrder), asc(sizes.id))
        .limit(query.per_page)
        .offset(offsetOf(query));
      const total = await totalOf(db.select({ n: count() }).from(sizes).where(where));
      return { items: rows.map(toSize), total };
    },
  },
  async find(db, id) {
    const [row] = await db.select().from(sizes).where(eq(sizes.id, id));
    return row && toSize(row);
  },
  create: {
    body: AdminCreateSize,
    async run(tx, body) {
      const [row] = await tx
        .insert(sizes)
        .values({ label: body.label, sortOrder: body.sort_order ?? 0 })
        .returning({ id: sizes.id });
      if (!row) throw new Error('size insert returned nothing');
      return row.id;
    },
  },
  update: {
    body: AdminUpdateSize,
    async run(tx, id, body) {
      if (body.label === undefined && body.sort_order === undefined) return;
      await tx.update(sizes).set({ label: body.label, sortOrder: body.sort_order }).where(eq(sizes.id, id));
    },
  },
  async remove(tx, id) {
    if (await sizeInUse(tx, id)) {
      throw inUse('size', 'products');
    }
    await tx.delete(sizes).where(eq(sizes.id, id));
    return 'deleted';
  },
});

// ---------------------------------------------------------------------------------------------
// Patterns and genders: a name each; products that used a deleted one keep no value (set null).

function namedResource(path: string, noun: string, table: typeof patterns | typeof genders) {
  const toNamed = (row: { id: number; name: string }): AdminNamed => ({ id: row.id, name: row.name });
  return resourceRoutes({
    path,
    noun,
    catalogue: 'structure',
    item: AdminNamedAnswer.shape.data,
    answer: AdminNamedAnswer,
    list: {
      query: AdminNamedListQuery,
      answer: AdminNamedListAnswer,
      async run(db, query) {
        const where = query.q ? contains(table.name, query.q) : undefined;
        const rows = await db
          .select({ id: table.id, name: table.name })
          .from(table)
          .where(where)
          .orderBy(asc(table.name), asc(table.id))
          .limit(query.per_page)
          .offset(offsetOf(query));
        const total = await totalOf(db.select({ n: count() }).from(table).where(where));
        return { items: rows.map(toNamed), total };
      },
    },
    async find(db, id) {
      const [row] = await db.select({ id: table.id, name: table.name }).from(table).where(eq(table.id, id));
      return row && toNamed(row);
    },
    create: {
      body: AdminCreateNamed,
      async run(tx, body) {
        const [row] = await tx.insert(table).values({ name: body.name }).returning({ id: table.id });
        if (!row) throw new Error(`${path} insert returned nothing`);
        return row.id;
      },
    },
    update: {
      body: AdminUpdateNamed,
      async run(tx, id, body) {
        if (body.name === undefined) return;
        await tx.update(table).set({ name: body.name }).where(eq(table.id, id));
      },
    },
    async remove(tx, id) {
      await tx.delete(table).where(eq(table.id, id));
      return 'deleted';
    },
  });
}

/** Categories, subcategories, sizes, patterns and genders. */
export const catalogueResources: FastifyPluginAsyncZod = async (app) => {
  await app.register(categoryResource);
  await app.register(subcategoryResource);
  await app.register(sizeResource);
  await app.register(namedResource('patterns', 'Pattern', patterns));
  await app.register(namedResource('genders', 'Gender', genders));
};
