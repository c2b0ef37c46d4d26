import { paidByLabel, paidByOf } from '@kapaas/contract';
import {
  and,
  creditNoteLines,
  creditNotes,
  eq,
  gte,
  lt,
  orders,
  orderTaxes,
  orderTaxLines,
  payments,
  type Queryable,
  sql,
  taxInvoices,
} from '@kapaas/db';
import { stringify } from 'csv-stringify/sync';
import { paiseToRupees } from '../../lib/money';
import { shopToday, startOfShopDay } from '../../lib/shop-day';

/** The columns of the monthly GST report; each section fills those it needs. */
const COLUMNS = [
  'section',
  'place_of_supply',
  'state_code',
  'rate',
  'hsn',
  'uqc',
  'quantity',
  'taxable_value',
  'cgst',
  'sgst_utgst',
  'igst',
  'total',
  'document_number',
  'document_date',
  'invoice_number',
  // Last, so that the columns before keep their places: how an invoice's order was paid (issue 34).
  'paid_by',
] as const;
type Column = (typeof COLUMNS)[number];
type Row = Partial<Record<Column, string | number>>;

/** Amounts in paise, summed. */
interface Sums {
  quantity: number;
  taxable: number;
  cgst: number;
  sgstUtgst: number;
  igst: number;
  paid: number;
}
const noSums = (): Sums => ({ quantity: 0, taxable: 0, cgst: 0, sgstUtgst: 0, igst: 0, paid: 0 });

interface AmountRow {
  kind: string;
  quantity: number;
  paidPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  utgstPaise: number;
  igstPaise: number;
}

function add(sums: Sums, line: AmountRow): void {
  if (line.kind === 'goods') sums.quantity += line.quantity;
  sums.taxable += line.taxablePaise;
  sums.cgst += line.cgstPaise;
  sums.sgstUtgst += line.sgstPaise + line.utgstPaise;
  sums.igst += line.igstPaise;
  sums.paid += line.paidPaise;
}

const amounts = (sums: Sums): Row => ({
  taxable_value: paiseToRupees(sums.taxable).toFixed(2),
  cgst: paiseToRupees(sums.cgst).toFixed(2),
  sgst_utgst: paiseToRupees(sums.sgstUtgst).toFixed(2),
  igst: paiseToRupees(sums.igst).toFixed(2),
  total: paiseToRupees(sums.paid).toFixed(2),
});

/** Sums lines into groups by key, keeping the first line of each group for its labels. */
function groupBy<T extends AmountRow>(lines: T[], key: (line: T) => string): { first: T; sums: Sums }[] {
  const groups = new Map<string, { first: T; sums: Sums }>();
  for (const line of lines) {
    const k = key(line);
    const group = groups.get(k) ?? { first: line, sums: noSums() };
    add(group.sums, line);
    groups.set(k, group);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, group]) => group);
}

/** The instants a month (YYYY-MM) spans in India. */
function monthSpan(month: string): { from: Date; to: Date } {
  const [year, mm] = month.split('-').map(Number) as [number, number];
  const next = mm === 12 ? `${year + 1}-01` : `${year}-${String(mm + 1).padStart(2, '0')}`;
  return { from: startOfShopDay(`${month}-01`), to: startOfShopDay(`${next}-01`) };
}

/**
 * The method of the payment that paid an order (captured and accepted, refunded since or not), or null: the same
 * payment the console's `paid_by` names (ADR 046).
 */
const paidMethod = sql<string | null>`(SELECT p.method FROM ${payments} p WHERE p.order_id = ${orders}.id
  AND p.status <> 'failed' AND p.refusal_reason IS NULL ORDER BY p.created_at, p.id LIMIT 1)`;

/*
 * The tax report's daily GST (ADR 062, second pass) sums the same documents through the same joins: the views
 * report_gst_invoices and report_gst_credits of migration 0049. A change to these joins changes those views too.
 */
