// The orders module's public surface: what app.ts and other modules may use.
export {
  CUSTOMER_STATUS_NOTES,
  canMove,
  changeStatus,
  customerHistory,
  ORDER_TRANSITIONS,
  PAID_STATUSES,
  recordEvent,
} from './lifecycle';
export {
  couponHolds,
  type NewOrder,
  type OrderRow,
  openOrdersMatching,
  orderOf,
  recordOrder,
  setProviderOrderId,
} from './orders.repository';
export { orderRoutes } from './orders.routes';
