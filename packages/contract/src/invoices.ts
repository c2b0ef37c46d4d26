import { z } from 'zod';
import { Id, Rupees } from './common';
import { Owner } from './identity';

/*
 * GST tax invoices and credit notes (ADR 032), as the shopper's order page, the console and the PDFs read them.
 * Amounts are rupees, as everywhere in the API; the server keeps paise and every sum below adds up to the paisa.
 */

/** A state or Union Territory with its two-digit GST state code. */
export const GstPlace = z.object({ state_name: z.string(), state_code: z.string() });
export type GstPlace = z.infer<typeof GstPlace>;

/** The taxes of one line, or of a whole document. Within a state CGST equals SGST (or UTGST); between states IGST. */
const TaxColumns = {
  taxable_value: Rupees,
  cgst: Rupees,
  sgst: Rupees,
  utgst: Rupees,
  igst: Rupees,
};

/** One line of an invoice or a credit note. Shipping is a line of its own, with `kind: 'shipping'`. */
export const InvoiceLine = z.object({
  kind: z.enum(['goods', 'shipping']),
  description: z.string(),
  /** The HSN code of goods, or the SAC of the shipping, printed to the shop's chosen number of digits. */
  hsn: z.string(),
  /** Pieces; 0 on a credit note line that gives back part of a line's value rather than whole pieces. */
  quantity: z.number().int(),
  /** The unit quantity code: `PCS` for goods, `OTH` for shipping. */
  unit: z.string(),
  /** The whole GST rate in percent (5, 18); CGST and SGST are each half of it. */
  rate: z.number(),
  ...TaxColumns,
  /** What was paid for the line: its taxable value plus its taxes. */
  total: Rupees,
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const InvoiceTotals = z.object({ ...TaxColumns, grand_total: Rupees });
export type InvoiceTotals = z.infer<typeof InvoiceTotals>;

/** The supplier: the shop's tax identity as it was when the order was priced. */
export const InvoiceSupplier = z.object({
  legal_name: z.string(),
  gstin: z.string(),
  address: z.string(),
  state_name: z.string(),
  state_code: z.string(),
  signatory: z.string(),
});
export type InvoiceSupplier = z.infer<typeof InvoiceSupplier>;

/** The buyer (unregistered): the delivery address of the order. */
export const InvoiceBuyer = z.object({
  name: z.string(),
  address: z.string(),
  city: z.string(),
  pin_code: z.string(),
  state_name: z.string(),
  state_code: z.string(),
});
export type InvoiceBuyer = z.infer<typeof InvoiceBuyer>;

/** A credit note: money given back on an invoiced order, with its tax reversed in proportion. */
export const CreditNote = z.object({
  id: z.number().int(),
  credit_note_number: z.string(),
  /** The day it was issued, in India (YYYY-MM-DD). */
  date: z.string(),
  invoice_number: z.string(),
  invoice_date: z.string(),
  reason: z.string(),
  lines: z.array(InvoiceLine),
  totals: InvoiceTotals,
  amount_in_words: z.string(),
});
export type CreditNote = z.infer<typeof CreditNote>;

/** The tax invoice of a paid order, with the credit notes issued against it. */
export const OrderInvoice = z.object({
  order_id: z.number().int(),
  invoice_number: z.string(),
  /** The day the order was paid, in India (YYYY-MM-DD). */
  invoice_date: z.string(),
  supplier: InvoiceSupplier,
  buyer: InvoiceBuyer,
  place_of_supply: GstPlace,
  /** Always false: a shop selling to consumers pays its own tax. Printed as "Tax is payable on reverse charge: No". */
  reverse_charge: z.literal(false),
  lines: z.array(InvoiceLine),
  totals: InvoiceTotals,
  /**
   * The discounts before tax, already taken off the goods lines' values above (shared by value, ADR 032, 047): the
   * coupon's, and the prepaid discount for paying online. Printed under the lines when not 0.
   */
  coupon_discount: Rupees,
  prepaid_discount: Rupees,
  amount_in_words: z.string(),
  credit_notes: z.array(CreditNote),
});
export type OrderInvoice = z.infer<typeof OrderInvoice>;

export const OrderInvoiceRequest = z.strictObject({ ...Owner, order_id: Id });
export const OrderInvoiceAnswer = z.object({ success: z.literal(true), data: OrderInvoice });
export type OrderInvoiceAnswer = z.infer<typeof OrderInvoiceAnswer>;
export const OrderInvoicePdfParams = z.strictObject({ order_id: Id });
