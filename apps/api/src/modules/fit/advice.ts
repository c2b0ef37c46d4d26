import type { ReviewSummary } from '@kapaas/contract';

/**
 * "Find my size" (issue 38, ADR 057): which size of a product to choose for a child, from the product's size chart,
 * what its buyers said of the fit, and its stock. Pure: the service reads the three and hands them over.
 */

/** What the advice went by: the strongest measure given (height beats weight, weight beats age). */
export type Measure = 'height' | 'weight' | 'age';
export type Confidence = 'high' | 'medium' | 'low';

/**
 * One size's row of the chart, named as the contract's SizeChartRow names it (`size` the label), in the sizes' order,
 * the smallest first. Ranges include both ends.
 */
export interface AdviceRow {
  size_id: number;
  size: string;
  age_min_months: number;
  age_max_months: number;
  height_min_cm: number;
  height_max_cm: number;
  weight_min_kg: number;
  weight_max_kg: number;
}

/** What the parent knows of the child; at least one of the three (the contract says so). */
export interface Child {
  age_months?: number;
  height_cm?: number;
  weight_kg?: number;
}

export interface AdviceInput {
  rows: readonly AdviceRow[];
  /** The fit summary the product page shows: null below FIT_SUMMARY_MIN_ANSWERS answers, else the most common. */
  fit: ReviewSummary['fit'];
  /** Pieces free now per size the product is sold in; a size of the chart missing here is not made in it. */
  available: ReadonlyMap<number, number>;
  child: Child;
}

export interface Alternative {
  size_id: number;
  size_name: string;
  reason: string;
}

export type SizeAdvice =
  | {
      outcome: 'size';
      size_id: number;
      size_name: string;
      confidence: Confidence;
      reason: string;
      alternatives: Alternative[];
      measure: Measure;
      /** The shift for the buyers' fit actually made: +1 a size up (runs small), -1 down (runs large), 0 none. */
      shift: -1 | 0 | 1;
      sold_out: boolean;
    }
  /** The measure is outside every size of the chart: said rather than guessed. */
  | { outcome: 'out_of_chart'; measure: Measure; side: 'smaller' | 'bigger'; reason: string; alternatives: [] }
  /** The chart's size for the child is one this product is not made in. */
  | { outcome: 'not_made'; measure: Measure; size_name: string; reason: string; alternatives: [] };

/** Where a measure falls in the chart. */
export type Placement =
  | { kind: 'inside'; index: number }
  /** In two or more sizes' ranges (a shared end): `index` the biggest, `smaller` the one below it. */
  | { kind: 'boundary'; index: number; smaller: number }
  /** In no size's range but between two: `index` the bigger, `smaller` the one below it. */
  | { kind: 'between'; index: number; smaller: number }
  | { kind: 'out'; side: 'smaller' | 'bigger' };

const MEASURES: readonly Measure[] = ['height', 'weight', 'age'];

function given(child: Child, measure: Measure): number | undefined {
  return measure === 'height' ? child.height_cm : measure === 'weight' ? child.weight_kg : child.age_months;
}

function rangeOf(row: AdviceRow, measure: Measure): [number, number] {
  if (measure === 'height') return [row.height_min_cm, row.height_max_cm];
  if (measure === 'weight') return [row.weight_min_kg, row.weight_max_kg];
  return [row.age_min_months, row.age_max_months];
}

/** Where `value` falls among the rows' ranges of `measure`; between two sizes, or in both, the bigger. */
export function place(rows: readonly AdviceRow[], measure: Measure, value: number): Placement {
  const ranges = rows.map((row) => rangeOf(row, measure));
  const inside = ranges.flatMap(([min, max], i) => (min <= value && value <= max ? [i] : []));
  const last = inside.at(-1);
  if (last !== undefined) {
    const smaller = inside.at(-2);
    return smaller === undefined ? { kind: 'inside', index: last } : { kind: 'boundary', index: last, smaller };
  }
  if (ranges.every(([min]) => value < min)) return { kind: 'out', side: 'smaller' };
  if (ranges.every(([, max]) => value > max)) return { kind: 'out', side: 'bigger' };
  // In a gap: the first size that starts above it is the bigger; the last one before it that ends below, the smaller.
  const index = ranges.findIndex(([min]) => min > value);
  const below = ranges.slice(0, index).findLastIndex(([, max]) => max < value);
  return { kind: 'between', index, smaller: below === -1 ? index : below };
}

