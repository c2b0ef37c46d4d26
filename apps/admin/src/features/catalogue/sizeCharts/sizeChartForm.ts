import { type AdminSize, type AdminSizeChart, AdminSizeChartPut, type SizeChartFigures } from '@kapaas/contract';
import { numberOrEmpty } from '#admin/lib/forms.ts';

/** The figures of a row, in the table's order, with their column headings and units. */
export const FIGURES = [
  { name: 'age_min_months', label: 'Age from', unit: 'months', step: '1' },
  { name: 'age_max_months', label: 'Age to', unit: 'months', step: '1' },
  { name: 'height_min_cm', label: 'Height from', unit: 'cm', step: '1' },
  { name: 'height_max_cm', label: 'Height to', unit: 'cm', step: '1' },
  { name: 'weight_min_kg', label: 'Weight from', unit: 'kg', step: '0.1' },
  { name: 'weight_max_kg', label: 'Weight to', unit: 'kg', step: '0.1' },
  { name: 'chest_cm', label: 'Chest', unit: 'cm', step: '1' },
  { name: 'length_cm', label: 'Length', unit: 'cm', step: '1' },
] as const satisfies readonly { name: keyof SizeChartFigures; label: string; unit: string; step: string }[];

export type Figure = (typeof FIGURES)[number]['name'];
/** One size's row as typed: empty in every cell means the size is not in the chart. */
export type RowValues = { size_id: number; size: string } & Record<Figure, string>;
export interface ChartValues {
  rows: RowValues[];
}

/** A row per size of the shop, in the sizes' order, filled from the chart where it has the size. */
export function chartValues(sizes: readonly AdminSize[], chart: AdminSizeChart | undefined): ChartValues {
  const saved = new Map((chart?.rows ?? []).map((row) => [row.size_id, row]));
  return {
    rows: sizes.map((size) => {
      const row = saved.get(size.id);
      const cell = (name: Figure) => (row ? String(row[name]) : '');
      return {
        size_id: size.id,
        size: size.label,
        ...(Object.fromEntries(FIGURES.map(({ name }) => [name, cell(name)])) as Record<Figure, string>),
      };
    }),
  };
}

const isBlank = (row: RowValues) => FIGURES.every(({ name }) => row[name].trim() === '');

/** PUT's body: the rows with any figure typed (an empty cell among them is refused beside it), as numbers. */
export function chartBody(values: ChartValues): AdminSizeChartPut {
  return {
    rows: values.rows
      .filter((row) => !isBlank(row))
      .map((row) => ({
        size_id: row.size_id,
        ...(Object.fromEntries(FIGURES.map(({ name }) => [name, numberOrEmpty(row[name]) ?? Number.NaN])) as Record<
          Figure,
          number
        >),
      })),
  };
}

/**
 * A problem's field in the body (`rows.2.height_max_cm`, the third row sent) as the table's (`rows.5.height_max_cm`,
 * the sixth size shown): blank rows are not sent, so the numbers differ.
 */
export function fieldOfIn(values: () => ChartValues) {
  return (path: string): string => {
    const match = /^rows\.(\d+)\.(.+)$/.exec(path);
    if (!match) return path === 'rows' ? 'root.form' : path;
    const sent = values().rows.flatMap((row, index) => (isBlank(row) ? [] : [index]));
    const shown = sent[Number(match[1])];
    return shown === undefined ? 'root.form' : `rows.${shown}.${match[2]}`;
  };
}

export const chartSchema = AdminSizeChartPut;
