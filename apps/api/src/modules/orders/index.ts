// The orders module's public surface: what app.ts and other modules may use.
export {
  COD_DUE_STATUSES,
  COD_OPEN_STATUSES,
  COD_UNSHIPPED_STATUSES,
  CUSTOMER_STATUS_NOTES,
  canMove,
  codDuePaise,
  customerHistory,
  ORDER_TRANSITIONS,
  PAID_STATUSES,
} from './lifecycle';
export {
  type CodSharedKey,
  type CodShopper,
  codOrdersUnconfirmedSince,
  lockCodShopper,
  type OpenCodOrder,
  openCodOrdersOf,
} from './open-cod';
export { queueOrderPlaced, queueRefundMail, refundMailKey } from './order-mail';
export {
  changeStatus,
  couponHolds,
  historyOf,
  lockOrder,
  markCashOnDelivery,
  markCodCollected,
  markReturnReceived,
  type NewOrder,
  type OrderRow,
  openOrdersMatching,
  orderOf,
  recordEvent,
  recordOrder,
  returnedToOriginSince,
  returnWindowDays,
  setProviderOrderId,
  unpaidOrdersOf,
} from './orders.repository';
export { orderRoutes } from './orders.routes';
