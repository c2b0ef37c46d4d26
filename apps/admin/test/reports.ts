import type {
  CouponsReport,
  PaymentsReport,
  ProductReportRow,
  ProductsReport,
  ReturnsReport,
  SalesReport,
  StockReport,
  TaxReport,
} from '@kapaas/contract';
import { expect } from 'vitest';

/** The answers of /admin/api/reports/*, built on the contract's types (packages/contract/src/admin/reports.ts). */
const periods = { from: '2026-11-23', to: '2026-11-29', previous_from: '2026-11-16', previous_to: '2026-11-22' };

export const salesReport: SalesReport = {
  ...periods,
  interval: 'day',
  totals: {
    revenue: 12345.5,
    gross: 13000,
    refunds: 654.5,
    orders: 20,
    units: 31,
    aov: 650,
    new_customers: 12,
    returning_customers: 8,
  },
  previous: {
    revenue: 11000,
    gross: 11000,
    refunds: 0,
    orders: 25,
    units: 31,
    aov: 440,
    new_customers: 0,
    returning_customers: 8,
  },
  series: [
    { date: '2026-11-23', revenue: 5000, orders: 8, units: 12 },
    { date: '2026-11-24', revenue: 0, orders: 0, units: 0 },
    { date: '2026-11-25', revenue: 7345.5, orders: 12, units: 19 },
  ],
};

export const noSales: SalesReport = {
  ...salesReport,
  totals: {
    ...salesReport.totals,
    revenue: 0,
    gross: 0,
    refunds: 0,
    orders: 0,
    units: 0,
    aov: 0,
    new_customers: 0,
    returning_customers: 0,
  },
  series: salesReport.series.map((point) => ({ ...point, revenue: 0, orders: 0, units: 0 })),
};

export const paymentsReport: PaymentsReport = {
  ...periods,
  totals: { orders: 10, prepaid_orders: 6, cod_orders: 4, prepaid_revenue: 6000, cod_revenue: 3200.5, cod_share: 0.4 },
  previous: { orders: 8, prepaid_orders: 4, cod_orders: 4, prepaid_revenue: 4000, cod_revenue: 3000, cod_share: 0.5 },
  methods: [
    { paid_by: 'upi', label: 'UPI', orders: 5, revenue: 5000 },
    { paid_by: 'cod', label: 'Cash on delivery', orders: 4, revenue: 3200.5 },
    { paid_by: null, label: 'Not recorded', orders: 1, revenue: 1000 },
  ],
  rto: {
    shipped: 5,
    rto: 2,
    rto_rate: 0.4,
    by_state: [
      { name: 'Kerala', shipped: 3, rto: 1, rto_rate: 1 / 3 },
      { name: 'Tamil Nadu', shipped: 2, rto: 1, rto_rate: 0.5 },
    ],
    by_zone: [{ name: 'South', shipped: 5, rto: 2, rto_rate: 0.4 }],
  },
  cod_to_collect: { orders: 3, amount: 2450 },
};

export function productRow(overrides: Partial<ProductReportRow>): ProductReportRow {
  return {
    product_id: 7,
    name: 'Mulmul Jhabla',
    category: 'Newborn Essentials',
    views: 200,
    add_to_carts: 30,
    checkouts: 12,
    orders: 10,
    units: 14,
    revenue: 7686,
    conversion: 0.05,
    returns: 2,
    exchanges: 1,
    return_rate: 2 / 14,
    rating: 4.5,
    fit: { runs_small: 3, true_to_size: 10, runs_large: 1 },
    ...overrides,
  };
}

export const productsReport: ProductsReport = {
  ...periods,
  by: 'product',
  rows: [
    productRow({}),
    productRow({
      product_id: 9,
      name: 'Frock, "Gulmohar"',
      category: 'Dresses & Frocks',
      views: 0,
      conversion: null,
      rating: null,
      return_rate: null,
      fit: { runs_small: 0, true_to_size: 0, runs_large: 0 },
    }),
  ],
  page: 1,
  per_page: 25,
  total: 30,
};

