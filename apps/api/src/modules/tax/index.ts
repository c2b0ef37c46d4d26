// The tax module's public surface (ADR 032): the GST of an order, its invoice and credit notes, and their documents.
export { type Credit, type CreditedPieces, creditOrder, invoiceNumberOf, issueInvoice } from './documents';
export {
  GARMENT_RATES,
  type OrderLineToTax,
  type RatesByValue,
  rateFor,
  type SupplyKind,
  shareDiscount,
  supplyKind,
  type TaxedAmount,
  type TaxedOrder,
  taxAmount,
  taxOrder,
} from './gst';
export { gstReportCsv } from './gst-report';
export {
  creditNotePdfOf,
  documentFileName,
  type InvoiceDocument,
  invoicePdfOf,
  orderInvoice,
  ownInvoice,
} from './invoice.service';
export {
  goodsDescription,
  type LineToTax,
  type OrderTaxPlan,
  priceOrderTax,
  recordOrderTax,
  repriceOrderTax,
} from './order-tax';
export { invoiceRoutes, sendPdf } from './tax.routes';
