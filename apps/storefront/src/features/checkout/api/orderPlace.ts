import type {
  CheckoutHandlerResponse,
  CodAdvanceAnswer,
  CodOrderPlacedAnswer,
  ConsentPurpose,
  OrderConfirmedAnswer,
  OrderCreatedAnswer,
  OrderPlaceLine,
} from '@kapaas/contract';
import { ApiError, apiPost, NETWORK_ERROR_MESSAGE } from '#storefront/lib/api.ts';
import { type Identity, ownerFields } from '#storefront/lib/session.ts';

export interface OrderToCreate {
  identity: Identity;
  addressId: number;
  couponId: number | null;
  lines: OrderPlaceLine[];
  /** The boxes ticked at checkout (issue 35), and the privacy notice version the page linked to. */
  consents?: ConsentPurpose[] | undefined;
  noticeVersion?: number | undefined;
  /** The "Get order updates on WhatsApp" box (issue 36), for the delivery address's phone. */
  whatsappUpdates?: boolean | undefined;
}

/** The consent fields of an order_place first call: only what the shopper ticked, with the notice version. */
function consentFields({
  consents,
  noticeVersion,
  whatsappUpdates,
}: Pick<OrderToCreate, 'consents' | 'noticeVersion' | 'whatsappUpdates'>) {
  const some = consents && consents.length > 0;
  if (!some && !whatsappUpdates) return {};
  return {
    ...(some ? { consents } : {}),
    ...(whatsappUpdates ? { whatsapp_updates: true } : {}),
    ...(noticeVersion === undefined ? {} : { notice_version: noticeVersion }),
  };
}

/** order_place, first call: the server reserves the stock, prices the order and opens the provider order. */
export async function createOrder({
  identity,
  addressId,
  couponId,
  lines,
  ...consent
}: OrderToCreate): Promise<OrderCreatedAnswer> {
  const answer = await apiPost('order_place', {
    ...ownerFields(identity),
    address_id: addressId,
    coupon_id: couponId,
    product_details: lines,
    ...consentFields(consent),
  });
  // order_place answers both calls; a first call that did not open a provider order cannot go on to pay.
  if (!('razorpay_order_id' in answer) || answer.payment_method !== 'online')
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  return answer;
}

/**
 * order_place, first call with `payment_method: "cod"`: the server places the order for cash on delivery, or refuses
 * (409, COD_NOT_AVAILABLE) with its reason when the shop's rules do not allow it for this order. When the shop asks
 * an advance (issue 34) the answer carries a provider order for it, to pay in the dialog like an online order.
 */
export async function placeCodOrder({
  identity,
  addressId,
  couponId,
  lines,
  ...consent
}: OrderToCreate): Promise<CodOrderPlacedAnswer | CodAdvanceAnswer> {
  const answer = await apiPost('order_place', {
    ...ownerFields(identity),
    address_id: addressId,
    coupon_id: couponId,
    product_details: lines,
    payment_method: 'cod',
    ...consentFields(consent),
  });
  // Anything but a cash-on-delivery placement is not an answer to this call.
  if (!('payment_method' in answer) || answer.payment_method !== 'cod') throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  return answer;
}

/** order_place, second call: the server checks the payment's signature and marks the order paid. */
export async function confirmPayment(
  identity: Identity,
  orderId: number,
  payment: CheckoutHandlerResponse,
): Promise<OrderConfirmedAnswer> {
  const answer = await apiPost('order_place', {
    ...ownerFields(identity),
    order_id: orderId,
    payment_id: payment.razorpay_payment_id,
    razorpay_order_id: payment.razorpay_order_id,
    razorpay_signature: payment.razorpay_signature,
  });
  // A confirmation answers with the order's status; anything else is not an answer to this call.
  if (!('status' in answer)) throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  return answer;
}
