import { z } from 'zod';
import { OrderStatus, PaidBy, PaymentMethod, ShippingAddress } from '../orders';
import { ShipmentStatus } from '../shipments';
import { AdminPaging, adminItem, adminList, Id, RupeeAmount, Rupees, Timestamp } from './common';

/** An order as the admin list shows it. */
export const AdminOrderSummary = z.object({
  id: z.number().int(),
  status: OrderStatus,
  customer: z.object({
    kind: z.enum(['user', 'guest']),
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
  }),
  total_items: z.number().int(),
  total: Rupees,
  refunded: Rupees,
  payment_method: PaymentMethod,
  /** How it was paid: the online payment's method (upi, card, …), or `cod`; null while unpaid, or unknown (older). */
  paid_by: PaidBy.nullable(),
  /** Cash the courier is to collect: the total of a cash-on-delivery order on its way or delivered and not yet recorded as paid, less its advance, else 0. */
  cod_to_collect: Rupees,
  /** The advance a cash-on-delivery order pays online at placement (issue 34); 0: none. Paid once the order is confirmed. */
  cod_advance: Rupees,
  created_at: Timestamp,
  paid_at: Timestamp.nullable(),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummary>;

export const AdminOrderLine = z.object({
  product_id: z.number().int(),
  size_id: z.number().int(),
  product_name: z.string(),
  size: z.string(),
  product_image: z.string(),
  unit_price: Rupees,
  list_price: Rupees,
  quantity: z.number().int(),
  line_total: Rupees,
});

/** Where a payment stands (ADR 020, docs/payment-states.md); `refunded` on the payment says how much went back. */
export const PAYMENT_STATUS_VALUES = [
  'failed',
  'accepted',
  'refund_pending',
  'refund_failed',
  'partially_refunded',
  'refunded',
] as const;
export const AdminPaymentStatus = z.enum(PAYMENT_STATUS_VALUES);
export type AdminPaymentStatus = z.infer<typeof AdminPaymentStatus>;

/** Statuses of a payment that may still have money to give back from the console (with `refunded` below `amount`). */
export const REFUNDABLE_ADMIN_PAYMENT_STATUSES: readonly AdminPaymentStatus[] = AdminPaymentStatus.exclude([
  'failed',
  'refunded',
]).options;

export const AdminOrderPayment = z.object({
  provider_payment_id: z.string(),
  amount: Rupees,
  refunded: Rupees,
  status: AdminPaymentStatus,
  /** Why the shop did not accept this payment (it is then refunded); null when it paid its order. */
  refusal_reason: z.string().nullable(),
  /** Razorpay's method of the payment (`upi`, `card`, `netbanking`, `wallet`, …); null on older payments: unknown. */
  method: z.string().nullable(),
  /** Its detail, as Razorpay's payment entity gave it: the UPI id, the bank's code, the wallet, the card. */
  vpa: z.string().nullable(),
  bank: z.string().nullable(),
  wallet: z.string().nullable(),
  card: z.object({ network: z.string().nullable(), last4: z.string() }).nullable(),
  refunds: z.array(z.object({ provider_refund_id: z.string(), amount: Rupees, created_at: Timestamp })),
});

export type AdminOrderPayment = z.infer<typeof AdminOrderPayment>;

/**
 * Another cash-on-delivery order not yet shipped that shares this order's shopper (account or guest), phone number or
 * delivery address: what the shop counts against cod_max_open_orders, for the owner deciding on this one.
 */
export const AdminOpenCodOrder = z.object({
  id: z.number().int(),
  status: OrderStatus,
  total: Rupees,
  created_at: Timestamp,
  /** What it shares with this order. */
  shared: z.array(z.enum(['shopper', 'phone', 'address'])),
});
export type AdminOpenCodOrder = z.infer<typeof AdminOpenCodOrder>;

/** An order's parcel booked with a courier (ADR 044), as the console shows it. */
export const AdminShipment = z.object({
  awb: z.string(),
  courier_name: z.string().nullable(),
  tracking_url: z.string().nullable(),
  /** The courier's own link to its label; GET /orders/:id/label.pdf serves the label through the shop. */
  label_url: z.string().nullable(),
  status: ShipmentStatus,
  /** Failed delivery attempts so far, and the courier's reason for the last. */
  attempts: z.number().int(),
  last_reason: z.string().nullable(),
  /** The courier's expected delivery date, or null. */
  etd: Timestamp.nullable(),
  booked_at: Timestamp,
});
export type AdminShipment = z.infer<typeof AdminShipment>;
export const AdminShipmentAnswer = adminItem(AdminShipment);

/** GET /shipments: the parcels in a status, newest change first (`undelivered`: the failed deliveries to act on). */
export const AdminShipmentListQuery = z.strictObject({ ...AdminPaging, status: ShipmentStatus.optional() });
/** Where an answer to a failed delivery came from: the owner's console, the shopper's link, a tap on WhatsApp. */
export const NdrAnsweredVia = z.enum(['console', 'link', 'whatsapp']);
/** A parcel in the list, with its order and the shopper's name and phone to call. */
export const AdminShipmentListItem = AdminShipment.extend({
  order_id: Id,
  customer_name: z.string(),
  phone_number: z.string(),
  status_at: Timestamp.nullable(),
  /**
   * The answer to its last failed attempt already passed to the courier (from where, and when), or null: an undelivered
   * parcel answered waits for the courier's next update, and needs no call.
   */
  answered: z.object({ via: NdrAnsweredVia, at: Timestamp }).nullable(),
});
export type AdminShipmentListItem = z.infer<typeof AdminShipmentListItem>;
export const AdminShipmentListAnswer = adminList(AdminShipmentListItem);

/**
 * POST /shipments/:awb/ndr-action: what the courier is to do after a failed delivery: try again (on a day, at a
 * corrected phone number or address, each optional), or bring the parcel back to the shop.
 */
export const AdminNdrActionRequest = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('re-attempt'),
    date: z.iso.date({ error: 'Give the day as YYYY-MM-DD.' }).optional(),
    phone: z
      .string()
      .trim()
      .regex(/^[6-9]\d{9}$/, 'A 10-digit mobile number.')
      .optional(),
    address: z.string().trim().min(5, 'At least 5 characters.').max(200).optional(),
  }),
  z.strictObject({ action: z.literal('return') }),
]);
export type AdminNdrActionRequest = z.infer<typeof AdminNdrActionRequest>;
export const AdminAwbParams = z.strictObject({ awb: z.string().regex(/^[A-Za-z0-9-]{6,40}$/, 'An AWB number.') });

