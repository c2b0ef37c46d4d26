import { formatRupees } from '#admin/lib/format.ts';

/**
 * One column of a report: what its table shows, what its CSV holds and what its chart draws all come from the same
 * `value`, so the three cannot disagree (ADR 055).
 */
export interface ReportColumn<Row> {
  label: string;
  value: (row: Row) => string | number | null;
  /** How the number is written: rupees, a 0–1 rate as a percent, a plain count, or text. */
  kind: 'rupees' | 'rate' | 'count' | 'number' | 'text';
  /** The API's sort of this column (products report), when the table can be sorted by it. */
  sortKey?: string;
}

const count = new Intl.NumberFormat('en-IN');
const decimal = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** A 0–1 rate as the table writes it: 0.125 → "12.5%". */
export function formatRate(rate: number): string {
  return `${decimal.format(rate * 100)}%`;
}

/** A cell as the table shows it; an empty rate or figure is a dash. */
export function cellText<Row>(column: ReportColumn<Row>, row: Row): string {
  const value = column.value(row);
  if (value === null) return '—';
  if (typeof value === 'string') return value;
  switch (column.kind) {
    case 'rupees':
      return formatRupees(value);
    case 'rate':
      return formatRate(value);
    case 'count':
      return count.format(value);
    default:
      return decimal.format(value);
  }
}

/**
 * A cell as the CSV holds it: plain numbers a spreadsheet reads (rupees to the paisa, rates in percent to a tenth),
 * nothing for an empty figure.
 */
export function csvValue<Row>(column: ReportColumn<Row>, row: Row): string {
  const value = column.value(row);
  if (value === null) return '';
  if (typeof value === 'string') return value;
  switch (column.kind) {
    case 'rupees':
      return value.toFixed(2);
    case 'rate':
      return String(Math.round(value * 1000) / 10);
    case 'number':
      return String(Math.round(value * 10) / 10);
    default:
      return String(value);
  }
}

/** The header a column has in the table and the CSV: "Revenue (₹)", "Conversion (%)". */
export function columnHeader<Row>(column: ReportColumn<Row>): string {
  if (column.kind === 'rupees') return `${column.label} (₹)`;
  if (column.kind === 'rate') return `${column.label} (%)`;
  return column.label;
}

/** A spreadsheet cell: quoted when it holds a comma, quote or line break; a leading = + - @ is defused. */
function csvCell(text: string): string {
  // A cell starting with these is run as a formula by spreadsheets (CSV injection): a product named "=HYPERLINK(…)".
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV of a report's rows: a header row, then a line per row, CRLF between lines as RFC 4180 says. */
export function toCsv<Row>(columns: ReportColumn<Row>[], rows: Row[]): string {
  const lines = [columns.map((column) => csvCell(columnHeader(column)))];
  for (const row of rows) lines.push(columns.map((column) => csvCell(csvValue(column, row))));
  return `${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}

/** The file a report downloads: kapaas-sales-2026-11-01-2026-11-30.csv. */
export function csvFileName(report: string, from: string, to: string): string {
  return `kapaas-${report}-${from}-${to}.csv`;
}

/** Hands a CSV built in the browser to the browser as a download (with a BOM, so Excel reads ₹ as UTF-8). */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