const number = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** "74 cm", "8.5 kg", "1 month". */
function amount(measure: Measure, value: number): string {
  if (measure === 'height') return `${number.format(value)} cm`;
  if (measure === 'weight') return `${number.format(value)} kg`;
  return `${number.format(value)} ${value === 1 ? 'month' : 'months'}`;
}

/** "Height 74 cm", "Weight 8.5 kg", "Age 1 month". */
export function described(measure: Measure, value: number): string {
  return `${measure[0]?.toUpperCase()}${measure.slice(1)} ${amount(measure, value)}`;
}

/** The strongest measure the parent gave; the contract makes sure there is one. */
function strongest(child: Child): Measure {
  return MEASURES.find((m) => given(child, m) !== undefined) ?? 'age';
}

/** The size a placement points to: the bigger one between two. */
function pointed(placement: Placement): number | undefined {
  return placement.kind === 'out' ? undefined : placement.index;
}

/** What the chart says of the measure used, as the reason's first words. */
function placedWords(rows: readonly AdviceRow[], measure: Measure, value: number, placement: Placement): string {
  const said = described(measure, value);
  const name = (i: number) => rows[i]?.size ?? '';
  if (placement.kind === 'inside') return `${said} is in ${name(placement.index)}'s range`;
  if (placement.kind === 'boundary') {
    return `${said} is where ${name(placement.smaller)} ends and ${name(placement.index)} begins, so the bigger, ${name(placement.index)}`;
  }
  if (placement.kind === 'between') {
    return `${said} falls between ${name(placement.smaller)} and ${name(placement.index)}, so the bigger, ${name(placement.index)}`;
  }
  if (placement.side === 'smaller') {
    const first = rows.reduce((a, b) => (rangeOf(b, measure)[0] < rangeOf(a, measure)[0] ? b : a));
    return `${said} is below this chart: its smallest size, ${first.size}, starts at ${amount(measure, rangeOf(first, measure)[0])}`;
  }
  const last = rows.reduce((a, b) => (rangeOf(b, measure)[1] > rangeOf(a, measure)[1] ? b : a));
  return `${said} is above this chart: its biggest size, ${last.size}, ends at ${amount(measure, rangeOf(last, measure)[1])}`;
}

/** A sentence for each weaker measure given that points elsewhere than the one used. */
function disagreements(input: AdviceInput, used: Measure, index: number | undefined): string[] {
  const weaker = MEASURES.slice(MEASURES.indexOf(used) + 1);
  return weaker.flatMap((measure) => {
    const value = given(input.child, measure);
    if (value === undefined) return [];
    const placement = place(input.rows, measure, value);
    const other = pointed(placement);
    if (other === index) return [];
    const where =
      other === undefined
        ? `is ${placement.kind === 'out' && placement.side === 'smaller' ? 'below' : 'above'} this chart`
        : `points to ${input.rows[other]?.size}`;
    return [`${described(measure, value)} ${where}, but ${used} is the surer guide.`];
  });
}

/** Whether the product is made in the chart's size at `index`, and how many pieces of it are free. */
function stockAt(input: AdviceInput, index: number): { made: boolean; free: number } {
  const row = input.rows[index];
  const free = row === undefined ? undefined : input.available.get(row.size_id);
  return { made: free !== undefined, free: free ?? 0 };
}

/** The size after the buyers' fit: one up when most say it runs small, one down when large, where there is one. */
function shifted(input: AdviceInput, base: number): { index: number; shift: -1 | 0 | 1; words: string } {
  const most = input.fit?.most;
  if (most !== 'runs_small' && most !== 'runs_large') return { index: base, shift: 0, words: '' };
  const name = (i: number) => input.rows[i]?.size ?? '';
  const small = most === 'runs_small';
  const said = `most buyers say this runs ${small ? 'small' : 'large'}`;
  const next = small ? base + 1 : base - 1;
  if (next < 0 || next >= input.rows.length) {
    return {
      index: base,
      shift: 0,
      words: `; ${said}, but ${name(base)} is this chart's ${small ? 'biggest' : 'smallest'} size`,
    };
  }
  if (!stockAt(input, next).made && stockAt(input, base).made) {
    return { index: base, shift: 0, words: `; ${said}, but this product is not made in ${name(next)}` };
  }
  const words = small ? `so ${name(next)} leaves room to grow` : `so ${name(next)} should fit`;
  return { index: next, shift: small ? 1 : -1, words: `; ${said}, ${words}` };
}

