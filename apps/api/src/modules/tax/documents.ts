import type { Queryable } from '@kapaas/db';
import { creditNoteLines, documentNumber, fiscalYearOf, type SupplyKind, type TaxedAmount } from './gst';
import {
  type CreditNoteRow,
  creditNotesOf,
  type InvoiceRow,
  insertCreditNote,
  insertInvoice,
  invoiceOfOrder,
  nextInSeries,
  orderTaxOf,
  type TaxLineRow,
} from './tax.repository';
import { formatIndianRupees } from './words';

/**
 * Issues the tax invoice of an order that has just been paid, in the transaction that marks it paid (ADR 032, rule 8):
 * the next number of the financial year, taken under the counter's lock, so that numbers are consecutive and none is
 * lost to a rolled-back payment. An order priced without tax (the shop was not registered then) gets none; an order
 * invoiced already keeps its invoice. Answers the invoice, or null.
 */
export async function issueInvoice(tx: Queryable, orderId: number, paidAt: Date): Promise<InvoiceRow | null> {
  const tax = await orderTaxOf(tx, orderId);
  if (!tax) return null;
  const existing = await invoiceOfOrder(tx, orderId);
  if (existing) return existing;
  const year = fiscalYearOf(paidAt);
  const sequence = await nextInSeries(tx, 'invoice', year.label);
  return insertInvoice(tx, {
    orderId,
    number: documentNumber('invoice', tax.head.supplier.invoice_prefix, year.digits, sequence),
    fiscalYear: year.label,
    sequence,
    issuedAt: paidAt,
  });
}

/** A stored taxed line as the GST arithmetic reads it. */
const taxedOf = (line: TaxLineRow): TaxedAmount => ({
  paidPaise: line.paidPaise,
  taxablePaise: line.taxablePaise,
  ratePercent: line.ratePercent,
  cgstPaise: line.cgstPaise,
  sgstPaise: line.sgstPaise,
  utgstPaise: line.utgstPaise,
  igstPaise: line.igstPaise,
});

/**
 * What the shop has now given back on an invoiced order: money refunded, or the whole order cancelled (`returned`: its
 * parcel came back to the shop undelivered).
 */
export type Credit = { refundedPaise: number } | { cancelled: true; returned?: boolean };

/**
 * Issues the credit note an invoiced order's refund or cancellation calls for (ADR 032, rule 9), in the transaction
 * that records the refund or the cancellation. Credit notes follow what the shop gave back in all: a cancellation
 * credits the whole invoice, a refund what has been refunded; a note is issued only for what earlier notes have not
 * credited yet, so a refund after a cancellation, or the same refund seen twice, issues nothing more. The order's row
 * must be locked by the caller (every path locks the order before its payment). Answers the new credit note, or null.
 */
export async function creditOrder(
  tx: Queryable,
  orderId: number,
  credit: Credit,
  at: Date = new Date(),
): Promise<CreditNoteRow | null> {
  const invoice = await invoiceOfOrder(tx, orderId);
  const tax = invoice ? await orderTaxOf(tx, orderId) : undefined;
  if (!invoice || !tax) return null;
  const total = tax.lines.reduce((sum, line) => sum + line.paidPaise, 0);
  const before = (await creditNotesOf(tx, invoice.id)).reduce((sum, { note }) => sum + note.amountPaise, 0);
  const after = 'cancelled' in credit ? total : Math.min(total, credit.refundedPaise);
  if (after <= before) return null;
  // The reason says what happened, the same whichever path (the console, or the provider's webhook) saw it first.
  const reason =
    'cancelled' in credit
      ? credit.returned
        ? 'Parcel returned to origin.'
        : 'Order cancelled.'
      : `Refund of ${formatIndianRupees((after - before) / 100)}.`;
  const lines = creditNoteLines(tax.lines.map(taxedOf), tax.head.supplyKind as SupplyKind, before, after);
  const year = fiscalYearOf(at);
  const sequence = await nextInSeries(tx, 'credit_note', year.label);
  return insertCreditNote(
    tx,
    {
      invoiceId: invoice.id,
      number: documentNumber('credit_note', tax.head.supplier.invoice_prefix, year.digits, sequence),
      fiscalYear: year.label,
      sequence,
      reason,
      amountPaise: after - before,
      issuedAt: at,
    },
    lines.flatMap((line, index) => {
      const source = tax.lines[index] as TaxLineRow;
      if (line.paidPaise === 0) return [];
      const whole = line.paidPaise === source.paidPaise;
      return [
        {
          ...line,
          position: source.position,
          kind: source.kind,
          description: source.description,
          hsn: source.hsn,
          quantity: whole ? source.quantity : 0,
          unit: source.unit,
        },
      ];
    }),
  );
}

/** The number of an order's tax invoice, or null. */
export async function invoiceNumberOf(db: Queryable, orderId: number): Promise<string | null> {
  return (await invoiceOfOrder(db, orderId))?.number ?? null;
}
