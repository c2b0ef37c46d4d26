import type { ReviewSummary } from '@kapaas/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AdviceInput, type AdviceRow, adviseSize, type Child, type Measure } from './advice';

/** A chart like the demo shop's first five sizes: shared ends for ages, a gap of a centimetre between 3-6M and 6-12M. */
const CHART: AdviceRow[] = [
  row(1, '0-3M', [0, 3], [50, 61], [3, 6]),
  row(2, '3-6M', [3, 6], [61, 67], [6, 7.5]),
  row(3, '6-12M', [6, 12], [68, 76], [7.6, 9.9]),
  row(4, '12-18M', [12, 18], [77, 82], [10, 11]),
  row(5, '18-24M', [18, 24], [83, 88], [11.1, 12.5]),
];

function row(id: number, size: string, age: number[], height: number[], weight: number[]): AdviceRow {
  return {
    size_id: id,
    size,
    age_min_months: age[0] ?? 0,
    age_max_months: age[1] ?? 0,
    height_min_cm: height[0] ?? 0,
    height_max_cm: height[1] ?? 0,
    weight_min_kg: weight[0] ?? 0,
    weight_max_kg: weight[1] ?? 0,
  };
}

/** The fit summary the product page shows once enough buyers answered (summaryOf's shape). */
function fitOf(counts: { runs_small: number; true_to_size: number; runs_large: number }): ReviewSummary['fit'] {
  const { runs_small: small, true_to_size: exact, runs_large: large } = counts;
  const most = exact >= small && exact >= large ? 'true_to_size' : small > large ? 'runs_small' : 'runs_large';
  return { most, answers: small + exact + large, ...counts };
}

const ALL_IN_STOCK = new Map(CHART.map((r) => [r.size_id, 5]));

function advise(child: Child, options: Partial<Omit<AdviceInput, 'child'>> = {}) {
  return adviseSize({ rows: CHART, fit: null, available: ALL_IN_STOCK, ...options, child });
}

