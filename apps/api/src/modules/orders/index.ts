// The orders module's public surface: what app.ts and other modules may use.

export { type CodConfirmationOnWhatsApp, codConfirmationOnWhatsApp, codWhatsAppNote } from './cod-confirmation';
export { anonymiseOrdersOf, NAMED_INVOICE_PAISE, ordersOfPerson } from './erasure';
export {
  COD_DUE_STATUSES,
  COD_OPEN_STATUSES,
  COD_UNSHIPPED_STATUSES,
  CUSTOMER_STATUS_NOTES,
  canMove,
  codDuePaise,
  customerHistory,
  dueOnlinePaise,
  hasCodAdvance,
  PAID_STATUSES,
  paidOnline,
} from './lifecycle';
export {
  expireEarlierUnpaid,
  inOrderTransaction,
  moveOrder,
  type OrderDeps,
  type OrderMoveOutcome,
  type OrderMoveRequest,
  type OrderTransaction,
} from './move';
export {
  type CodSharedKey,
  type CodShopper,
  codOrdersUnconfirmedSince,
  lockCodShopper,
  type OpenCodOrder,
  openCodOrdersOf,
  placedBefore,
} from './open-cod';
export { lapseOf } from './order-effects';
export {
  type PayLinkToCome,
  queueOrderPlaced,
  queueRefundMail,
  refundMailKey,
  releaseOrderPlaced,
} from './order-mail';
export { ORDER_PROCESS, ORDER_TRANSITIONS, type OrderActor, ownerMovesFrom } from './order-process';
export { orderFactsOf, orderWhatsApp } from './order-whatsapp';
export {
  couponHolds,
  historyOf,
  linesOf,
  lockOrder,
  lockOrderByProviderId,
  markCashOnDelivery,
  markCodCollected,
  markReturnReceived,
  type NewOrder,
  type OrderRow,
  openOrdersMatching,
  orderByProviderId,
  orderOf,
  ordersDueToExpire,
  recordEvent,
  recordOrder,
  returnedToOriginSince,
  returnWindowDays,
  setProviderOrderId,
  unpaidOrdersOf,
} from './orders.repository';
export { orderRoutes } from './orders.routes';
export {
  drawPackingSlip,
  type OrderToPrint,
  ordersToPrint,
  type PackingSlip,
  packingSlipsOf,
  renderPackingSlip,
  renderPackingSlips,
  renderPackingSlipsPaged,
} from './packing-slip';
export {
  DEFAULT_PARCEL_TERMS,
  orderParcel,
  orderParcels,
  type Parcel,
  type ParcelTerms,
  parcelOf,
  parcelTerms,
} from './parcel';
export { deliveredOrderWith, hasUndeliveredLine, latestDeliveredLine, productOrdered } from './purchases';
