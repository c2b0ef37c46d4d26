import type { Templates } from '../render';
import { contactReceived, ownerContact, welcome } from './account';
import { backInStock } from './back-in-stock';
import { cartReminder } from './cart-reminder';
import { newsletterConfirm } from './newsletter-confirm';
import { nextSizeSoon } from './next-size-soon';
import {
  orderCancelled,
  orderCodUnconfirmed,
  orderDelivered,
  orderPaid,
  orderPlaced,
  orderRefunded,
  orderShipped,
  ownerNewOrder,
} from './orders';
import { ownerSoldOut } from './owner-sold-out';
import { passwordReset } from './password-reset';
import {
  breachNotice,
  myDataExport,
  ownerPrivacyRequest,
  privacyRequestAnswer,
  privacyRequestConfirm,
} from './privacy';
import {
  ownerReturnRequested,
  returnApproved,
  returnExchangeShipped,
  returnReceived,
  returnRefunded,
  returnRejected,
  returnRequested,
} from './returns';
import { reviewRequest } from './review-request';
import { shipmentOutForDelivery, shipmentUndelivered } from './shipments';

/** The template of each kind of message (kinds.ts). */
export const TEMPLATES: Templates = {
  welcome,
  order_placed: orderPlaced,
  order_paid: orderPaid,
  order_shipped: orderShipped,
  order_delivered: orderDelivered,
  order_cancelled: orderCancelled,
  order_cod_unconfirmed: orderCodUnconfirmed,
  order_refunded: orderRefunded,
  shipment_out_for_delivery: shipmentOutForDelivery,
  shipment_undelivered: shipmentUndelivered,
  contact_received: contactReceived,
  password_reset: passwordReset,
  owner_new_order: ownerNewOrder,
  owner_contact: ownerContact,
  cart_reminder: cartReminder,
  owner_sold_out: ownerSoldOut,
  back_in_stock: backInStock,
  newsletter_confirm: newsletterConfirm,
  return_requested: returnRequested,
  return_approved: returnApproved,
  return_rejected: returnRejected,
  return_received: returnReceived,
  return_refunded: returnRefunded,
  return_exchange_shipped: returnExchangeShipped,
  owner_return_requested: ownerReturnRequested,
  review_request: reviewRequest,
  next_size_soon: nextSizeSoon,
  privacy_request_confirm: privacyRequestConfirm,
  privacy_request_answer: privacyRequestAnswer,
  breach_notice: breachNotice,
  owner_privacy_request: ownerPrivacyRequest,
  my_data_export: myDataExport,
};