export const AdminOrder = AdminOrderSummary.extend({
  shipping_address: ShippingAddress,
  items_total: Rupees,
  discount: Rupees,
  /** The prepaid discount for paying online (ADR 047); 0 for cash on delivery. */
  prepaid_discount: Rupees,
  shipping_charge: Rupees,
  cod_fee: Rupees,
  /** The zone of the delivery PIN code, or null for orders placed before zones. */
  shipping_zone: z.string().nullable(),
  /** The latest delivery date promised (YYYY-MM-DD), or null for orders placed before zones. */
  delivery_by: z.string().nullable(),
  /** When a parcel returned to origin was received back and its pieces put back on sale, or null. */
  return_received_at: Timestamp.nullable(),
  coupon_code: z.string().nullable(),
  razorpay_order_id: z.string().nullable(),
  lines: z.array(AdminOrderLine),
  payments: z.array(AdminOrderPayment),
  /** `note` is the shop's; `customer_note`, when set, is what the shopper was told instead of the usual sentence. */
  history: z.array(
    z.object({ status: OrderStatus, note: z.string().nullable(), customer_note: z.string().nullable(), at: Timestamp }),
  ),
  /**
   * The tax invoice (GET /orders/:id/invoice), issued when an online order was paid and when a cash-on-delivery order
   * was shipped, or null: not yet, or the shop was not registered for GST then.
   */
  invoice_number: z.string().nullable(),
  /** The statuses this order may move to next through POST /orders/:id/status. */
  next_statuses: z.array(OrderStatus),
  /** The shopper's other cash-on-delivery orders not yet shipped, newest first. */
  open_cod_orders: z.array(AdminOpenCodOrder),
  /** The parcel booked with the courier ("Ship with courier"), or null: not yet, or shipped by hand. */
  shipment: AdminShipment.nullable(),
  /**
   * A COD order's confirmation asked on WhatsApp with its Confirm order button (issue 36), and how far the message got
   * (`queued` before Meta's first status; `failed` also once it went by e-mail instead), or null: not asked there, so
   * the owner calls. Optional for older answers.
   */
  cod_confirmation_whatsapp: z
    .object({ status: z.enum(['queued', 'sent', 'delivered', 'read', 'failed']) })
    .nullable()
    .optional(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

export const AdminOrderListQuery = z.strictObject({
  ...AdminPaging,
  status: OrderStatus.optional(),
  /** Placed on or after this day or instant (ISO 8601). */
  from: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
  /** Placed before the end of this day, or before this instant (ISO 8601). */
  to: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
  user_id: Id.optional(),
  guest_id: Id.optional(),
  /** Orders holding a payment in this state (`refund_failed`: money the owner must give back by hand). */
  payment_status: AdminPaymentStatus.optional(),
  /** Orders paid online, or cash-on-delivery orders. */
  payment_method: PaymentMethod.optional(),
  /** Orders paid by this method (`cod`: cash-on-delivery orders). */
  paid_by: PaidBy.optional(),
});
export const AdminOrderListAnswer = adminList(AdminOrderSummary);
/** The same filters for the CSV export of every matching order. */
export const AdminOrderExportQuery = AdminOrderListQuery.omit({ page: true, per_page: true });
export const AdminOrderAnswer = adminItem(AdminOrder);

export const AdminOrderStatusRequest = z.strictObject({
  status: OrderStatus,
  /** For the shop's records. */
  note: z.string().trim().max(500).optional(),
  /** Shown to the shopper with the new status (a courier and tracking number, say). */
  customer_note: z.string().trim().max(500).optional(),
});
export type AdminOrderStatusRequest = z.infer<typeof AdminOrderStatusRequest>;

/** POST /orders/:id/cod-collected: the courier's cash for a delivered cash-on-delivery order reached the shop. */
export const AdminCodCollectedRequest = z.strictObject({
  /** For the shop's records, after the sentence saying who recorded how much. */
  note: z.string().trim().max(500).optional(),
});
export type AdminCodCollectedRequest = z.infer<typeof AdminCodCollectedRequest>;

/** POST /orders/:id/return-received: a parcel returned to origin is back in the shop. */
export const AdminReturnReceivedRequest = z.strictObject({
  note: z.string().trim().max(500).optional(),
});
export type AdminReturnReceivedRequest = z.infer<typeof AdminReturnReceivedRequest>;

/** GET /dashboard: the figures of the console's dashboard that the order list cannot give. */
export const AdminDashboard = z.object({
  /**
   * Cash-on-delivery orders whose cash is still to come (placed, confirmed, packed, shipped, or delivered with the cash
   * not yet recorded), and their total: the sum of their `cod_to_collect`.
   */
  cod_to_collect: z.object({ count: z.number().int(), amount: Rupees }),
  /**
   * Return requests waiting on the shop: `to_decide` were asked for (approve or reject); `to_settle` came back and
   * still have a refund to make or an exchange to ship (received, refunded or exchange_shipped).
   */
  returns_to_handle: z.object({ to_decide: z.number().int(), to_settle: z.number().int() }),
  /**
   * Orders placed in the last 30 days that went through (paid online, or placed with cash on delivery; not those
   * awaiting or failing payment), by how they were paid, most first; `share` is the fraction of them (0–1) and
   * `paid_by` null counts older payments whose method is unknown.
   */
  paid_by: z.array(z.object({ paid_by: PaidBy.nullable(), count: z.number().int(), share: z.number() })),
  /**
   * The same orders split into paid online (`prepaid`) and cash on delivery (`cod`), with their shares (0–1), and how
   * many of them were placed as cash on delivery and then paid online (counted in `prepaid` now; issue 34).
   */
  payment_shares: z.object({
    prepaid: z.object({ count: z.number().int(), share: z.number() }),
    cod: z.object({ count: z.number().int(), share: z.number() }),
    cod_moved_to_prepaid: z.number().int(),
  }),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;
export const AdminDashboardAnswer = adminItem(AdminDashboard);

/**
 * Without `amount`, everything not yet refunded is refunded and the order is cancelled and restocked.
 * `idempotency_key` names one refund the owner asked for: the same request sent again with the same
 * key (a retry after a lost answer, a double click) makes no second refund. The console sends a new
 * key for each refund form it submits.
 */
export const AdminRefundRequest = z.strictObject({
  amount: RupeeAmount.optional(),
  note: z.string().trim().max(500).optional(),
  idempotency_key: z
    .string()
    .regex(/^[A-Za-z0-9_-]{10,40}$/, 'Must be 10 to 40 letters, digits, hyphens or underscores.')
    .optional(),
});
export type AdminRefundRequest = z.infer<typeof AdminRefundRequest>;

/** The month of a GST report (GET /reports/gst.csv?month=2026-11), in India's time. */
export const AdminGstReportQuery = z.strictObject({
  month: z.string().regex(/^20[0-9]{2}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM, e.g. 2026-11.'),
});
export const AdminCreditNoteParams = z.strictObject({ id: Id, credit_note_id: Id });

/** Orders whose parcel is still to be packed or on its way: the ones the batch print takes (POST /orders/print.pdf). */
export const PRINTABLE_ORDER_STATUSES = [
  'paid',
  'cod_confirmed',
  'packed',
  'shipped',
] as const satisfies readonly z.infer<typeof OrderStatus>[];
/** The most orders one batch print takes. */
export const MAX_PRINT_ORDERS = 100;
/** What a batch print holds: each order's courier label then its packing slip (the default), or one of them. */
export const PRINT_CONTENTS = ['labels_and_slips', 'labels', 'slips'] as const;

/**
 * POST /orders/print.pdf: one PDF of the chosen orders' courier labels and packing slips (no prices), in the order
 * given; an id given twice is printed once.
 */
export const AdminPrintRequest = z.strictObject({
  order_ids: z
    .array(Id)
    .min(1, 'Choose at least one order to print.')
    .max(MAX_PRINT_ORDERS, `At most ${MAX_PRINT_ORDERS} orders are printed at once: choose fewer.`),
  what: z.enum(PRINT_CONTENTS, { error: 'Choose labels_and_slips, labels or slips.' }).default('labels_and_slips'),
});
export type AdminPrintRequest = z.input<typeof AdminPrintRequest>;
