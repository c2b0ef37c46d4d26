// The orders module's public surface: what app.ts and other modules may use.
export {
  COD_DUE_STATUSES,
  COD_OPEN_STATUSES,
  CUSTOMER_STATUS_NOTES,
  canMove,
  codDuePaise,
  customerHistory,
  ORDER_TRANSITIONS,
  PAID_STATUSES,
} from './lifecycle';
export { queueOrderPlaced, queueRefundMail } from './order-mail';
export {
  changeStatus,
  couponHolds,
  markCashOnDelivery,
  type NewOrder,
  type OrderRow,
  openOrdersMatching,
  orderOf,
  recordEvent,
  recordOrder,
  returnedToOriginSince,
  returnWindowDays,
  setProviderOrderId,
} from './orders.repository';
export { orderRoutes } from './orders.routes';
