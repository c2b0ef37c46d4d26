import {
  AdminIdParams,
  type AdminSizeChart,
  AdminSizeChartAnswer,
  AdminSizeChartPut,
  ErrorAnswer,
} from '@kapaas/contract';
import { asc, categories, eq, inArray, products, type Queryable, sizes } from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError, notFound } from '../../lib/errors';
import {
  type ChartOwner,
  type ChartRow,
  dropProductSizeChart,
  type StoredChart,
  saveSizeChart,
  sizeChartOf,
} from '../fit';
import { recordAudit } from './audit';
import { adminOf } from './resource';

const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer };
const security = [{ adminToken: [] }];

/** The rows with their sizes' labels, in the sizes' order (the console's table reads down the sizes). */
async function labelled(db: Queryable, rows: readonly ChartRow[]) {
  if (rows.length === 0) return [];
  const known = await db
    .select({ id: sizes.id, label: sizes.label })
    .from(sizes)
    .where(
      inArray(
        sizes.id,
        rows.map((r) => r.size_id),
      ),
    )
    .orderBy(asc(sizes.sortOrder), asc(sizes.id));
  const byId = new Map(rows.map((r) => [r.size_id, r]));
  return known.flatMap((s) => {
    const row = byId.get(s.id);
    return row ? [{ ...row, size: s.label }] : [];
  });
}

async function categoryOf(db: Queryable, id: number): Promise<number> {
  const [row] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  if (!row) throw notFound('Category');
  return row.id;
}

async function productOf(db: Queryable, id: number): Promise<{ productId: number; categoryId: number }> {
  const [row] = await db
    .select({ productId: products.id, categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, id));
  if (!row) throw notFound('Product');
  return row;
}

/** A product's view: its own chart, else its category's it falls back on, else none (ADR 056). */
async function chartView(
  db: Queryable,
  target: { categoryId: number; productId: number | null },
): Promise<AdminSizeChart> {
  const own = target.productId === null ? null : await sizeChartOf(db, { productId: target.productId });
  const chart: StoredChart | null = own ?? (await sizeChartOf(db, { categoryId: target.categoryId }));
  const source = own ? 'product' : chart ? 'category' : 'none';
  return {
    source,
    chart_id: chart ? chart.id : null,
    category_id: target.categoryId,
    product_id: target.productId,
    rows: chart ? await labelled(db, chart.rows) : [],
    updated_at: chart ? chart.updatedAt.toISOString() : null,
  };
}

/** Every size a chart names must exist: an unknown one is refused beside its row's size_id. */
async function checkSizes(db: Queryable, rows: readonly ChartRow[]): Promise<void> {
  const ids = rows.map((r) => r.size_id);
  const known = new Set((await db.select({ id: sizes.id }).from(sizes).where(inArray(sizes.id, ids))).map((s) => s.id));
  const unknown = ids.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw fieldError(`rows.${unknown}.size_id`, 'There is no such size.');
}

type App = Parameters<FastifyPluginAsyncZod>[0];
type Target = { categoryId: number; productId: number | null };

/** Saves a whole chart in one transaction with its audit entry, then has the catalogue show it. */
async function save(
  app: App,
  admin: ReturnType<typeof adminOf>,
  owner: ChartOwner,
  target: Target,
  body: AdminSizeChartPut,
) {
  const chart = await app.deps.db.transaction(async (tx) => {
    await checkSizes(tx, body.rows);
    const before = await sizeChartOf(tx, owner);
    const saved = await saveSizeChart(tx, owner, body.rows);
    await recordAudit(tx, admin, {
      action: before ? 'update' : 'create',
      resource: 'size_charts',
      resourceId: saved.id,
      before: before ? { ...owner, rows: before.rows } : null,
      after: { ...owner, rows: saved.rows },
    });
    return chartView(tx, target);
  });
  await app.catalogue.changed({ structure: true });
  return { success: true as const, data: chart };
}

/** Drops a product's own chart with its audit entry; its category's shows again. */
async function drop(app: App, admin: ReturnType<typeof adminOf>, product: { productId: number; categoryId: number }) {
  const chart = await app.deps.db.transaction(async (tx) => {
    const dropped = await dropProductSizeChart(tx, product.productId);
    if (!dropped) throw notFound("This product's own size chart");
    await recordAudit(tx, admin, {
      action: 'delete',
      resource: 'size_charts',
      resourceId: dropped.id,
      before: { productId: product.productId, rows: dropped.rows },
      after: null,
    });
    return chartView(tx, product);
  });
  await app.catalogue.changed({ structure: true });
  return { success: true as const, data: chart };
}

const schemaOf = (summary: string) => ({
  schema: {
    tags: ['admin'],
    summary,
    security,
    params: AdminIdParams,
    response: { 200: AdminSizeChartAnswer, ...failures },
  },
});
const saveSchemaOf = (summary: string) => ({ schema: { ...schemaOf(summary).schema, body: AdminSizeChartPut } });

/**
 * Size charts in the console (issue 38, ADR 056), for owners and staff alike, as the catalogue is: a category's chart
 * read and saved whole; a product's own chart that overrides its category's, made (the console starts it from the
 * category's rows), saved, or dropped. Each change is audited (resource `size_charts`) and the catalogue reloads its
 * small tables, so the product pages show the chart at once.
 */
export const sizeChartRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  app.get('/size-charts/category/:id', schemaOf("A category's size chart"), async (request) => {
    const categoryId = await categoryOf(db, request.params.id);
    return { success: true as const, data: await chartView(db, { categoryId, productId: null }) };
  });
  app.put(
    '/size-charts/category/:id',
    saveSchemaOf("Saves a category's size chart whole: a row per size"),
    async (request) => {
      const categoryId = await categoryOf(db, request.params.id);
      return save(app, adminOf(request), { categoryId }, { categoryId, productId: null }, request.body);
    },
  );
  app.get(
    '/size-charts/product/:id',
    schemaOf("A product's size chart: its own, else its category's (source says which)"),
    async (request) => ({ success: true as const, data: await chartView(db, await productOf(db, request.params.id)) }),
  );
  app.put(
    '/size-charts/product/:id',
    saveSchemaOf("Saves a product's own size chart, which overrides its category's"),
    async (request) => {
      const product = await productOf(db, request.params.id);
      return save(app, adminOf(request), { productId: product.productId }, product, request.body);
    },
  );
  app.delete(
    '/size-charts/product/:id',
    schemaOf("Drops a product's own size chart: its category's shows again"),
    async (request) => drop(app, adminOf(request), await productOf(db, request.params.id)),
  );
};
