import { gstStateByCode } from '@kapaas/contract';
import {
  asc,
  categories,
  creditNoteLines,
  creditNotes,
  documentCounters,
  eq,
  inArray,
  orders,
  orderTaxes,
  orderTaxLines,
  products,
  type Queryable,
  type SupplierSnapshot,
  shopSettings,
  sql,
  states,
  taxInvoices,
} from '@kapaas/db';
import type { SupplyKind } from './gst';

/** The shop's GST identity now, or null when it is not registered (no GSTIN, or no state of registration). */
export async function currentSupplier(db: Queryable): Promise<SupplierSnapshot | null> {
  const [row] = await db
    .select({ settings: shopSettings, stateName: states.name, stateCode: states.gstCode })
    .from(shopSettings)
    .leftJoin(states, eq(states.id, shopSettings.gstStateId))
    .where(eq(shopSettings.id, 1));
  if (!row || row.settings.gstin === '' || !row.stateName || !row.stateCode) return null;
  const { settings } = row;
  return {
    legal_name: settings.gstLegalName,
    gstin: settings.gstin,
    address: settings.gstAddress,
    state_name: row.stateName,
    state_code: row.stateCode,
    signatory: settings.gstSignatory,
    invoice_prefix: settings.invoicePrefix,
    hsn_digits: settings.hsnDigits,
  };
}

/** A delivery state's GST code, from the shop's states (by the name the address keeps), or undefined. */
export async function gstCodeOfState(db: Queryable, stateName: string): Promise<string | undefined> {
  const [row] = await db.select({ code: states.gstCode }).from(states).where(eq(states.name, stateName));
  return row?.code ?? undefined;
}

/** Whether a GST code is a Union Territory without a legislature (UTGST instead of SGST). */
export const levisUtgst = (code: string) => gstStateByCode(code)?.utWithoutLegislature ?? false;

/** Each product's HSN code: its own, else its category's. */
export async function hsnOfProducts(db: Queryable, productIds: number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, own: products.hsnCode, category: categories.hsnCode })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(inArray(products.id, productIds));
  return new Map(rows.map((row) => [row.id, row.own ?? row.category]));
}

export type TaxLineRow = typeof orderTaxLines.$inferSelect;
export type NewTaxLine = Omit<typeof orderTaxLines.$inferInsert, 'id' | 'orderId'>;
export type OrderTaxRow = typeof orderTaxes.$inferSelect;

/** Stores an order's tax as it was charged: its place of supply, its supplier and its taxed lines. */
export async function insertOrderTax(
  tx: Queryable,
  orderId: number,
  head: { supplyKind: SupplyKind; placeCode: string; placeName: string; supplier: SupplierSnapshot },
  lines: NewTaxLine[],
): Promise<void> {
  await tx.insert(orderTaxes).values({ orderId, ...head });
  await tx.insert(orderTaxLines).values(lines.map((line) => ({ ...line, orderId })));
}

/** Drops an order's stored tax, so that it is priced again before its invoice (a COD order paid online instead). */
export async function deleteOrderTax(tx: Queryable, orderId: number): Promise<void> {
  await tx.delete(orderTaxLines).where(eq(orderTaxLines.orderId, orderId));
  await tx.delete(orderTaxes).where(eq(orderTaxes.orderId, orderId));
}

/** An order's stored tax and its lines in order, or undefined when it was not taxed. */
export async function orderTaxOf(
  db: Queryable,
  orderId: number,
): Promise<{ head: OrderTaxRow; lines: TaxLineRow[] } | undefined> {
  const [head] = await db.select().from(orderTaxes).where(eq(orderTaxes.orderId, orderId));
  if (!head) return undefined;
  const lines = await db
    .select()
    .from(orderTaxLines)
    .where(eq(orderTaxLines.orderId, orderId))
    .orderBy(asc(orderTaxLines.position));
  return { head, lines };
}

/**
 * The next number of a series in a financial year. The counter's row stays locked until the transaction ends, so
 * numbers are handed out one at a time, and a transaction that rolls back gives its number back: no gaps.
 */
export async function nextInSeries(tx: Queryable, series: string, fiscalYear: string): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ series, fiscalYear, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.fiscalYear],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  if (!row) throw new Error('the document counter returned nothing');
  return row.last;
}

export type InvoiceRow = typeof taxInvoices.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type CreditNoteLineRow = typeof creditNoteLines.$inferSelect;

export async function invoiceOfOrder(db: Queryable, orderId: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(taxInvoices).where(eq(taxInvoices.orderId, orderId));
  return row;
}

export async function insertInvoice(tx: Queryable, invoice: Omit<InvoiceRow, 'id'>): Promise<InvoiceRow> {
  const [row] = await tx.insert(taxInvoices).values(invoice).returning();
  if (!row) throw new Error('the invoice insert returned nothing');
  return row;
}

/** An invoice's credit notes, oldest first, each with its lines. */
export async function creditNotesOf(
  db: Queryable,
  invoiceId: number,
): Promise<{ note: CreditNoteRow; lines: CreditNoteLineRow[] }[]> {
  const notes = await db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId))
    .orderBy(asc(creditNotes.id));
  if (notes.length === 0) return [];
  const lines = await db
    .select()
    .from(creditNoteLines)
    .where(
      inArray(
        creditNoteLines.creditNoteId,
        notes.map((note) => note.id),
      ),
    )
    .orderBy(asc(creditNoteLines.position));
  return notes.map((note) => ({ note, lines: lines.filter((line) => line.creditNoteId === note.id) }));
}

export async function insertCreditNote(
  tx: Queryable,
  note: Omit<CreditNoteRow, 'id'>,
  lines: Omit<CreditNoteLineRow, 'id' | 'creditNoteId'>[],
): Promise<CreditNoteRow> {
  const [row] = await tx.insert(creditNotes).values(note).returning();
  if (!row) throw new Error('the credit note insert returned nothing');
  if (lines.length > 0)
    await tx.insert(creditNoteLines).values(lines.map((line) => ({ ...line, creditNoteId: row.id })));
  return row;
}

/** The order an invoice belongs to, as the invoice prints it: the delivery address and the owner. */
export async function orderForInvoice(db: Queryable, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      guestId: orders.guestId,
      address: orders.addressSnapshot,
      totalPaise: orders.totalPaise,
      discountPaise: orders.discountPaise,
      prepaidDiscountPaise: orders.prepaidDiscountPaise,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}
