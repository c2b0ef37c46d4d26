import type { CreditNote, InvoiceLine, InvoiceTotals, OrderInvoice } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { paiseToRupees } from '../../lib/money';
import type { Owner } from '../../lib/owner';
import { shopToday as indiaDate } from '../../lib/shop-day';
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
