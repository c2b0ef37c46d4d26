// The orders module's public surface: what app.ts and other modules may use.
export { CUSTOMER_STATUS_NOTES, canMove, customerHistory, ORDER_TRANSITIONS, PAID_STATUSES } from './lifecycle';
export {
  changeStatus,
  couponHolds,
  type NewOrder,
  type OrderRow,
  openOrdersMatching,
  orderOf,
  recordEvent,
  recordOrder,
  setProviderOrderId,
} from './orders.repository';
export { orderRoutes } from './orders.routes';
