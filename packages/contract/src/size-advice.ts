import { z } from 'zod';
import { Id } from './common';

/**
 * "Find my size" (issue 38, ADR 057): POST /api/size_advice with what a parent knows of the child answers the size of
 * a product to choose, and why, from the product's size chart (ADR 056), its buyers' fit answers and its stock.
 */

/** The bounds of what a parent may give (issue 38); the charts' figures keep within the same. */
export const SIZE_ADVICE_BOUNDS = {
  age_months: { min: 0, max: 144 },
  height_cm: { min: 40, max: 150 },
  weight_kg: { min: 2, max: 40 },
} as const;

export const SIZE_ADVICE_NOTHING_GIVEN = "Give the child's age, height or weight.";

/** A figure to one decimal at most ("74.5"): a finer one is not measured at home. */
const oneDecimal = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6;

const measure = (bounds: { min: number; max: number }, unit: string, what: string) =>
  z
    .number({ error: `Give the ${what} as a number.` })
    .min(bounds.min, { error: `At least ${bounds.min} ${unit}.` })
    .max(bounds.max, { error: `At most ${bounds.max} ${unit}.` });

export const SizeAdviceRequest = z
  .strictObject({
    product_id: Id,
    /** The child's age in whole months (a birth month turns into one). */
    age_months: measure(SIZE_ADVICE_BOUNDS.age_months, 'months', 'age').int({ error: 'Give the age in whole months.' }),
    height_cm: measure(SIZE_ADVICE_BOUNDS.height_cm, 'cm', 'height').refine(oneDecimal, {
      error: 'Give the height to one decimal at most.',
    }),
    weight_kg: measure(SIZE_ADVICE_BOUNDS.weight_kg, 'kg', 'weight').refine(oneDecimal, {
      error: 'Give the weight to one decimal at most.',
    }),
  })
  .partial({ age_months: true, height_cm: true, weight_kg: true })
  .superRefine((body, ctx) => {
    if (body.age_months !== undefined || body.height_cm !== undefined || body.weight_kg !== undefined) return;
    // Beside each of the three fields: the form shows it by whichever the parent would fill in.
    for (const field of ['age_months', 'height_cm', 'weight_kg'] as const) {
      ctx.addIssue({ code: 'custom', path: [field], message: SIZE_ADVICE_NOTHING_GIVEN });
    }
  });
export type SizeAdviceRequest = z.input<typeof SizeAdviceRequest>;

/** What the advice went by: the strongest measure given (height beats weight, weight beats age). */
export const SizeAdviceMeasure = z.enum(['height', 'weight', 'age']);
/** High: a height inside one size; medium: a weight, or a height between two sizes; low: an age alone. */
export const SizeAdviceConfidence = z.enum(['high', 'medium', 'low']);

export const SizeAdviceAnswer = z.object({
  success: z.literal(true),
  /**
   * `size`: a size to choose (`size_id`); `out_of_chart`: the measure is smaller than the chart's smallest size or
   * bigger than its biggest, said rather than guessed; `not_made`: the chart's size is one this product is not made in.
   */
  outcome: z.enum(['size', 'out_of_chart', 'not_made']),
  /** The size to choose; null unless `outcome` is `size`. */
  size_id: z.number().int().nullable(),
  size_name: z.string().nullable(),
  confidence: SizeAdviceConfidence.nullable(),
  /** Why, in plain words: the chart's range, the buyers' fit, a sold-out size's Notify me, measures that disagree. */
  reason: z.string(),
  /** Other sizes worth a look, each with why: one in stock for a sold-out size, the chart's own before a shift. */
  alternatives: z.array(z.object({ size_id: z.number().int(), size_name: z.string(), reason: z.string() })),
  measure: SizeAdviceMeasure,
  /** The size named is sold out now: the product page offers its Notify me (stock_alert). */
  sold_out: z.boolean(),
  /**
   * The answer as recorded (ADR 060), to send back as add_cart's `advice_id` when the shopper adds the size named;
   * null when no size was named (`out_of_chart`, `not_made`). Nothing of the child is kept.
   */
  advice_id: z.number().int().nullable(),
});
export type SizeAdviceAnswer = z.infer<typeof SizeAdviceAnswer>;
