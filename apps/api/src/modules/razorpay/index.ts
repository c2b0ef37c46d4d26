// The razorpay module's public surface: what app.ts and other modules may use.
export {
  ProviderError,
  RazorpayErrorBody,
  RazorpayPayment,
  RazorpayRefund,
  verifyPaymentSignature,
  verifyWebhookSignature,
} from './razorpay.client';
export { type Payments, paymentCspSources, paymentsPlugin, usesRealRazorpay } from './razorpay.plugin';
