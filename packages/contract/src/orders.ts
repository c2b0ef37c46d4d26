import { z } from 'zod';
import { PHONE_NUMBER_MESSAGE, PHONE_NUMBER_PATTERN } from './address-formats';
import { Id, MAX_INT4, Rupees } from './common';
import { FormConsents, NoticeVersion } from './consent';
import { Owner } from './identity';
import { RETURN_STATUS_VALUES, ReturnRule } from './returns';
import { OrderShipment } from './shipments';

export const ORDER_STATUS_VALUES = [
  'pending_payment',
  'paid',
  'packed',
  'shipped',
  'delivered',
  'payment_failed',
  'expired',
  'cancelled',
  'refunded',
  'cod_pending_confirmation',
  'cod_confirmed',
  'returned_to_origin',
] as const;
export const OrderStatus = z.enum(ORDER_STATUS_VALUES);

/** How an order is paid: online through Razorpay, or in cash to the courier at the door. */
export const PAYMENT_METHOD_VALUES = ['online', 'cod'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHOD_VALUES, { error: 'Choose "online" or "cod".' });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/**
 * How an order was paid, as the shopper and the owner see it: the method of the online payment that paid it (as
 * Razorpay's payment entity names it: UPI, card, netbanking, wallet; `other` for its rarer methods such as EMI or pay
 * later), or `cod` for cash on delivery.
 */
export const PAID_BY_VALUES = ['upi', 'card', 'netbanking', 'wallet', 'other', 'cod'] as const;
export const PaidBy = z.enum(PAID_BY_VALUES, { error: 'Choose upi, card, netbanking, wallet, other or cod.' });
export type PaidBy = z.infer<typeof PaidBy>;

/** Words for each way of paying ("Paid by UPI"). */
export const PAID_BY_LABELS: Readonly<Record<PaidBy, string>> = {
  upi: 'UPI',
  card: 'Card',
  netbanking: 'Netbanking',
  wallet: 'Wallet',
  other: 'Other online method',
  cod: 'Cash on delivery',
};

/** The words for how an order was paid; null (a payment from before the shop kept it) is "Not recorded". */
export function paidByLabel(paidBy: PaidBy | null): string {
  return paidBy === null ? 'Not recorded' : PAID_BY_LABELS[paidBy];
}

/**
 * An order's `paid_by` from its payment method and the provider's method of the payment that paid it: `cod` for a
 * cash-on-delivery order; null for an online order not paid yet, or paid before the shop kept the method (unknown).
 */
export function paidByOf(paymentMethod: PaymentMethod, providerMethod: string | null | undefined): PaidBy | null {
  if (paymentMethod === 'cod') return 'cod';
  if (!providerMethod) return null;
  const known = PaidBy.exclude(['cod', 'other']).safeParse(providerMethod);
  return known.success ? known.data : 'other';
}

/** A line of an order, as it was bought. */
export const OrderLine = z.object({
  product_id: z.number().int(),
  product_image: z.string(),
  product_name: z.string(),
  product_size: z.string(),
  /** The size's id, which a return request names. */
  size_id: z.number().int(),
  product_quantity: z.number().int(),
  /** What one piece cost. */
  product_amount: Rupees,
  product_total: Rupees,
  /** The return rule the line was bought under (ADR 058): what a return request may ask of it. */
  return_rule: ReturnRule,
});
export type OrderLine = z.infer<typeof OrderLine>;

export const ShippingAddress = z.object({
  first_name: z.string(),
  last_name: z.string(),
  address: z.string(),
  state: z.string(),
  city: z.string(),
  pin_code: z.string(),
  email_id: z.string(),
  phone_number: z.string(),
});

