import type { ReviewSummary, SizeAdviceAnswer, SizeAdviceRequest } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import type { CatalogueView } from '../catalogue';
import { type AdviceRow, adviseSize, type SizeAdvice } from './advice';
import { recordAdvice } from './advices';
import { productSizeChart, type StoredChart } from './size-charts';

/**
 * The fit summary a product's page shows (the reviews module's fitSummaryOf), handed in by app.ts: the reviews module
 * reaches the catalogue, which reads the charts from this module, so importing it here would close a cycle.
 */
export type FitSummaryOf = (db: Queryable, productId: number) => Promise<ReviewSummary['fit']>;

export const NO_SIZE_CHART_MESSAGE = 'This product has no size chart yet, so we cannot suggest a size.';

/** The chart's rows in the sizes' order (the catalogue's), each with its size's label. */
function rowsInSizeOrder(chart: StoredChart, view: CatalogueView): AdviceRow[] {
  const bySize = new Map(chart.rows.map((row) => [row.size_id, row]));
  return view.sizeList.value.sizes.flatMap(({ size_id, size }) => {
    const row = bySize.get(size_id);
    return row ? [{ ...row, size }] : [];
  });
}

/**
 * The advice as the call answers it: a size only when there is one to choose, then recorded (ADR 060) so that the
 * add to cart can name it; an answer without a size is not, as there is nothing to buy by it.
 */
async function answerOf(db: Queryable, productId: number, advice: SizeAdvice): Promise<SizeAdviceAnswer> {
  const common = { success: true as const, reason: advice.reason, measure: advice.measure };
  if (advice.outcome !== 'size') {
    const none = { size_id: null, size_name: null, confidence: null, sold_out: false, advice_id: null };
    return { ...common, ...none, outcome: advice.outcome, alternatives: [] };
  }
  const { size_id, size_name, confidence, alternatives, sold_out } = advice;
  const advice_id = await recordAdvice(db, { productId, sizeId: size_id, confidence, basis: advice.measure });
  return { ...common, outcome: 'size', size_id, size_name, confidence, alternatives, sold_out, advice_id };
}

/**
 * size_advice (ADR 057): the product as the storefront shows it (404 otherwise), its chart (its own, else its
 * category's; 404 NO_SIZE_CHART without one), the fit summary its page shows (reviews) and the pieces free per size
 * (the catalogue's stock, as its page shows them), handed to the pure advice; an answer naming a size is recorded
 * (ADR 060). Anyone may ask.
 */
export async function sizeAdvice(
  deps: { db: Queryable; view: CatalogueView; fitSummaryOf: FitSummaryOf },
  request: z.output<typeof SizeAdviceRequest>,
): Promise<SizeAdviceAnswer> {
  const { db, view } = deps;
  const product = view.product(request.product_id);
  if (!product) throw notFound('Product');
  const chart = await productSizeChart(db, { productId: product.id, categoryId: product.categoryId });
  const rows = chart ? rowsInSizeOrder(chart, view) : [];
  if (rows.length === 0) throw new AppError('NOT_FOUND', NO_SIZE_CHART_MESSAGE, { code: 'NO_SIZE_CHART' });
  const available = new Map(product.stock.map((s) => [s.sizeId, Math.max(0, s.stock - s.reserved)]));
  const fit = await deps.fitSummaryOf(db, product.id);
  const { age_months, height_cm, weight_kg } = request;
  return answerOf(db, product.id, adviseSize({ rows, fit, available, child: { age_months, height_cm, weight_kg } }));
}
