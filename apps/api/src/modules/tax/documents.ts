import type { Queryable } from '@kapaas/db';
import { creditNoteLines, documentNumber, fiscalYearOf, type SupplyKind, type TaxedAmount, taxAmount } from './gst';
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
export type Credit =
  | { refundedPaise: number; pieces?: readonly CreditedPieces[]; reason?: string }
  | { cancelled: true; returned?: boolean };

/**
 * Pieces of an invoice's goods line that came back (a return): the line's position on the invoice (its order line's
 * place, from 1), how many, and what the shopper paid for them. A refund that is exactly these pieces is credited
 * against their line alone, at its rate, rather than shared over the invoice.
 */
export interface CreditedPieces {
  position: number;
  quantity: number;
  paidPaise: number;
}

/**
 * The note lines for returned pieces, or null when they do not fit what is left of their lines. Each line's tax is
 * reversed as the difference between the tax on what the shop kept of it before and after, so the invoice less its
 * notes stays the tax on what the shop kept.
 */
function returnedLines(
  lines: readonly TaxLineRow[],
  earlier: readonly { lines: readonly { position: number; paidPaise: number }[] }[],
  pieces: readonly CreditedPieces[],
  kind: SupplyKind,
): { taxed: TaxedAmount; quantity: number }[] | null {
  const out: { taxed: TaxedAmount; quantity: number }[] = [];
  for (const line of lines) {
    const mine = pieces.filter((p) => p.position === line.position);
    const paid = mine.reduce((sum, p) => sum + p.paidPaise, 0);
    const quantity = mine.reduce((sum, p) => sum + p.quantity, 0);
    const credited = earlier.flatMap((n) => n.lines).filter((l) => l.position === line.position);
    const keptBefore = line.paidPaise - credited.reduce((sum, l) => sum + l.paidPaise, 0);
    // Only goods come back as pieces, and never more than is left of their line.
    if ((mine.length > 0 && line.kind !== 'goods') || paid > keptBefore) return null;
    const before = taxAmount(keptBefore, line.ratePercent, kind);
    const after = taxAmount(keptBefore - paid, line.ratePercent, kind);
    out.push({
      quantity,
      taxed: {
        paidPaise: before.paidPaise - after.paidPaise,
        taxablePaise: before.taxablePaise - after.taxablePaise,
        ratePercent: line.ratePercent,
        cgstPaise: before.cgstPaise - after.cgstPaise,
        sgstPaise: before.sgstPaise - after.sgstPaise,
        utgstPaise: before.utgstPaise - after.utgstPaise,
        igstPaise: before.igstPaise - after.igstPaise,
      },
    });
  }
  const placed = pieces.every((p) => lines.some((l) => l.position === p.position));
  return placed ? out : null;
}

/** The credit note's lines: the returned pieces' own lines when the credit is exactly them, else shared by value. */
function noteLines(
  tax: { lines: TaxLineRow[]; kind: SupplyKind },
  earlier: { note: CreditNoteRow; lines: { position: number; paidPaise: number }[] }[],
  credit: Credit,
  range: { before: number; after: number },
): { taxed: TaxedAmount; quantity: number }[] {
  const pieces = 'pieces' in credit ? credit.pieces : undefined;
  const piecesPaid = pieces?.reduce((sum, p) => sum + p.paidPaise, 0);
  if (pieces && piecesPaid === range.after - range.before) {
    const own = returnedLines(tax.lines, earlier, pieces, tax.kind);
    if (own) return own;
  }
  return creditNoteLines(tax.lines.map(taxedOf), tax.kind, range.before, range.after).map((taxed, index) => {
    const source = tax.lines[index] as TaxLineRow;
    return { taxed, quantity: taxed.paidPaise === source.paidPaise ? source.quantity : 0 };
  });
}

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
  const earlier = await creditNotesOf(tx, invoice.id);
  const before = earlier.reduce((sum, { note }) => sum + note.amountPaise, 0);
  const after = 'cancelled' in credit ? total : Math.min(total, credit.refundedPaise);
  if (after <= before) return null;
  // The reason says what happened, the same whichever path (the console, or the provider's webhook) saw it first.
  const reason =
    'cancelled' in credit
      ? credit.returned
        ? 'Parcel returned to origin.'
        : 'Order cancelled.'
      : (credit.reason ?? `Refund of ${formatIndianRupees((after - before) / 100)}.`);
  const kind = tax.head.supplyKind as SupplyKind;
  const lines = noteLines({ lines: tax.lines, kind }, earlier, credit, { before, after });
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
    lines.flatMap(({ taxed, quantity }, index) => {
      const source = tax.lines[index] as TaxLineRow;
      if (taxed.paidPaise === 0) return [];
      return [
        {
          ...taxed,
          position: source.position,
          kind: source.kind,
          description: source.description,
          hsn: source.hsn,
          quantity,
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
