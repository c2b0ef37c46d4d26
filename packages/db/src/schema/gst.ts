import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';

/*
 * GST (ADR 032): the tax of each order as it was charged, its tax invoice, its credit notes, and the counters that
 * number them. The tax module alone writes these tables.
 */

/** CGST + SGST within a state, CGST + UTGST within a Union Territory without a legislature, IGST between two. */
export const SUPPLY_KINDS = ['intra-state', 'intra-ut', 'inter-state'] as const;
export const TAX_LINE_KINDS = ['goods', 'shipping'] as const;

/** The shop's tax identity when the order was priced, printed on its invoice as it was then. */
export interface SupplierSnapshot {
  legal_name: string;
  gstin: string;
  address: string;
  state_name: string;
  state_code: string;
  signatory: string;
  invoice_prefix: string;
  hsn_digits: number;
}

/** The columns of a taxed amount: what was paid for it, and how that splits into taxable value and taxes. */
function taxedColumns() {
  return {
    position: integer('position').notNull(),
    kind: text('kind', { enum: TAX_LINE_KINDS }).notNull(),
    description: text('description').notNull(),
    hsn: text('hsn').notNull(),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    ratePercent: integer('rate_percent').notNull(),
    paidPaise: integer('paid_paise').notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    utgstPaise: integer('utgst_paise').notNull(),
    igstPaise: integer('igst_paise').notNull(),
  };
}

const addsUp = (name: string) =>
  check(name, sql`paid_paise = taxable_paise + cgst_paise + sgst_paise + utgst_paise + igst_paise`);
const halvesEqual = (name: string) =>
  check(name, sql`(sgst_paise = 0 OR sgst_paise = cgst_paise) AND (utgst_paise = 0 OR utgst_paise = cgst_paise)`);

/** An order's place of supply and supplier, fixed when it was priced. */
export const orderTaxes = pgTable(
  'order_taxes',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    supplyKind: text('supply_kind', { enum: SUPPLY_KINDS }).notNull(),
    placeCode: text('place_code').notNull(),
    placeName: text('place_name').notNull(),
    supplier: jsonb('supplier').$type<SupplierSnapshot>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('order_taxes_kind_known', sql`${t.supplyKind} IN ('intra-state', 'intra-ut', 'inter-state')`)],
);

/** Each line of an order, and its shipping, split into taxable value and taxes in paise. */
export const orderTaxLines = pgTable(
  'order_tax_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ...taxedColumns(),
  },
  (t) => [
    unique('order_tax_lines_position').on(t.orderId, t.position),
    addsUp('order_tax_lines_add_up'),
    halvesEqual('order_tax_lines_halves_equal'),
    check(
      'order_tax_lines_non_negative',
      sql`${t.paidPaise} >= 0 AND ${t.taxablePaise} >= 0 AND ${t.cgstPaise} >= 0 AND ${t.sgstPaise} >= 0 AND ${t.utgstPaise} >= 0 AND ${t.igstPaise} >= 0`,
    ),
  ],
);

/** Gap-free counters, one per series (`invoice`, `credit_note`) and financial year. */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    fiscalYear: text('fiscal_year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.fiscalYear] })],
);

/** The tax invoice of a paid order: numbered consecutively within its financial year. */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    number: text('number').notNull().unique(),
    fiscalYear: text('fiscal_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('tax_invoices_sequence').on(t.fiscalYear, t.sequence),
    check('tax_invoices_number_length', sql`length(${t.number}) <= 16`),
    // The GST report and the tax report (ADR 054) take a month's invoices by their date.
    index('tax_invoices_issued_idx').on(t.issuedAt),
  ],
);

/** Money given back on an invoiced order, with its tax reversed in proportion; its own consecutive series. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => taxInvoices.id, { onDelete: 'restrict' }),
    number: text('number').notNull().unique(),
    fiscalYear: text('fiscal_year').notNull(),
    sequence: integer('sequence').notNull(),
    reason: text('reason').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('credit_notes_sequence').on(t.fiscalYear, t.sequence),
    check('credit_notes_number_length', sql`length(${t.number}) <= 16`),
    check('credit_notes_amount_positive', sql`${t.amountPaise} > 0`),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    // The sales report's refunds and the tax report (ADR 054) take a period's credit notes by their date.
    index('credit_notes_issued_idx').on(t.issuedAt),
  ],
);

/** A credit note's lines: the part of each invoice line it reverses. */
export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    id: serial('id').primaryKey(),
    creditNoteId: integer('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    ...taxedColumns(),
  },
  (t) => [
    unique('credit_note_lines_position').on(t.creditNoteId, t.position),
    addsUp('credit_note_lines_add_up'),
    halvesEqual('credit_note_lines_halves_equal'),
  ],
);