describe('adviseSize on a fixture chart', () => {
  it('gives 3-6M for a child of 4 months, with low confidence: an age alone', () => {
    const advice = advise({ age_months: 4 });
    expect(advice).toMatchObject({ outcome: 'size', size_name: '3-6M', confidence: 'low', measure: 'age', shift: 0 });
    expect(advice.reason).toBe("Age 4 months is in 3-6M's range.");
  });

  it('shifts 74 cm one size up when most buyers say the product runs small, and says so', () => {
    const advice = advise({ height_cm: 74 }, { fit: fitOf({ runs_small: 4, true_to_size: 1, runs_large: 0 }) });
    expect(advice).toMatchObject({ outcome: 'size', size_id: 4, size_name: '12-18M', confidence: 'high', shift: 1 });
    expect(advice.reason).toBe(
      "Height 74 cm is in 6-12M's range; most buyers say this runs small, so 12-18M leaves room to grow.",
    );
    expect(advice.alternatives).toEqual([
      {
        size_id: 3,
        size_name: '6-12M',
        reason: "The chart's size for the height given, if you would rather it fit closely",
      },
    ]);
  });

  it('shifts one size down when most say it runs large, and not at all when most say true to size', () => {
    const large = advise({ height_cm: 74 }, { fit: fitOf({ runs_small: 0, true_to_size: 1, runs_large: 3 }) });
    expect(large).toMatchObject({ size_name: '3-6M', shift: -1 });
    expect(large.reason).toContain('most buyers say this runs large, so 3-6M should fit');
    const exact = advise({ height_cm: 74 }, { fit: fitOf({ runs_small: 2, true_to_size: 2, runs_large: 0 }) });
    expect(exact).toMatchObject({ size_name: '6-12M', shift: 0 });
  });

  it('keeps the biggest size when the product runs small and there is none bigger, and says why', () => {
    const advice = advise({ height_cm: 85 }, { fit: fitOf({ runs_small: 3, true_to_size: 0, runs_large: 0 }) });
    expect(advice).toMatchObject({ size_name: '18-24M', shift: 0 });
    expect(advice.reason).toContain("most buyers say this runs small, but 18-24M is this chart's biggest size");
  });

  it('takes the bigger of two sizes when the height is on their shared end, naming the smaller as an alternative', () => {
    const advice = advise({ height_cm: 61 });
    expect(advice).toMatchObject({ outcome: 'size', size_name: '3-6M', confidence: 'medium' });
    expect(advice.reason).toBe('Height 61 cm is where 0-3M ends and 3-6M begins, so the bigger, 3-6M.');
    expect(advice.alternatives.map((a) => a.size_name)).toEqual(['0-3M']);
  });

  it('takes the bigger of two sizes when the height falls in the gap between them', () => {
    const advice = advise({ height_cm: 67.5 });
    expect(advice).toMatchObject({ outcome: 'size', size_name: '6-12M', confidence: 'medium' });
    expect(advice.reason).toBe('Height 67.5 cm falls between 3-6M and 6-12M, so the bigger, 6-12M.');
  });

  it('says a measure is out of the chart rather than guess, below or above it', () => {
    expect(advise({ height_cm: 45 })).toEqual({
      outcome: 'out_of_chart',
      measure: 'height',
      side: 'smaller',
      reason:
        'Height 45 cm is below this chart: its smallest size, 0-3M, starts at 50 cm, so we would rather not guess a size.',
      alternatives: [],
    });
    const above = advise({ age_months: 30 });
    expect(above).toMatchObject({ outcome: 'out_of_chart', side: 'bigger' });
    expect(above.reason).toBe(
      'Age 30 months is above this chart: its biggest size, 18-24M, ends at 24 months, so we would rather not guess a size.',
    );
  });

  it('goes by the weight when it is all there is, with medium confidence', () => {
    const advice = advise({ weight_kg: 8.5 });
    expect(advice).toMatchObject({ outcome: 'size', size_name: '6-12M', confidence: 'medium', measure: 'weight' });
    expect(advice.reason).toBe("Weight 8.5 kg is in 6-12M's range.");
  });

  it('goes by the height over the weight and the age, and says when they point elsewhere', () => {
    const advice = advise({ height_cm: 74, weight_kg: 7, age_months: 30 });
    expect(advice).toMatchObject({ size_name: '6-12M', measure: 'height', confidence: 'high' });
    expect(advice.reason).toBe(
      "Height 74 cm is in 6-12M's range. Weight 7 kg points to 3-6M, but height is the surer guide. " +
        'Age 30 months is above this chart, but height is the surer guide.',
    );
    const agreeing = advise({ weight_kg: 8, age_months: 8 });
    expect(agreeing).toMatchObject({
      size_name: '6-12M',
      measure: 'weight',
      reason: "Weight 8 kg is in 6-12M's range.",
    });
  });

  it('still names a sold-out size, with Notify me, and offers the nearest one in stock', () => {
    const available = new Map([...ALL_IN_STOCK, [3, 0]]);
    const advice = advise({ height_cm: 74 }, { available });
    expect(advice).toMatchObject({ outcome: 'size', size_id: 3, size_name: '6-12M', sold_out: true });
    expect(advice.reason).toBe(
      "Height 74 cm is in 6-12M's range. 6-12M is sold out now: choose Notify me to hear when it is back.",
    );
    expect(advice.alternatives).toEqual([
      { size_id: 4, size_name: '12-18M', reason: 'In stock now, one size bigger than 6-12M' },
    ]);
  });

  it('offers a smaller size in stock when none bigger is, and says when an alternative is sold out too', () => {
    const available = new Map([
      [2, 0],
      [3, 0],
      [4, 0],
      [1, 2],
    ]);
    const advice = advise(
      { height_cm: 74 },
      { available, fit: fitOf({ runs_small: 3, true_to_size: 0, runs_large: 0 }) },
    );
    expect(advice).toMatchObject({ size_name: '12-18M', sold_out: true });
    expect(advice.alternatives).toEqual([
      { size_id: 1, size_name: '0-3M', reason: 'In stock now, 3 sizes smaller than 12-18M' },
      {
        size_id: 3,
        size_name: '6-12M',
        reason: "The chart's size for the height given, if you would rather it fit closely (sold out now)",
      },
    ]);
  });

  it('says when the chart points to a size the product is not made in', () => {
    const available = new Map([
      [1, 3],
      [2, 3],
    ]);
    const advice = advise({ height_cm: 74 }, { available });
    expect(advice).toMatchObject({ outcome: 'not_made', size_name: '6-12M' });
    expect(advice.reason).toBe("Height 74 cm is in 6-12M's range, and this product is not made in 6-12M.");
  });

  it('does not shift to a size the product is not made in', () => {
    const available = new Map([[3, 3]]);
    const advice = advise(
      { height_cm: 74 },
      { available, fit: fitOf({ runs_small: 3, true_to_size: 0, runs_large: 0 }) },
    );
    expect(advice).toMatchObject({ outcome: 'size', size_name: '6-12M', shift: 0 });
    expect(advice.reason).toContain('most buyers say this runs small, but this product is not made in 12-18M');
  });
});

