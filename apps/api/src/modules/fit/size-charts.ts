import type { SizeChartFigures } from '@kapaas/contract';
import { asc, eq, type Queryable, sizeChartRows, sizeCharts } from '@kapaas/db';

/**
 * Size charts (issue 38, ADR 056): a category's, or a product's own that overrides it. The fit module alone writes
 * them; the console saves a whole chart at once (its rows replaced), and the catalogue holds them all in memory to
 * show a product's chart on its page.
 */

/** Whose chart: a category's, or one product's own. */
export type ChartOwner = { categoryId: number } | { productId: number };

/** A chart's row: the size's id and its figures, as the contract names them. */
export type ChartRow = SizeChartFigures & { size_id: number };

export interface StoredChart {
  id: number;
  categoryId: number | null;
  productId: number | null;
  updatedAt: Date;
  rows: ChartRow[];
}

const rowOf = (r: typeof sizeChartRows.$inferSelect): ChartRow => ({
  size_id: r.sizeId,
  age_min_months: r.ageMinMonths,
  age_max_months: r.ageMaxMonths,
  height_min_cm: r.heightMinCm,
  height_max_cm: r.heightMaxCm,
  weight_min_kg: r.weightMinKg,
  weight_max_kg: r.weightMaxKg,
  chest_cm: r.chestCm,
  length_cm: r.lengthCm,
});

const ownerColumn = (owner: ChartOwner) =>
  'categoryId' in owner ? eq(sizeCharts.categoryId, owner.categoryId) : eq(sizeCharts.productId, owner.productId);

/** Every chart with its rows (in no particular order of sizes: readers order them by the sizes' order). */
export async function loadSizeCharts(db: Queryable): Promise<StoredChart[]> {
  const charts = await db.select().from(sizeCharts).orderBy(asc(sizeCharts.id));
  const rows = await db.select().from(sizeChartRows);
  const byChart = new Map<number, ChartRow[]>();
  for (const r of rows) byChart.set(r.chartId, [...(byChart.get(r.chartId) ?? []), rowOf(r)]);
  return charts.map((c) => ({ ...c, rows: byChart.get(c.id) ?? [] }));
}

/** One category's or product's own chart, or null. */
export async function sizeChartOf(db: Queryable, owner: ChartOwner): Promise<StoredChart | null> {
  const [chart] = await db.select().from(sizeCharts).where(ownerColumn(owner));
  if (!chart) return null;
  const rows = await db.select().from(sizeChartRows).where(eq(sizeChartRows.chartId, chart.id));
  return { ...chart, rows: rows.map(rowOf) };
}

/** A product's chart: its own, else its category's, else null (ADR 056). */
export async function productSizeChart(
  db: Queryable,
  product: { productId: number; categoryId: number },
): Promise<StoredChart | null> {
  return (
    (await sizeChartOf(db, { productId: product.productId })) ??
    (await sizeChartOf(db, { categoryId: product.categoryId }))
  );
}

/**
 * Saves a whole chart: made if the category or product had none, its rows replaced by these. The rows' sizes must
 * exist (the caller checks them, to answer beside the field rather than with a foreign key's error).
 */
export async function saveSizeChart(tx: Queryable, owner: ChartOwner, rows: readonly ChartRow[]): Promise<StoredChart> {
  const now = new Date();
  const target = 'categoryId' in owner ? sizeCharts.categoryId : sizeCharts.productId;
  const [chart] = await tx
    .insert(sizeCharts)
    .values({ ...owner, updatedAt: now })
    .onConflictDoUpdate({ target, set: { updatedAt: now } })
    .returning();
  if (!chart) throw new Error('size chart not saved');
  await tx.delete(sizeChartRows).where(eq(sizeChartRows.chartId, chart.id));
  await tx.insert(sizeChartRows).values(
    rows.map((r) => ({
      chartId: chart.id,
      sizeId: r.size_id,
      ageMinMonths: r.age_min_months,
      ageMaxMonths: r.age_max_months,
      heightMinCm: r.height_min_cm,
      heightMaxCm: r.height_max_cm,
      weightMinKg: r.weight_min_kg,
      weightMaxKg: r.weight_max_kg,
      chestCm: r.chest_cm,
      lengthCm: r.length_cm,
    })),
  );
  return { ...chart, rows: [...rows] };
}

/** Drops a product's own chart (its category's shows again); the chart dropped, or null when it had none. */
export async function dropProductSizeChart(tx: Queryable, productId: number): Promise<StoredChart | null> {
  const before = await sizeChartOf(tx, { productId });
  if (before) await tx.delete(sizeCharts).where(eq(sizeCharts.id, before.id));
  return before;
}