/** The size nearest `target` the product is made in with pieces free: the bigger first (room to grow). */
function nearestInStock(input: AdviceInput, target: number): number | undefined {
  for (let d = 1; d < input.rows.length; d += 1) {
    for (const index of [target + d, target - d]) {
      const stock = stockAt(input, index);
      if (stock.made && stock.free > 0) return index;
    }
  }
  return undefined;
}

/** The other sizes worth a look: an in-stock one for a sold-out advice, the chart's own before a shift, the smaller of two. */
function alternativesFor(
  input: AdviceInput,
  placement: Placement,
  base: number,
  target: { index: number; sold_out: boolean },
): Alternative[] {
  const list: Alternative[] = [];
  const add = (index: number, reason: string) => {
    const row = input.rows[index];
    const stock = stockAt(input, index);
    if (!row || index === target.index || !stock.made || list.some((a) => a.size_id === row.size_id)) return;
    list.push({
      size_id: row.size_id,
      size_name: row.size,
      reason: stock.free > 0 ? reason : `${reason} (sold out now)`,
    });
  };
  const stocked = target.sold_out ? nearestInStock(input, target.index) : undefined;
  if (stocked !== undefined) {
    const d = Math.abs(stocked - target.index);
    const way = stocked > target.index ? 'bigger' : 'smaller';
    add(stocked, `In stock now, ${d === 1 ? 'one size' : `${d} sizes`} ${way} than ${input.rows[target.index]?.size}`);
  }
  if (base !== target.index) {
    const fit = base < target.index ? 'closely' : 'loosely';
    add(base, `The chart's size for the ${strongest(input.child)} given, if you would rather it fit ${fit}`);
  }
  if (placement.kind === 'boundary' || placement.kind === 'between') {
    add(placement.smaller, 'The smaller of the two sizes: a closer fit now, outgrown sooner');
  }
  return list;
}

/** High for a height inside one size; medium for a weight, or a height between two sizes; low for an age alone. */
export function confidenceOf(measure: Measure, placement: Placement): Confidence {
  if (measure === 'age') return 'low';
  return measure === 'height' && placement.kind === 'inside' ? 'high' : 'medium';
}

/** The size to choose for the child, with the reason in plain words; or why there is none (ADR 057). */
export function adviseSize(input: AdviceInput): SizeAdvice {
  const measure = strongest(input.child);
  const value = given(input.child, measure) ?? 0;
  const placement = place(input.rows, measure, value);
  const words = placedWords(input.rows, measure, value, placement);
  const others = disagreements(input, measure, pointed(placement));
  if (placement.kind === 'out') {
    const reason = [`${words}, so we would rather not guess a size.`, ...others].join(' ');
    return { outcome: 'out_of_chart', measure, side: placement.side, reason, alternatives: [] };
  }
  const { index, shift, words: shiftWords } = shifted(input, placement.index);
  const row = input.rows[index];
  const stock = stockAt(input, index);
  if (!row || !stock.made) {
    const reason = [`${words}${shiftWords}, and this product is not made in ${row?.size}.`, ...others].join(' ');
    return { outcome: 'not_made', measure, size_name: row?.size ?? '', reason, alternatives: [] };
  }
  const sold_out = stock.free <= 0;
  const alternatives = alternativesFor(input, placement, placement.index, { index, sold_out });
  const notify = sold_out ? [`${row.size} is sold out now: choose Notify me to hear when it is back.`] : [];
  const reason = [`${words}${shiftWords}.`, ...notify, ...others].join(' ');
  const confidence = confidenceOf(measure, placement);
  return {
    outcome: 'size',
    size_id: row.size_id,
    size_name: row.size,
    confidence,
    reason,
    alternatives,
    measure,
    shift,
    sold_out,
  };
}
