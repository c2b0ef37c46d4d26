import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * The built-in Razorpay sandbox (apps/api/src/dev/razorpay-sandbox): the state of an emulated
 * provider, used only when no real Razorpay keys are configured. Nothing in the shop reads
 * these tables; the shop's own record of money is `orders` / `payments` / `payment_events`.
 * Ids are Razorpay-shaped text ids (order_…, pay_…, rfnd_…).
 */

export const SANDBOX_ORDER_STATUSES = ['created', 'attempted', 'paid'] as const;
export const SANDBOX_PAYMENT_STATUSES = ['created', 'authorized', 'captured', 'refunded', 'failed'] as const;

/** An order at the emulated provider. Receipts are unique, as with Razorpay's `unique_receipt`. */
export const sandboxRazorpayOrders = pgTable(
  'sandbox_razorpay_orders',
  {
    id: text('id').primaryKey(),
    amountPaise: integer('amount_paise').notNull(),
    amountPaidPaise: integer('amount_paid_paise').notNull().default(0),
    currency: text('currency').notNull(),
    receipt: text('receipt').unique('sandbox_razorpay_orders_receipt_unique'),
    status: text('status', { enum: SANDBOX_ORDER_STATUSES }).notNull().default('created'),
    attempts: integer('attempts').notNull().default(0),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_razorpay_orders_amount_positive', sql`${t.amountPaise} > 0`),
    check('sandbox_razorpay_orders_paid_within_amount', sql`${t.amountPaidPaise} BETWEEN 0 AND ${t.amountPaise}`),
  ],
);

/** Razorpay's payment methods the sandbox emulates (the payment entity's `method`). */
export const SANDBOX_PAYMENT_METHODS = ['card', 'upi', 'netbanking', 'wallet'] as const;

/**
 * A payment attempt on a sandbox order: captured (or authorised) for a paying test value, failed,
 * or `created` while a UPI QR/intent payment waits for the shopper's app. Of `cardLast4`/
 * `cardNetwork`, `vpa`, `bank` and `wallet`, the one of its method is set.
 */
export const sandboxRazorpayPayments = pgTable(
  'sandbox_razorpay_payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => sandboxRazorpayOrders.id, { onDelete: 'cascade' }),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: SANDBOX_PAYMENT_STATUSES }).notNull(),
    method: text('method', { enum: SANDBOX_PAYMENT_METHODS }).notNull().default('card'),
    captured: boolean('captured').notNull().default(false),
    amountRefundedPaise: integer('amount_refunded_paise').notNull().default(0),
    cardLast4: text('card_last4'),
    cardNetwork: text('card_network'),
    /** The payer's UPI id (Razorpay's `vpa`), as typed or as the test route gives it. */
    vpa: text('vpa'),
    /** A netbanking bank's code, as Razorpay's `bank` (HDFC, SBIN, …). */
    bank: text('bank'),
    /** A wallet's name, as Razorpay's `wallet` (paytm, phonepe, …). */
    wallet: text('wallet'),
    email: text('email'),
    contact: text('contact'),
    errorCode: text('error_code'),
    errorDescription: text('error_description'),
    errorSource: text('error_source'),
    errorStep: text('error_step'),
    errorReason: text('error_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'sandbox_razorpay_payments_refund_within_amount',
      sql`${t.amountRefundedPaise} >= 0 AND ${t.amountRefundedPaise} <= ${t.amountPaise}`,
    ),
    index('sandbox_razorpay_payments_order_idx').on(t.orderId),
  ],
);

/** A refund of a captured sandbox payment; `idempotencyKey` is the X-Refund-Idempotency header. */
export const sandboxRazorpayRefunds = pgTable(
  'sandbox_razorpay_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => sandboxRazorpayPayments.id, { onDelete: 'cascade' }),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['pending', 'processed', 'failed'] }).notNull(),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    idempotencyKey: text('idempotency_key').unique('sandbox_razorpay_refunds_idempotency_key_unique'),
    /** What the idempotent request asked for, so a different request with the same key is refused. */
    requestFingerprint: text('request_fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_razorpay_refunds_amount_positive', sql`${t.amountPaise} > 0`),
    index('sandbox_razorpay_refunds_payment_idx').on(t.paymentId),
  ],
);

/** Every webhook the sandbox sent to the shop, with the exact body and signature, and how it went. */
export const sandboxRazorpayWebhooks = pgTable(
  'sandbox_razorpay_webhooks',
  {
    id: serial('id').primaryKey(),
    eventId: text('event_id').notNull().unique('sandbox_razorpay_webhooks_event_id_unique'),
    event: text('event').notNull(),
    /** The raw JSON body, byte for byte as sent. */
    body: text('body').notNull(),
    signature: text('signature').notNull(),
    /** The sandbox order the event is about, to find deliveries in tests and support. */
    orderId: text('order_id'),
    attempts: integer('attempts').notNull().default(0),
    /** The shop's last answer (404 until the receiver exists), or null before the first attempt. */
    lastStatus: integer('last_status'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_razorpay_webhooks_order_idx').on(t.orderId)],
);

export const SANDBOX_PAYMENT_LINK_STATUSES = ['created', 'paid', 'cancelled', 'expired'] as const;

/**
 * A Payment Link at the emulated provider (`POST /v1/payment_links`): its own Razorpay order (made with the link, as
 * the hosted page pays it through the checkout dialog), shown on the link's entity once paid, as Razorpay does.
 * `reference_id` is unique among links, as Razorpay requires.
 */
export const sandboxRazorpayPaymentLinks = pgTable(
  'sandbox_razorpay_payment_links',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => sandboxRazorpayOrders.id, { onDelete: 'cascade' }),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull(),
    description: text('description'),
    referenceId: text('reference_id').unique('sandbox_razorpay_payment_links_reference_unique'),
    customer: jsonb('customer').$type<Record<string, string>>().notNull().default({}),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    callbackUrl: text('callback_url'),
    callbackMethod: text('callback_method'),
    expireBy: integer('expire_by'),
    status: text('status', { enum: SANDBOX_PAYMENT_LINK_STATUSES }).notNull().default('created'),
    paymentId: text('payment_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sandbox_razorpay_payment_links_amount_positive', sql`${t.amountPaise} >= 100`)],
);