export const returnsReport: ReturnsReport = {
  ...periods,
  totals: { returns: 4, exchanges: 2, units: 7, sold_units: 70, return_rate: 0.1 },
  previous: { returns: 2, exchanges: 2, units: 4, sold_units: 50, return_rate: 0.08 },
  by_reason: [
    { reason: 'too_small', label: 'Too small', returns: 3, exchanges: 1, units: 5 },
    { reason: 'damaged', label: 'Damaged', returns: 1, exchanges: 1, units: 2 },
  ],
  by_size: [
    { size: '0-3M', sold_units: 40, returned_units: 5, too_small: 4, too_big: 0, return_rate: 0.125 },
    { size: '3-6M', sold_units: 30, returned_units: 2, too_small: 0, too_big: 1, return_rate: 2 / 30 },
  ],
  runs_small: [
    { product_id: 7, name: 'Mulmul Jhabla', sold_units: 20, too_small: 4, too_small_share: 0.2, fit_runs_small: 3 },
  ],
};

export const stockReport: StockReport = {
  from: '2026-11-23',
  to: '2026-11-29',
  rows: [
    {
      product_id: 7,
      name: 'Mulmul Jhabla',
      size: '0-3M',
      stock: 0,
      sold: 9,
      sell_through: 1,
      days_of_cover: 0,
      sold_out: true,
      selling_out: false,
    },
    {
      product_id: 7,
      name: 'Mulmul Jhabla',
      size: '3-6M',
      stock: 5,
      sold: 7,
      sell_through: 7 / 12,
      days_of_cover: 5,
      sold_out: false,
      selling_out: true,
    },
    {
      product_id: 9,
      name: 'Gulmohar Frock',
      size: '1-2Y',
      stock: 40,
      sold: 0,
      sell_through: 0,
      days_of_cover: null,
      sold_out: false,
      selling_out: false,
    },
  ],
  page: 1,
  per_page: 25,
  total: 3,
  sold_out_sizes: 1,
  selling_out_sizes: 1,
};

export const taxReport: TaxReport = {
  from: '2026-10-01',
  to: '2026-11-29',
  months: [
    { month: '2026-10', taxable_value: 10000, cgst: 250, sgst: 250, igst: 600, total_tax: 1100 },
    { month: '2026-11', taxable_value: 5000.4, cgst: 125.01, sgst: 125.01, igst: 0, total_tax: 250.02 },
  ],
  totals: { taxable_value: 15000.4, cgst: 375.01, sgst: 375.01, igst: 600, total_tax: 1350.02 },
};

export const couponsReport: CouponsReport = {
  ...periods,
  rows: [
    { code: 'WELCOME10', uses: 6, discount: 420, revenue: 3780 },
    { code: 'DIWALI', uses: 2, discount: 200, revenue: 1800 },
  ],
  totals: { uses: 8, discount: 620, revenue: 5580 },
  previous: { uses: 4, discount: 620, revenue: 2000 },
};

export const answer = <T>(data: T) => ({ success: true, data });

/** A CSV's cells by line (RFC 4180 quoting), without the byte-order mark Excel is given. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i];
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += char;
  }
  return rows;
}

/** A table cell as the number or text it says: "₹1,50,000" → 150000, "12.5%" → 12.5, "—" → "". */
function cellValue(text: string): string | number {
  if (text === '—') return '';
  const bare = text.replace(/[₹,%]/g, '');
  return /^-?\d+(\.\d+)?$/.test(bare) ? Number(bare) : text;
}

/** Checks that a CSV holds exactly the table's header and cells (numbers as numbers, to the tenth or paisa shown). */
export function expectCsvEqualsTable(csv: string, table: HTMLElement) {
  const lines = parseCsv(csv);
  const header = [...table.querySelectorAll('thead th')].map((cell) => cell.textContent?.replace(/[↑↓]/g, '').trim());
  expect(lines[0]).toEqual(header);
  const rows = [...table.querySelectorAll('tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((cell) => cellValue(cell.textContent ?? '')),
  );
  expect(lines.slice(1).map((line) => line.map((cell) => cellValue(cell.replace(/^'/, ''))))).toEqual(rows);
}