async function invoicedLines(db: Queryable, span: { from: Date; to: Date }) {
  return db
    .select({
      line: orderTaxLines,
      placeCode: orderTaxes.placeCode,
      placeName: orderTaxes.placeName,
      invoiceNumber: taxInvoices.number,
      issuedAt: taxInvoices.issuedAt,
      paymentMethod: orders.paymentMethod,
      paidMethod,
    })
    .from(taxInvoices)
    .innerJoin(orders, eq(orders.id, taxInvoices.orderId))
    .innerJoin(orderTaxes, eq(orderTaxes.orderId, taxInvoices.orderId))
    .innerJoin(orderTaxLines, eq(orderTaxLines.orderId, taxInvoices.orderId))
    .where(and(gte(taxInvoices.issuedAt, span.from), lt(taxInvoices.issuedAt, span.to)));
}

async function creditedLines(db: Queryable, span: { from: Date; to: Date }) {
  return db
    .select({
      line: creditNoteLines,
      note: creditNotes,
      invoiceNumber: taxInvoices.number,
      placeCode: orderTaxes.placeCode,
      placeName: orderTaxes.placeName,
    })
    .from(creditNotes)
    .innerJoin(creditNoteLines, eq(creditNoteLines.creditNoteId, creditNotes.id))
    .innerJoin(taxInvoices, eq(taxInvoices.id, creditNotes.invoiceId))
    .innerJoin(orderTaxes, eq(orderTaxes.orderId, taxInvoices.orderId))
    .where(and(gte(creditNotes.issuedAt, span.from), lt(creditNotes.issuedAt, span.to)));
}

/**
 * The month's GST report for the shop's accountant, as CSV (ADR 032): sales to consumers by place of supply and rate
 * (GSTR-1 table 7), the HSN summary (table 12), and each credit note by rate. Invoices and credit notes count in the
 * month, in India's time, in which they were issued. Amounts are rupees with two decimals.
 */
export async function gstReportCsv(db: Queryable, month: string): Promise<string> {
  const span = monthSpan(month);
  const sales = (await invoicedLines(db, span)).map((row) => ({
    ...row.line,
    placeCode: row.placeCode,
    placeName: row.placeName,
    invoiceNumber: row.invoiceNumber,
    issuedAt: row.issuedAt,
    paidBy: paidByLabel(paidByOf(row.paymentMethod, row.paidMethod)),
  }));
  const credits = (await creditedLines(db, span)).map((row) => ({
    ...row.line,
    note: row.note,
    invoiceNumber: row.invoiceNumber,
    placeCode: row.placeCode,
    placeName: row.placeName,
  }));
  const rows: Row[] = [
    ...groupBy(sales, (l) => `${l.placeCode}|${String(l.ratePercent).padStart(2, '0')}`).map(({ first, sums }) => ({
      section: 'B2C sales by place of supply and rate',
      place_of_supply: first.placeName,
      state_code: first.placeCode,
      rate: first.ratePercent,
      ...amounts(sums),
    })),
    ...groupBy(sales, (l) => `${l.hsn}|${String(l.ratePercent).padStart(2, '0')}`).map(({ first, sums }) => ({
      section: 'HSN summary',
      rate: first.ratePercent,
      hsn: first.hsn,
      uqc: 'PCS',
      quantity: sums.quantity,
      ...amounts(sums),
    })),
    ...groupBy(credits, (l) => `${l.note.number}|${String(l.ratePercent).padStart(2, '0')}`).map(({ first, sums }) => ({
      section: 'Credit notes',
      place_of_supply: first.placeName,
      state_code: first.placeCode,
      rate: first.ratePercent,
      ...amounts(sums),
      document_number: first.note.number,
      document_date: shopToday(first.note.issuedAt),
      invoice_number: first.invoiceNumber,
    })),
    // Each invoice whole, with how its order was paid: the same sales again, one row per document (GSTR-1 table 13's
    // documents, and the owner's "how many paid by UPI?" in the accountant's file).
    ...groupBy(sales, (l) => l.invoiceNumber).map(({ first, sums }) => ({
      section: 'Invoices',
      place_of_supply: first.placeName,
      state_code: first.placeCode,
      quantity: sums.quantity,
      ...amounts(sums),
      document_number: first.invoiceNumber,
      document_date: shopToday(first.issuedAt),
      paid_by: first.paidBy,
    })),
  ];
  return stringify(
    rows.map((row) => COLUMNS.map((column) => row[column] ?? '')),
    { header: true, columns: [...COLUMNS] },
  );
}
