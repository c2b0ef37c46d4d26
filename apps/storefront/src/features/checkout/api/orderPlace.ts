import type {
  CheckoutHandlerResponse,
  OrderConfirmedAnswer,
  OrderCreatedAnswer,
  OrderPlaceLine,
} from '@kapaas/contract';
import { apiPost } from '../../../lib/api';
import { type Identity, ownerFields } from '../../../lib/session';

export interface OrderToCreate {
  identity: Identity;
  addressId: number;
  couponId: number | null;
  lines: OrderPlaceLine[];
}

/** order_place, first call: the server reserves the stock, prices the order and opens the provider order. */
export function createOrder({ identity, addressId, couponId, lines }: OrderToCreate): Promise<OrderCreatedAnswer> {
  return apiPost<OrderCreatedAnswer>('order_place', {
    ...ownerFields(identity),
    address_id: addressId,
    coupon_id: couponId,
    product_details: lines,
  });
}

/** order_place, second call: the server checks the payment's signature and marks the order paid. */
export function confirmPayment(
  identity: Identity,
  orderId: number,
  payment: CheckoutHandlerResponse,
): Promise<OrderConfirmedAnswer> {
  return apiPost<OrderConfirmedAnswer>('order_place', {
    ...ownerFields(identity),
    order_id: orderId,
    payment_id: payment.razorpay_payment_id,
    razorpay_order_id: payment.razorpay_order_id,
    razorpay_signature: payment.razorpay_signature,
  });
}
