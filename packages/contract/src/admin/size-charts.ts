import { z } from 'zod';
import { MAX_INT4 } from '../common';
import { SIZE_CHART_RANGES, SizeChartFigures, SizeChartRow } from '../size-charts';
import { adminItem } from './common';

/** A row the console saves: the size and its figures, each min no more than its max (the error beside the max). */
export const AdminSizeChartRowInput = SizeChartFigures.extend({
  size_id: z.number().int().positive().max(MAX_INT4),
}).superRefine((row, ctx) => {
  for (const [min, max] of SIZE_CHART_RANGES) {
    if (row[min] > row[max])
      ctx.addIssue({ code: 'custom', path: [max], message: 'Must not be less than the minimum.' });
  }
});

/** A chart as the console saves it: a row per size, each size once. */
export const AdminSizeChartPut = z.strictObject({
  rows: z
    .array(AdminSizeChartRowInput)
    .min(1, { error: 'Give at least one size.' })
    .max(60)
    .superRefine((rows, ctx) => {
      const seen = new Set<number>();
      rows.forEach((row, i) => {
        if (seen.has(row.size_id))
          ctx.addIssue({ code: 'custom', path: [i, 'size_id'], message: 'This size is already in the chart.' });
        seen.add(row.size_id);
      });
    }),
});
export type AdminSizeChartPut = z.infer<typeof AdminSizeChartPut>;

/**
 * A category's or a product's chart in the console. For a product, `source` says whose rows these are: its own
 * (`product`), its category's it falls back on (`category`), or none; `rows` are empty when there is no chart.
 */
export const AdminSizeChart = z.object({
  source: z.enum(['category', 'product', 'none']),
  /** The id of the chart whose rows these are (the audit log's resource_id), null with none. */
  chart_id: z.number().int().nullable(),
  category_id: z.number().int(),
  product_id: z.number().int().nullable(),
  rows: z.array(SizeChartRow),
  updated_at: z.string().nullable(),
});
export type AdminSizeChart = z.infer<typeof AdminSizeChart>;
export const AdminSizeChartAnswer = adminItem(AdminSizeChart);
export type AdminSizeChartAnswer = z.infer<typeof AdminSizeChartAnswer>;
