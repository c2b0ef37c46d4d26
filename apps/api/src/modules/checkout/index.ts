// The checkout module's public surface: what app.ts and other modules may use.
export { checkoutPlugin, DEFAULT_EXPIRY_SWEEP_MS } from './checkout.plugin';
export { expireDueOrders } from './expiry';
export { type CheckoutDeps, type PaymentSource, type Settlement, settlePayment } from './settlement';
