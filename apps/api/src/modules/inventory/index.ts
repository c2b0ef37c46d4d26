// The inventory module's public surface: the only writer of product_sizes (ADR 021).
export {
  lockSizes,
  orderStockLines,
  release,
  reserve,
  restock,
  type StockLine,
  sellReserved,
  sellUnreserved,
  setStock,
} from './inventory.repository';
export { queueSoldOutReport, type SoldOutSize, sizesSoldOutOn } from './sold-out';
