// The inventory module's public surface: the only writer of product_sizes (ADR 021).
export {
  hasSizeAtMost,
  lockSizes,
  orderStockLines,
  release,
  reserve,
  restock,
  type StockLine,
  sellReserved,
  sellUnreserved,
  setStock,
  sizeInUse,
  skuHolders,
  stockOfProducts,
} from './inventory.repository';
export { addSizesOfNewProducts } from './new-sizes';
export { productIdsOfSkus, setSku, skusOfProducts } from './skus';
export { queueSoldOutReport, type SoldOutSize, sizesSoldOutOn } from './sold-out';
