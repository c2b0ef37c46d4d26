import type { OrderConfirmedAnswer } from '@kapaas/contract';
import { AppError } from '../../lib/errors';
import type { Owner } from '../../lib/owner';
import { hasCodAdvance, orderOf, paidOnline } from '../orders';
import { ProviderError, type RazorpayPayment, verifyPaymentSignature } from '../razorpay';
import { signedPrepaymentOrder } from './cod-pay-online';
import { paymentByProviderId, wasAccepted } from './payments.repository';
import { type CheckoutDeps, type Settlement, settlePayment } from './settlement';

/** The checkout handler's answer, as the second call of order_place carries it. */
export interface ConfirmInput {
  orderId: number;
  paymentId: string;
  signature: string;
}

const VERIFICATION_FAILED = 'Payment verification failed.';

/** The provider could not be asked (or could not capture): the webhook or the expiry check settles it later. */
const confirmationUnavailable = () =>
  new AppError(
    'PROVIDER_UNAVAILABLE',
    'We could not confirm your payment just now. If money was taken, your order will update by itself shortly.',
    { code: 'PROVIDER_UNAVAILABLE' },
  );

type ConfirmableOrder = NonNullable<Awaited<ReturnType<typeof orderOf>>> & { razorpayOrderId: string };

/**
 * order_place, second call: the checkout handler's answer. The signature is checked against the
 * provider order id the server stored for this (the caller's) order, never the one in the body;
 * the provider confirms the payment is captured (an authorised one is captured, for an account that
 * captures manually); `settlePayment` then marks the order paid once.
 * A repeat answers success and changes nothing; a bad signature changes nothing.
 */
export async function confirmPayment(
  deps: CheckoutDeps,
  owner: Owner,
  input: ConfirmInput,
): Promise<OrderConfirmedAnswer> {
  const order = await signedOrder(deps, owner, input);
  const paid: OrderConfirmedAnswer = {
    success: true,
    message: 'Payment verified successfully.',
    order_id: order.id,
    // A cash-on-delivery order's advance (issue 34) confirms it; the rest is paid at the door. A packed COD order paid
    // online instead stays packed.
    status: hasCodAdvance(order) ? 'cod_confirmed' : order.status === 'packed' ? 'packed' : 'paid',
  };
  // A repeat of a call that already settled: answer as before, without asking the provider again.
  const known = await paymentByProviderId(deps.db, input.paymentId);
  if (known && known.orderId === order.id && wasAccepted(known) && paidOnline(order)) {
    return paid;
  }
  const payment = await providerPayment(deps, order, input.paymentId);
  let settled: Settlement;
  try {
    settled = await settlePayment(deps, payment, 'checkout');
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    deps.log.error({ err: error, orderId: order.id }, 'could not capture the payment with the provider');
    throw confirmationUnavailable();
  }
  if (settled.kind === 'settled' || (settled.kind === 'already' && settled.paid)) return paid;
  throw refusalOf(settled, payment);
}

/** The caller's order, with a provider order whose signature the handler's answer carries; else 404/409/400. */
async function signedOrder(deps: CheckoutDeps, owner: Owner, input: ConfirmInput): Promise<ConfirmableOrder> {
  const order = await orderOf(deps.db, owner, input.orderId);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
  if (order.razorpayOrderId === null) {
    // A cash-on-delivery order paid online instead (cod_pay_online): its offer's Razorpay order signed the answer.
    const { keySecret } = deps.payments;
    const signed = await signedPrepaymentOrder(deps.db, order.id, input.paymentId, input.signature, keySecret);
    if (signed) return { ...order, razorpayOrderId: signed };
  }
  const providerOrderId = order.razorpayOrderId;
  if (!providerOrderId) {
    throw new AppError('CONFLICT', 'This order has no payment to confirm.', { code: 'NO_PAYMENT' });
  }
  if (!verifyPaymentSignature(providerOrderId, input.paymentId, input.signature, deps.payments.keySecret)) {
    deps.log.warn({ orderId: order.id, paymentId: input.paymentId }, 'refused a payment signature');
    throw new AppError('INVALID_DATA', VERIFICATION_FAILED, { code: 'SIGNATURE_MISMATCH' });
  }
  return { ...order, razorpayOrderId: providerOrderId };
}

/** The payment as the provider has it, which must belong to the order's provider order. */
async function providerPayment(
  deps: CheckoutDeps,
  order: ConfirmableOrder,
  paymentId: string,
): Promise<RazorpayPayment> {
  let payment: RazorpayPayment;
  try {
    payment = await deps.payments.client.fetchPayment(paymentId);
  } catch (error) {
    deps.log.error({ err: error, orderId: order.id }, 'could not fetch the payment from the provider');
    if (error instanceof ProviderError && error.status !== null && error.status < 500) {
      throw new AppError('INVALID_DATA', VERIFICATION_FAILED, { code: 'UNKNOWN_PAYMENT' });
    }
    throw confirmationUnavailable();
  }
  if (payment.order_id !== order.razorpayOrderId) {
    throw new AppError('INVALID_DATA', VERIFICATION_FAILED, { code: 'PAYMENT_ORDER_MISMATCH' });
  }
  return payment;
}

/** What the shopper is told when the payment did not pay the order. */
function refusalOf(settled: Exclude<Settlement, { kind: 'settled' }>, payment: RazorpayPayment): AppError {
  switch (settled.kind) {
    case 'already':
      // The webhook got here first and could not accept it; the payment's refusal reason says why.
      return new AppError(
        'CONFLICT',
        'Your payment could not be accepted for this order. It is being refunded in full; the shop has the details.',
        { code: 'NOT_ACCEPTED' },
      );
    case 'refunded':
      return new AppError(
        'CONFLICT',
        `Your payment could not be accepted because ${settled.reason}. It has been refunded in full.`,
        { code: 'REFUNDED' },
      );
    case 'refund_failed':
      return new AppError(
        'CONFLICT',
        `Your payment could not be accepted because ${settled.reason}. It will be refunded in full; the shop has been told.`,
        { code: 'REFUND_PENDING' },
      );
    case 'not_captured':
      return notCaptured(settled, payment);
    case 'unknown_order':
      return new AppError('INVALID_DATA', VERIFICATION_FAILED, { code: 'PAYMENT_ORDER_MISMATCH' });
  }
}

/** A payment that was not (or no longer) captured: refunded before, left uncaptured, failed or pending. */
function notCaptured(settled: Extract<Settlement, { kind: 'not_captured' }>, payment: RazorpayPayment): AppError {
  if (settled.status === 'refunded' || (payment.amount_refunded ?? 0) > 0) {
    return new AppError(
      'CONFLICT',
      'This payment was refunded before it reached the shop, so it cannot pay for this order.',
      { code: 'PAYMENT_REFUNDED' },
    );
  }
  if (settled.reason) {
    return new AppError(
      'CONFLICT',
      `This payment was not taken because ${settled.reason}. Your bank will release the amount it holds.`,
      { code: 'NOT_ACCEPTED' },
    );
  }
  return new AppError(
    'CONFLICT',
    settled.status === 'failed'
      ? 'The payment did not go through. Please try again.'
      : 'Your bank has not confirmed the payment yet. Your order will update as soon as it does.',
    { code: settled.status === 'failed' ? 'PAYMENT_FAILED' : 'PAYMENT_NOT_CAPTURED' },
  );
}