export const OrderSummary = z.object({
  order_id: z.number().int(),
  /** ISO 8601. */
  created_date: z.string(),
  status: OrderStatus,
  total_items: z.number().int(),
  total: Rupees,
  /** "cod": the shopper pays in cash at the door. */
  payment_method: PaymentMethod,
  /** What the courier collects at the door: the total of a cash-on-delivery order not yet paid, else 0. */
  amount_due_on_delivery: Rupees,
  /** The delivery date promised when the order was placed (YYYY-MM-DD, India's calendar), or null for older orders. */
  delivery_by: z.string().nullable(),
  description: z.array(OrderLine),
  /**
   * How it is paid ("Paid by UPI"): `cod` for cash on delivery; for an online order the method of the payment that paid
   * it; null while unpaid, or for an older order. Older answers of `my_orders` leave it out.
   */
  paid_by: PaidBy.nullable().optional(),
  /**
   * A cash-on-delivery order's advance (issue 34), once paid online and while the shop holds it: the amount in rupees
   * and how it was paid (null: not recorded); the rest is `amount_due_on_delivery`. Null otherwise; older answers
   * leave it out.
   */
  cod_advance: z.object({ amount: Rupees, paid_by: PaidBy.nullable() }).nullable().optional(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const MyOrdersRequest = z.strictObject({
  ...Owner,
  /** Only orders of the past 1, 2 or 3 months; all when absent. */
  months: z.union([z.literal(1), z.literal(2), z.literal(3), z.enum(['1', '2', '3']).transform(Number)]).optional(),
});
export const MyOrdersAnswer = z.object({ success: z.literal(true), data: z.array(OrderSummary) });
export type MyOrdersAnswer = z.infer<typeof MyOrdersAnswer>;

export const OrderDetailsRequest = z.strictObject({ ...Owner, order_id: Id });
export const OrderDetail = OrderSummary.extend({
  shipping_address: ShippingAddress,
  /** Rupees; 0 shows as Free. */
  shipping_charge: Rupees,
  items_total: Rupees,
  coupon_code: z.string().nullable(),
  coupon_discount: Rupees,
  /** The prepaid discount for paying online (ADR 047), in rupees; 0 for cash on delivery. */
  prepaid_discount: Rupees,
  /** The cash-on-delivery fee, in rupees; 0 for an order paid online. */
  cod_fee: Rupees,
  /** ISO 8601: when the money was received (online: the payment; cash on delivery: the cash recorded), else null. */
  paid_at: z.string().nullable(),
  /** The provider's payment id once paid. */
  payment_id: z.string().nullable(),
  /** How it was paid ("Paid by UPI"): `cod` for cash on delivery; null while unpaid, or for an older order. */
  paid_by: PaidBy.nullable(),
  /** The GST tax invoice's number once the order is paid (order_invoice answers it), else null. */
  invoice_number: z.string().nullable(),
  history: z.array(z.object({ status: OrderStatus, note: z.string().nullable(), at: z.string() })),
  /** The last moment (ISO 8601) a return or exchange may be asked for: the delivery plus the shop's return window; null when not delivered. */
  return_until: z.string().nullable(),
  /** The return requests made for this order. */
  returns: z.array(z.object({ return_id: z.number().int(), status: z.enum(RETURN_STATUS_VALUES) })),
  /** The parcel once the shop has booked it with a courier (ADR 044); null before, and for an order shipped by hand. */
  shipment: OrderShipment.nullable(),
  /**
   * A cash-on-delivery order that can still be paid online instead (issue 34, `cod_pay_online`): what it costs paid
   * online now and what that saves (the COD fee and the prepaid discount), in rupees; null otherwise. Older answers
   * leave it out.
   */
  pay_online: z.object({ total: Rupees, saving: Rupees }).nullable().optional(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;
export const OrderDetailsAnswer = z.object({ success: z.literal(true), data: OrderDetail });
export type OrderDetailsAnswer = z.infer<typeof OrderDetailsAnswer>;

/**
 * track_order (public, no session): an order's number and the phone number it was placed with (its address's)
 * answer where the order and its parcel stand, and nothing personal.
 */
/** track_order's one text for an order number that is missing or not one, beside the field. */
export const ORDER_NUMBER_MESSAGE = 'Enter your order number: the digits after # in your order e-mail.';
export const TrackOrderRequest = z.strictObject({
  // Id's two shapes, each with the form's words: a failed union answers one branch's own issue, not its `error`.
  order_id: z.union(
    [
      z
        .number({ error: ORDER_NUMBER_MESSAGE })
        .int(ORDER_NUMBER_MESSAGE)
        .positive(ORDER_NUMBER_MESSAGE)
        .max(MAX_INT4, ORDER_NUMBER_MESSAGE),
      z
        .string({ error: ORDER_NUMBER_MESSAGE })
        .trim()
        .regex(/^[1-9][0-9]{0,9}$/, ORDER_NUMBER_MESSAGE)
        .transform(Number)
        .pipe(z.number().max(MAX_INT4, ORDER_NUMBER_MESSAGE)),
    ],
    { error: ORDER_NUMBER_MESSAGE },
  ),
  phone_number: z
    .string({ error: 'Please enter the phone number the order was placed with.' })
    .trim()
    .regex(PHONE_NUMBER_PATTERN, PHONE_NUMBER_MESSAGE),
});
export type TrackOrderRequest = z.input<typeof TrackOrderRequest>;
export const TrackedOrder = z.object({
  order_id: z.number().int(),
  status: OrderStatus,
  /** ISO 8601. */
  created_date: z.string(),
  /** The delivery date promised when the order was placed (YYYY-MM-DD, India's calendar), or null. */
  delivery_by: z.string().nullable(),
  shipment: OrderShipment.nullable(),
});
export type TrackedOrder = z.infer<typeof TrackedOrder>;
export const TrackOrderAnswer = z.object({ success: z.literal(true), data: TrackedOrder });
export type TrackOrderAnswer = z.infer<typeof TrackOrderAnswer>;

// ---------------------------------------------------------------------------------------------
// order_place (product.md §7, product.md §14): one endpoint, two calls told apart by their fields.

/** An amount the original storefront sends and the server never reads (product.md §12). */
const IgnoredAmount = z
  .union([z.number(), z.string().max(32), z.null()])
  .optional()
  .describe('Sent by the original storefront; ignored: the server prices everything itself.');

/** One line the shopper buys: a product of their cart, in a size, some pieces. */
export const OrderPlaceLine = z.strictObject({
  product_id: Id,
  /** The size_id; may be left out when the cart holds the product in one size only. */
  size: Id.optional(),
  quantity: z.number().int('The quantity must be a whole number.').min(1, 'The quantity must be at least 1.').max(1000),
  product_amount: IgnoredAmount,
  product_total: IgnoredAmount,
});
export type OrderPlaceLine = z.input<typeof OrderPlaceLine>;

/** First call: reserve the stock, price the order and open the provider order. */
export const OrderCreateRequest = z.strictObject({
  ...Owner,
  address_id: Id,
  /** A coupon to apply; null, 0 or "" for none. */
  coupon_id: z.union([Id, z.null(), z.literal(0), z.literal('')]).optional(),
  product_details: z
    .array(OrderPlaceLine)
    .min(1, 'Your order has no items.')
    .max(50, 'An order can have at most 50 lines.'),
  coupon_discount: IgnoredAmount,
  total: IgnoredAmount,
  /** "online" (the default, so older clients keep working) or "cod": cash on delivery, when the shop's rules allow it. */
  payment_method: PaymentMethod.optional(),
  /** The privacy notice the checkout linked to (issue 35), recorded with the consents ticked. */
  notice_version: NoticeVersion.optional(),
  /** The purposes the shopper ticked at checkout (never ticked for them), each recorded in the consent ledger. */
  consents: FormConsents.optional(),
  /**
   * The unticked "Get order updates on WhatsApp" box (issue 36): true records `whatsapp_updates` for the delivery
   * address's phone, the number the messages go to; false or absent records nothing.
   */
  whatsapp_updates: z.boolean({ error: 'Tick or untick the WhatsApp box.' }).optional(),
});
export type OrderCreateRequest = z.input<typeof OrderCreateRequest>;

const ProviderId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_]+$/, 'Not a payment reference');

/** Second call, after the checkout handler: verify the payment and settle the order. */
export const OrderConfirmRequest = z.strictObject({
  ...Owner,
  order_id: Id,
  /** The checkout handler's razorpay_payment_id. */
  payment_id: ProviderId,
  /** What the browser says the provider order is; the server checks against the one it stored. */
  razorpay_order_id: ProviderId.optional(),
  razorpay_signature: z.string().min(1).max(128),
});
export type OrderConfirmRequest = z.input<typeof OrderConfirmRequest>;

/**
 * Both calls in one body schema, so that a mistake is reported on its own field: a body with
 * `razorpay_signature` (or `payment_id`) is the second call and needs order_id, payment_id and
 * razorpay_signature; any other body is the first call and needs address_id and product_details.
 */
export const OrderPlaceRequest = z
  .strictObject({
    ...OrderCreateRequest.partial().shape,
    ...OrderConfirmRequest.partial().shape,
  })
  .superRefine((body, ctx) => {
    const confirming = body.razorpay_signature !== undefined || body.payment_id !== undefined;
    const needed = confirming
      ? (['order_id', 'payment_id', 'razorpay_signature'] as const)
      : (['address_id', 'product_details'] as const);
    for (const field of needed) {
      if (body[field] === undefined)
        ctx.addIssue({ code: 'custom', path: [field], message: 'This field is required.' });
    }
    if (confirming) {
      for (const field of ['address_id', 'product_details', 'coupon_id', 'payment_method'] as const) {
        if (body[field] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [field], message: 'Not part of the payment confirmation.' });
        }
      }
    }
  });
export type OrderPlaceRequest = z.input<typeof OrderPlaceRequest>;

/** What both kinds of first call answer: the order as the server priced it, in rupees, and when it should arrive. */
const PlacedOrder = {
  success: z.literal(true),
  message: z.string(),
  order_id: z.number().int(),
  items_total: Rupees,
  coupon_discount: Rupees,
  /** The prepaid discount (ADR 047) taken off the goods after the coupon for paying online; 0 for cash on delivery. */
  prepaid_discount: Rupees,
  /** The shipping charge of the address's zone; 0 shows as Free. */
  shipping_charge: Rupees,
  /** The cash-on-delivery fee; 0 for an order paid online. */
  cod_fee: Rupees,
  total: Rupees,
  /** The zone of the delivery address's PIN code. */
  shipping_zone: z.enum(['local', 'metro', 'rest', 'remote']),
  /** The latest delivery date promised (YYYY-MM-DD, India's calendar), stored with the order. */
  delivery_by: z.string(),
};

/** The first call's answer for an online payment: what the checkout dialog is opened with. */
export const OrderCreatedAnswer = z.object({
  ...PlacedOrder,
  payment_method: z.literal('online'),
  razorpay_order_id: z.string(),
  /** Paise, as the checkout dialog takes it. */
  amount: z.number().int(),
  currency: z.string(),
  /** The provider's public key id for the dialog. */
  key: z.string(),
  /** Where to load checkout.js from (the built-in sandbox unless real keys are configured). */
  checkout_url: z.string(),
  /** ISO 8601: after this the unpaid order expires and its stock is released. */
  expires_at: z.string(),
});
export type OrderCreatedAnswer = z.infer<typeof OrderCreatedAnswer>;

/**
 * The first call's answer for cash on delivery: the order is placed, its stock taken, and it never expires. There is
 * no provider order; `status` is cod_confirmed, or cod_pending_confirmation when the owner confirms such orders first.
 */
export const CodOrderPlacedAnswer = z.object({
  ...PlacedOrder,
  payment_method: z.literal('cod'),
  status: OrderStatus,
  /** What the courier collects at the door: the total. */
  amount_due_on_delivery: Rupees,
  /**
   * Whether the shop asked the shopper to confirm this order on WhatsApp (issue 36): a cod_pending_confirmation order
   * whose confirmation, with its Confirm order button, was queued for WhatsApp (the box ticked, the kind on, its
   * template approved). False: the shop calls. The server always says it; optional for older answers.
   */
  confirm_on_whatsapp: z.boolean().optional(),
  /** With confirm_on_whatsapp: the number the confirmation went to, as the shopper reads it (`+91 98470 12345`). */
  whatsapp_number: z.string().optional(),
});
export type CodOrderPlacedAnswer = z.infer<typeof CodOrderPlacedAnswer>;

/**
 * The first call's answer for cash on delivery when the shop asks an advance (issue 34, `cod_advance_for`): the order
 * waits in pending_payment, holding its stock, until the advance is paid in the checkout dialog like an online order
 * (`amount`, in paise, is the advance's) and confirmed by the second call; unpaid, it expires like an online order.
 */
export const CodAdvanceAnswer = OrderCreatedAnswer.extend({
  payment_method: z.literal('cod'),
  status: z.literal('pending_payment'),
  /** The advance to pay now online, in rupees. */
  cod_advance: Rupees,
  /** What the courier collects at the door: the total less the advance. */
  amount_due_on_delivery: Rupees,
});
export type CodAdvanceAnswer = z.infer<typeof CodAdvanceAnswer>;

/** The second call's answer; a repeat answers the same. */
export const OrderConfirmedAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  order_id: z.number().int(),
  status: OrderStatus,
});
export type OrderConfirmedAnswer = z.infer<typeof OrderConfirmedAnswer>;

// The advance's answer before the plain COD one: the first matching member serialises, and would drop its fields.
export const OrderPlaceAnswer = z.union([
  OrderCreatedAnswer,
  CodAdvanceAnswer,
  CodOrderPlacedAnswer,
  OrderConfirmedAnswer,
]);
export type OrderPlaceAnswer = z.infer<typeof OrderPlaceAnswer>;

/** What the sandbox's test checkout answers and the checkout handler receives. */
export const CheckoutHandlerResponse = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});
export type CheckoutHandlerResponse = z.infer<typeof CheckoutHandlerResponse>;
