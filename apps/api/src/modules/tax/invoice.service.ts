import type { CreditNote, InvoiceLine, InvoiceTotals, OrderInvoice } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { paiseToRupees } from '../../lib/money';
import type { Owner } from '../../lib/owner';
import { shopToday as indiaDate } from '../../lib/shop-day';
import { renderCreditNotePdf, renderInvoicePdf } from './invoice-pdf';
import {
  type CreditNoteLineRow,
  creditNotesOf,
  invoiceOfOrder,
  orderForInvoice,
  orderTaxOf,
  type TaxLineRow,
} from './tax.repository';
import { amountInWords } from './words';

type LineRow = TaxLineRow | CreditNoteLineRow;

function invoiceLine(row: LineRow): InvoiceLine {
  return {
    kind: row.kind,
    description: row.description,
    hsn: row.hsn,
    quantity: row.quantity,
    unit: row.unit,
    rate: row.ratePercent,
    taxable_value: paiseToRupees(row.taxablePaise),
    cgst: paiseToRupees(row.cgstPaise),
    sgst: paiseToRupees(row.sgstPaise),
    utgst: paiseToRupees(row.utgstPaise),
    igst: paiseToRupees(row.igstPaise),
    total: paiseToRupees(row.paidPaise),
  };
}

/** The sums of a document's lines, added in paise. */
function totalsOf(rows: readonly LineRow[]): InvoiceTotals {
  const sum = (pick: (row: LineRow) => number) => paiseToRupees(rows.reduce((total, row) => total + pick(row), 0));
  return {
    taxable_value: sum((row) => row.taxablePaise),
    cgst: sum((row) => row.cgstPaise),
    sgst: sum((row) => row.sgstPaise),
    utgst: sum((row) => row.utgstPaise),
    igst: sum((row) => row.igstPaise),
    grand_total: sum((row) => row.paidPaise),
  };
}

/** An order's tax invoice and its credit notes, or undefined when it has no invoice. For any caller: check first. */
export async function orderInvoice(db: Queryable, orderId: number): Promise<OrderInvoice | undefined> {
  const invoice = await invoiceOfOrder(db, orderId);
  const tax = invoice ? await orderTaxOf(db, orderId) : undefined;
  const order = await orderForInvoice(db, orderId);
  if (!invoice || !tax || !order) return undefined;
  const { supplier } = tax.head;
  const address = order.address;
  const place = { state_name: tax.head.placeName, state_code: tax.head.placeCode };
  const totals = totalsOf(tax.lines);
  const invoiceDate = indiaDate(invoice.issuedAt);
  const notes = await creditNotesOf(db, invoice.id);
  return {
    order_id: orderId,
    invoice_number: invoice.number,
    invoice_date: invoiceDate,
    supplier: {
      legal_name: supplier.legal_name,
      gstin: supplier.gstin,
      address: supplier.address,
      state_name: supplier.state_name,
      state_code: supplier.state_code,
      signatory: supplier.signatory,
    },
    buyer: {
      name: `${address.first_name} ${address.last_name}`.trim(),
      address: address.address,
      city: address.city,
      pin_code: address.pin_code,
      ...place,
    },
    place_of_supply: place,
    reverse_charge: false,
    lines: tax.lines.map(invoiceLine),
    totals,
    coupon_discount: paiseToRupees(order.discountPaise),
    prepaid_discount: paiseToRupees(order.prepaidDiscountPaise),
    amount_in_words: amountInWords(totals.grand_total),
    credit_notes: notes.map(({ note, lines }): CreditNote => {
      const noteTotals = totalsOf(lines);
      return {
        id: note.id,
        credit_note_number: note.number,
        date: indiaDate(note.issuedAt),
        invoice_number: invoice.number,
        invoice_date: invoiceDate,
        reason: note.reason,
        lines: lines.map(invoiceLine),
        totals: noteTotals,
        amount_in_words: amountInWords(noteTotals.grand_total),
      };
    }),
  };
}

/** The shopper's own order's invoice; another shopper's order, or one without an invoice, is 404 alike. */
export async function ownInvoice(db: Queryable, owner: Owner, orderId: number): Promise<OrderInvoice> {
  const order = await orderForInvoice(db, orderId);
  const mine =
    order !== undefined && (owner.kind === 'user' ? order.userId === owner.userId : order.guestId === owner.guestId);
  const invoice = mine ? await orderInvoice(db, orderId) : undefined;
  if (!invoice) throw new AppError('NOT_FOUND', 'No invoice found for this order.');
  return invoice;
}

/** A GST document ready to send: its file name and its PDF. */
export interface InvoiceDocument {
  fileName: string;
  pdf: Buffer;
}

/** A document's file name: its number with the slashes made safe (`KPS-2627-00042.pdf`). */
export const documentFileName = (number: string) => `${number.replaceAll('/', '-')}.pdf`;

/**
 * An order's tax invoice as a PDF, or null when it has none. The routes answer it, and the order e-mail attaches it:
 * call it after the transaction that paid the order has committed.
 */
export async function invoicePdfOf(db: Queryable, orderId: number): Promise<InvoiceDocument | null> {
  const invoice = await orderInvoice(db, orderId);
  return invoice ? pdfOfInvoice(invoice) : null;
}

/** An invoice already read, as a PDF. */
export async function pdfOfInvoice(invoice: OrderInvoice): Promise<InvoiceDocument> {
  return { fileName: documentFileName(invoice.invoice_number), pdf: await renderInvoicePdf(invoice) };
}

/** One credit note of an order as a PDF, or null when the order has no such note. */
export async function creditNotePdfOf(
  db: Queryable,
  orderId: number,
  creditNoteId: number,
): Promise<InvoiceDocument | null> {
  const invoice = await orderInvoice(db, orderId);
  const note = invoice?.credit_notes.find((candidate) => candidate.id === creditNoteId);
  if (!invoice || !note) return null;
  return { fileName: documentFileName(note.credit_note_number), pdf: await renderCreditNotePdf(invoice, note) };
}