/** A chart of 1–8 sizes whose ranges climb, each measure's next size starting where the last ended, 1 after, or 2. */
const chartArbitrary = fc.integer({ min: 1, max: 8 }).chain((n) => {
  const climb = (start: number, widthMax: number) =>
    fc
      .array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: widthMax })), {
        minLength: n,
        maxLength: n,
      })
      .map((steps) => {
        let end = start - 1;
        return steps.map(([gap, width], i) => {
          const min = i === 0 ? start : end + gap;
          end = min + width;
          return [min, end];
        });
      });
  return fc
    .tuple(climb(0, 12), climb(45, 10), climb(3, 3))
    .map(([ages, heights, weights]) =>
      ages.map((age, i) => row(i + 1, `S${i + 1}`, age, heights[i] ?? [], weights[i] ?? [])),
    );
});

const tenths = (min: number, max: number) => fc.integer({ min: min * 10, max: max * 10 }).map((t) => t / 10);
const childArbitrary = fc
  .record(
    { age_months: fc.integer({ min: 0, max: 144 }), height_cm: tenths(40, 150), weight_kg: tenths(2, 40) },
    { requiredKeys: [] },
  )
  .filter((c) => Object.keys(c).length > 0);

const fitArbitrary = fc.option(
  fc.constantFrom(...(['runs_small', 'true_to_size', 'runs_large'] as const)).map((most) => ({
    most,
    answers: 3,
    runs_small: most === 'runs_small' ? 3 : 0,
    true_to_size: most === 'true_to_size' ? 3 : 0,
    runs_large: most === 'runs_large' ? 3 : 0,
  })),
);

const rangeOf = (r: AdviceRow, m: Measure): [number, number] =>
  m === 'height'
    ? [r.height_min_cm, r.height_max_cm]
    : m === 'weight'
      ? [r.weight_min_kg, r.weight_max_kg]
      : [r.age_min_months, r.age_max_months];
const measureOf = (c: Child): Measure =>
  c.height_cm !== undefined ? 'height' : c.weight_kg !== undefined ? 'weight' : 'age';
const measured = (c: Child, m: Measure) => (m === 'height' ? c.height_cm : m === 'weight' ? c.weight_kg : c.age_months);

describe('adviseSize, a property', () => {
  it('names a size whose range holds the measure used (before the shift it states), or says why not', () => {
    fc.assert(
      fc.property(
        chartArbitrary,
        childArbitrary,
        fitArbitrary,
        fc.array(fc.option(fc.integer({ min: 0, max: 3 })), { minLength: 8, maxLength: 8 }),
        (rows, child, fit, stock) => {
          const available = new Map(rows.flatMap((r, i) => (stock[i] === null ? [] : [[r.size_id, stock[i] ?? 0]])));
          const advice = adviseSize({ rows, child, fit, available });
          const measure = measureOf(child);
          const value = measured(child, measure) ?? Number.NaN;
          const ranges = rows.map((r) => rangeOf(r, measure));
          expect(advice.measure).toBe(measure);
          if (advice.outcome === 'out_of_chart') {
            expect(advice.reason).toContain('so we would rather not guess a size');
            if (advice.side === 'smaller') expect(ranges.every(([min]) => value < min)).toBe(true);
            else expect(ranges.every(([, max]) => value > max)).toBe(true);
            return;
          }
          if (advice.outcome === 'not_made') {
            expect(advice.reason).toContain(`this product is not made in ${advice.size_name}`);
            return;
          }
          const index = rows.findIndex((r) => r.size_id === advice.size_id);
          expect(available.has(advice.size_id)).toBe(true);
          if (advice.shift !== 0) {
            expect(advice.reason).toContain(`most buyers say this runs ${advice.shift === 1 ? 'small' : 'large'}`);
          } else {
            expect(advice.reason).not.toMatch(/, so \S+ (leaves room to grow|should fit)/);
          }
          if (advice.sold_out) expect(advice.reason).toContain('Notify me');
          const base = index - advice.shift;
          const [min, max] = ranges[base] ?? [Number.NaN, Number.NaN];
          // The bigger of two: no later size holds the measure.
          expect(ranges.slice(base + 1).some(([lo, hi]) => lo <= value && value <= hi)).toBe(false);
          if (min <= value && value <= max) return;
          // Or it falls in the gap before that size, and the reason says so.
          expect(advice.reason).toContain('falls between');
          expect(value < min && ranges.slice(0, base).every(([, hi]) => hi < value)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
