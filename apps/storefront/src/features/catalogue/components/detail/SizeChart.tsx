import type { ProductSizeChart, SizeChartRow } from '@kapaas/contract';

/** "6–12 months", "2–3 years": whole years from 24 months, as the sizes are named. */
export function ageRange(row: Pick<SizeChartRow, 'age_min_months' | 'age_max_months'>): string {
  const { age_min_months: min, age_max_months: max } = row;
  if (min >= 24 && min % 12 === 0 && max % 12 === 0) return `${min / 12}–${max / 12} years`;
  return `${min}–${max} months`;
}

const CM_PER_INCH = 2.54;
const LB_PER_KG = 2.20462;
/** One decimal, without a trailing ".0". */
const tenth = (n: number) => String(Math.round(n * 10) / 10);

interface Units {
  caption: string;
  /** A length in the table's unit, as a figure without its unit. */
  length: (cm: number) => string;
  lengthUnit: string;
  weight: (kg: number) => string;
  weightUnit: string;
}

const METRIC: Units = {
  caption: 'In centimetres and kilograms',
  length: String,
  lengthUnit: 'cm',
  weight: String,
  weightUnit: 'kg',
};
const IMPERIAL: Units = {
  caption: 'In inches and pounds',
  length: (cm) => tenth(cm / CM_PER_INCH),
  lengthUnit: 'in',
  weight: (kg) => tenth(kg * LB_PER_KG),
  weightUnit: 'lb',
};

function ChartTable({ rows, units }: { rows: readonly SizeChartRow[]; units: Units }) {
  // "61–67 cm": the unit once, so that a phone shows more of the row.
  const range = (min: string, max: string, unit: string) => `${min}–${max} ${unit}`;
  const { length, lengthUnit, weight, weightUnit } = units;
  // On a phone the table scrolls sideways in its box: the box takes the keyboard's focus so that arrows scroll it too
  // (axe's scrollable-region-focusable), and is named by its caption.
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled.
    <section className="size-chart__scroll" tabIndex={0} aria-label={units.caption}>
      <table className="table table-sm size-chart__table">
        <caption>{units.caption}</caption>
        <thead>
          <tr>
            {['Size', 'Age', 'Height', 'Weight', 'Chest', 'Length'].map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.size_id}>
              <th scope="row">{row.size}</th>
              <td>{ageRange(row)}</td>
              <td>{range(length(row.height_min_cm), length(row.height_max_cm), lengthUnit)}</td>
              <td>{range(weight(row.weight_min_kg), weight(row.weight_max_kg), weightUnit)}</td>
              <td>{`${length(row.chest_cm)} ${lengthUnit}`}</td>
              <td>{`${length(row.length_cm)} ${lengthUnit}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The product's size chart (issue 38, ADR 056) behind "Size chart": a `<details>`, so it opens without JavaScript, and
 * the server sends it whole with the page. The child's age, height and weight each size is made for, and the garment's
 * chest and length, in centimetres and kilograms, then in inches and pounds. Loaded apart from the page's first files
 * (the product page's script is at its budget); its HTML comes with the page.
 */
export default function SizeChart({ chart }: { chart: ProductSizeChart }) {
  return (
    <details className="size-chart">
      <summary className="size-chart__open">Size chart</summary>
      <section className="size-chart__panel" aria-label="Size chart">
        <h2 className="size-chart__title">Size chart</h2>
        <p className="size-chart__note">
          The child each size is made for, and the garment laid flat: chest across both sides, length from shoulder to
          hem (a bottom's from waist to hem).
        </p>
        <ChartTable rows={chart.rows} units={METRIC} />
        <ChartTable rows={chart.rows} units={IMPERIAL} />
      </section>
    </details>
  );
}
