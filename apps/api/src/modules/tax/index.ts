// The tax module's public surface: the GST of an order (ADR 032). Orders will price with it.
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
