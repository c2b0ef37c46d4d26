import { z } from 'zod';
import { ReturnLine, ReturnRefundMethod, ReturnStatus } from '../returns';
import { ShipmentStatus } from '../shipments';
import { AdminPaging, adminItem, adminList, RupeeAmount, Timestamp } from './common';

/** A return request as the console lists it. */
export const AdminReturnSummary = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  status: ReturnStatus,
  /** The shopper's name and e-mail, from the order. */
  customer: z.string(),
  email: z.string(),
  payment_method: z.enum(['online', 'cod']),
  pieces: z.number().int(),
  has_exchange: z.boolean(),
  has_return: z.boolean(),
  refund_amount: z.number(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AdminReturnSummary = z.infer<typeof AdminReturnSummary>;

/**
 * The courier's reverse pickup of an approved return (POST /returns/:id/pickup, ADR 044), once booked: who comes for
 * the parcel, its AWB and tracking page, and where it is (`delivered`: back at the shop).
 */
export const AdminReturnPickup = z.object({
  awb: z.string(),
  courier_name: z.string().nullable(),
  tracking_url: z.string().nullable(),
  status: ShipmentStatus,
  booked_at: Timestamp,
});
export type AdminReturnPickup = z.infer<typeof AdminReturnPickup>;

/** One return in full, with what the owner may do next. */
export const AdminReturn = AdminReturnSummary.extend({
  lines: z.array(ReturnLine),
  photos: z.array(z.string()),
  decision_message: z.string().nullable(),
  refund: z
    .object({
      amount: z.number(),
      method: ReturnRefundMethod,
      reference: z.string().nullable(),
      provider_refund_id: z.string().nullable(),
      at: Timestamp,
    })
    .nullable(),
  exchange_shipment: z.object({ tracking_note: z.string(), at: Timestamp }).nullable(),
  /** The courier's pickup of the parcel, once booked; null before (or without a courier). */
  pickup: AdminReturnPickup.nullable(),
  /** The owner's possible next steps: approve, reject, receive, refund, ship_exchange. */
  actions: z.array(z.enum(['approve', 'reject', 'receive', 'refund', 'ship_exchange'])),
  history: z.array(
    z.object({
      status: ReturnStatus,
      note: z.string().nullable(),
      customer_note: z.string().nullable(),
      at: Timestamp,
    }),
  ),
});
export type AdminReturn = z.infer<typeof AdminReturn>;

export const AdminReturnListQuery = z.strictObject({ ...AdminPaging, status: ReturnStatus.optional() });
export const AdminReturnListAnswer = adminList(AdminReturnSummary);
export type AdminReturnListAnswer = z.infer<typeof AdminReturnListAnswer>;
export const AdminReturnAnswer = adminItem(AdminReturn);
export type AdminReturnAnswer = z.infer<typeof AdminReturnAnswer>;

/** approve and reject: the message the shopper reads (required to reject). */
export const AdminReturnDecisionRequest = z.strictObject({
  message: z.string().trim().max(1000, 'Keep the message within 1,000 characters.').optional(),
});
export const AdminReturnRejectRequest = z.strictObject({
  message: z.string().trim().min(3, 'Tell the shopper why.').max(1000, 'Keep the message within 1,000 characters.'),
});
/** receive: the parcel came back; its pieces go back on sale. */
export const AdminReturnReceiveRequest = z.strictObject({ note: z.string().trim().max(1000).optional() });
/**
 * refund: a prepaid order's return is refunded through the payment provider (idempotent by the
 * return); a cash-on-delivery order's is recorded as paid back by bank transfer or UPI, with its reference.
 */
export const AdminReturnRefundRequest = z.strictObject({
  method: z.enum(['bank', 'upi']).optional(),
  reference: z.string().trim().min(3, 'Enter the transfer reference.').max(100).optional(),
  amount: RupeeAmount.optional(),
  idempotency_key: z.string().min(8).max(100).optional(),
});
/** ship_exchange: the new size's parcel leaves, with its tracking note for the shopper. */
export const AdminReturnShipRequest = z.strictObject({
  tracking_note: z.string().trim().min(3, 'Enter the courier and tracking number.').max(500),
});
