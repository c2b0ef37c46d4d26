import { z } from 'zod';

/**
 * Size charts (issue 38, ADR 056): per size, the child's age in months, height in cm and weight in kg (to a tenth),
 * with the garment's chest and length in cm. A product's chart is its own, else its category's.
 */

/** The bounds the console and the size advice share (issue 38). */
export const SIZE_CHART_BOUNDS = {
  age_months: { min: 0, max: 144 },
  height_cm: { min: 40, max: 150 },
  weight_kg: { min: 2, max: 40 },
  /** A garment measure: chest or length. */
  garment_cm: { min: 1, max: 200 },
} as const;

const whole = (bounds: { min: number; max: number }, unit: string) =>
  z
    .number({ error: 'Give a number.' })
    .int({ error: `Give whole ${unit}.` })
    .min(bounds.min, { error: `At least ${bounds.min} ${unit}.` })
    .max(bounds.max, { error: `At most ${bounds.max} ${unit}.` });

const kilos = z
  .number({ error: 'Give a number.' })
  .min(SIZE_CHART_BOUNDS.weight_kg.min, { error: `At least ${SIZE_CHART_BOUNDS.weight_kg.min} kg.` })
  .max(SIZE_CHART_BOUNDS.weight_kg.max, { error: `At most ${SIZE_CHART_BOUNDS.weight_kg.max} kg.` })
  // The table keeps a tenth of a kilo (numeric(4,1)); a finer figure would be rounded without a word.
  .refine((kg) => Math.abs(kg * 10 - Math.round(kg * 10)) < 1e-6, { error: 'Give kilos to one decimal.' });

/** A chart's figures for one size, as the console sends them. */
export const SizeChartFigures = z.strictObject({
  age_min_months: whole(SIZE_CHART_BOUNDS.age_months, 'months'),
  age_max_months: whole(SIZE_CHART_BOUNDS.age_months, 'months'),
  height_min_cm: whole(SIZE_CHART_BOUNDS.height_cm, 'cm'),
  height_max_cm: whole(SIZE_CHART_BOUNDS.height_cm, 'cm'),
  weight_min_kg: kilos,
  weight_max_kg: kilos,
  chest_cm: whole(SIZE_CHART_BOUNDS.garment_cm, 'cm'),
  length_cm: whole(SIZE_CHART_BOUNDS.garment_cm, 'cm'),
});
export type SizeChartFigures = z.infer<typeof SizeChartFigures>;

/** A row as it is read: the size's id and label with its figures. */
export const SizeChartRow = SizeChartFigures.extend({ size_id: z.number().int(), size: z.string() });
export type SizeChartRow = z.infer<typeof SizeChartRow>;

/** The chart a product's page shows: its sizes only, in the sizes' order; null when neither it nor its category has one. */
export const ProductSizeChart = z.object({ rows: z.array(SizeChartRow) });
export type ProductSizeChart = z.infer<typeof ProductSizeChart>;

/** The ranges whose min must not pass their max; the error stands beside the max. */
export const SIZE_CHART_RANGES = [
  ['age_min_months', 'age_max_months'],
  ['height_min_cm', 'height_max_cm'],
  ['weight_min_kg', 'weight_max_kg'],
] as const;
