// The checkout module's public surface: what app.ts and other modules may use.
export { checkoutPlugin, DEFAULT_EXPIRY_SWEEP_MS } from './checkout.plugin';
export { paidPrepaymentOf, payOnlineOfferOf } from './cod-pay-online';
export { anonymisePaymentsOf } from './erasure';
export { expireDueOrders, sweepOrders } from './expiry';
export {
  insertRefund,
  type PaymentRow,
  paymentsOfOrder,
  REFUNDABLE_PAYMENT_STATUSES,
  recordRefundedTotal,
  refundRequested,
  refundsOfPayments,
} from './payments.repository';
export { type MadeRefund, type RefundDeps, type RefundPlan, type ReturnedRefund, refund } from './refund';
export { type CheckoutDeps, type PaymentSource, type Settlement, settlePayment } from './settlement';
