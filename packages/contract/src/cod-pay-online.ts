import { z } from 'zod';
import { Id, Rupees } from './common';
import { Owner } from './identity';

/**
 * `POST /api/cod_pay_online` (issue 34, ADR 047): the shopper pays their own cash-on-delivery order online instead,
 * before it ships (a packed one while its parcel is not with the courier). The order is named by its id; the shopper
 * by the session (a guest by their token).
 */
export const CodPayOnlineRequest = z.strictObject({ ...Owner, order_id: Id });
export type CodPayOnlineRequest = z.infer<typeof CodPayOnlineRequest>;

/**
 * Answered as `order_place`'s first call for an online order: the provider order to open the checkout dialog on, for
 * the order's total paid online (no cash-on-delivery fee, less the prepaid discount). The dialog's answer is confirmed
 * by `order_place`'s second call, as any online payment.
 */
export const CodPayOnlineAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  order_id: z.number().int(),
  razorpay_order_id: z.string(),
  /** Paise, as the checkout dialog takes it. */
  amount: z.number().int(),
  currency: z.string(),
  key: z.string(),
  checkout_url: z.string(),
  /** What the order costs paid online, in rupees, and what that saves against cash on delivery. */
  total: Rupees,
  prepaid_discount: Rupees,
  cod_fee_saved: Rupees,
  saving: Rupees,
});
export type CodPayOnlineAnswer = z.infer<typeof CodPayOnlineAnswer>;
