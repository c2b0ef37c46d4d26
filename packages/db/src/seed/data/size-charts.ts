/**
 * The demo shop's size charts (issue 38, ADR 056), derived in docs/size-charts.md: each size's height and weight
 * range runs from the WHO medians (boys and girls averaged) at the size's first month to those at its last, so
 * neighbouring sizes meet at a bound. Heights are whole cm, weights kg to a tenth, as the tables store them.
 */
import type { SizeLabel } from './types';

export interface SeedSizeChartRow {
  size: SizeLabel;
  ageMinMonths: number;
  ageMaxMonths: number;
  heightMinCm: number;
  heightMaxCm: number;
  weightMinKg: number;
  weightMaxKg: number;
  chestCm: number;
  /** The garment's length for tops, bodysuits, rompers and sets (shoulder to hem); see LENGTHS for the others. */
  lengthCm: number;
}

/** Rounded from the averaged medians in docs/size-charts.md (WHO 2006 standards to 60 months, WHO 2007 to 72). */
export const WHO_BASED_ROWS: readonly SeedSizeChartRow[] = [
  {
    size: '0-3M',
    ageMinMonths: 0,
    ageMaxMonths: 3,
    heightMinCm: 50,
    heightMaxCm: 61,
    weightMinKg: 3.3,
    weightMaxKg: 6.1,
    chestCm: 41,
    lengthCm: 36,
  },
  {
    size: '3-6M',
    ageMinMonths: 3,
    ageMaxMonths: 6,
    heightMinCm: 61,
    heightMaxCm: 67,
    weightMinKg: 6.1,
    weightMaxKg: 7.6,
    chestCm: 44,
    lengthCm: 38,
  },
  {
    size: '6-12M',
    ageMinMonths: 6,
    ageMaxMonths: 12,
    heightMinCm: 67,
    heightMaxCm: 75,
    weightMinKg: 7.6,
    weightMaxKg: 9.3,
    chestCm: 47,
    lengthCm: 41,
  },
  {
    size: '12-18M',
    ageMinMonths: 12,
    ageMaxMonths: 18,
    heightMinCm: 75,
    heightMaxCm: 82,
    weightMinKg: 9.3,
    weightMaxKg: 10.6,
    chestCm: 49,
    lengthCm: 43,
  },
  {
    size: '18-24M',
    ageMinMonths: 18,
    ageMaxMonths: 24,
    heightMinCm: 82,
    heightMaxCm: 87,
    weightMinKg: 10.6,
    weightMaxKg: 11.9,
    chestCm: 51,
    lengthCm: 45,
  },
  {
    size: '2-3Y',
    ageMinMonths: 24,
    ageMaxMonths: 36,
    heightMinCm: 87,
    heightMaxCm: 96,
    weightMinKg: 11.9,
    weightMaxKg: 14.1,
    chestCm: 53,
    lengthCm: 47,
  },
  {
    size: '3-4Y',
    ageMinMonths: 36,
    ageMaxMonths: 48,
    heightMinCm: 96,
    heightMaxCm: 103,
    weightMinKg: 14.1,
    weightMaxKg: 16.2,
    chestCm: 55,
    lengthCm: 50,
  },
  {
    size: '4-5Y',
    ageMinMonths: 48,
    ageMaxMonths: 60,
    heightMinCm: 103,
    heightMaxCm: 110,
    weightMinKg: 16.2,
    weightMaxKg: 18.3,
    chestCm: 57,
    lengthCm: 53,
  },
  {
    size: '5-6Y',
    ageMinMonths: 60,
    ageMaxMonths: 72,
    heightMinCm: 110,
    heightMaxCm: 116,
    weightMinKg: 18.3,
    weightMaxKg: 20.4,
    chestCm: 59,
    lengthCm: 56,
  },
];

/** Garment lengths by size where the category's pieces are not tops: a frock's shoulder to hem, a bottom's outseam. */
const LENGTHS: Record<'dresses' | 'bottoms', readonly number[]> = {
  dresses: [38, 41, 44, 47, 50, 53, 57, 61, 65],
  bottoms: [32, 35, 39, 43, 47, 52, 57, 62, 66],
};

const withLengths = (lengths: readonly number[]) =>
  WHO_BASED_ROWS.map((row, i) => ({ ...row, lengthCm: lengths[i] ?? row.lengthCm }));

/** A chart for each clothing category, by its slug; swaddles, blankets and bedding are sized by the piece, not the child. */
export const DEMO_SIZE_CHARTS: Record<string, readonly SeedSizeChartRow[]> = {
  'newborn-essentials': WHO_BASED_ROWS,
  'jhablas-tops': WHO_BASED_ROWS,
  'rompers-onesies': WHO_BASED_ROWS,
  sleepwear: WHO_BASED_ROWS,
  'sets-co-ords': WHO_BASED_ROWS,
  'bibs-accessories': WHO_BASED_ROWS,
  'dresses-frocks': withLengths(LENGTHS.dresses),
  bottoms: withLengths(LENGTHS.bottoms),
};
