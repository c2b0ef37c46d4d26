import { describe, expect, it } from 'vitest';
import { cellText, csvFileName, type ReportColumn, toCsv } from './columns';

interface Row {
  name: string;
  revenue: number;
  rate: number | null;
  units: number;
}

const COLUMNS: ReportColumn<Row>[] = [
  { label: 'Product', kind: 'text', value: (row) => row.name },
  { label: 'Revenue', kind: 'rupees', value: (row) => row.revenue },
  { label: 'Return rate', kind: 'rate', value: (row) => row.rate },
  { label: 'Units', kind: 'count', value: (row) => row.units },
];

describe('a report’s CSV', () => {
  it('has a header row naming the units, then plain numbers a spreadsheet reads, lines ended by CRLF', () => {
    const rows: Row[] = [
      { name: 'Mulmul Jhabla', revenue: 150000, rate: 1 / 3, units: 1200 },
      { name: 'Gift box', revenue: -654.5, rate: null, units: 0 },
    ];
    expect(toCsv(COLUMNS, rows)).toBe(
      'Product,Revenue (₹),Return rate (%),Units\r\nMulmul Jhabla,150000.00,33.3,1200\r\nGift box,-654.50,,0\r\n',
    );
    expect(rows.map((row) => COLUMNS.map((column) => cellText(column, row)))).toEqual([
      ['Mulmul Jhabla', '₹1,50,000', '33.3%', '1,200'],
      ['Gift box', '-₹654.5', '—', '0'],
    ]);
  });

  it('quotes commas, quotes and line breaks, and defuses a name a spreadsheet would run as a formula', () => {
    const rows: Row[] = [
      { name: 'Frock, "Gulmohar"', revenue: 1, rate: 0, units: 1 },
      { name: 'Two\nlines', revenue: 1, rate: 0, units: 1 },
      { name: '=HYPERLINK("http://x")', revenue: 1, rate: 0, units: 1 },
      { name: '@SUM(A1)', revenue: 1, rate: 0, units: 1 },
    ];
    const lines = toCsv(COLUMNS, rows).split('\r\n');
    expect(lines[1]).toBe('"Frock, ""Gulmohar""",1.00,0,1');
    expect(lines[2]).toBe('"Two\nlines",1.00,0,1');
    expect(lines[3]).toBe(`"'=HYPERLINK(""http://x"")",1.00,0,1`);
    expect(lines[4]).toBe("'@SUM(A1),1.00,0,1");
  });

  it('is named after the report and its period', () => {
    expect(csvFileName('sales', '2026-11-01', '2026-11-30')).toBe('kapaas-sales-2026-11-01-2026-11-30.csv');
  });
});
