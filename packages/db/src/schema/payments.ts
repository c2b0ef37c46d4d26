import { PAYMENT_STATUS_VALUES } from '@kapaas/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';
import { orders } from './orders';

/**
 * Where a payment stands (ADR 020, docs/payment-states.md): `failed` (an attempt that did not go
 * through), `accepted` (captured and paid its order), `refund_pending` (captured but not accepted,
 * its refund under way), `refund_failed` (not accepted, and the automatic refund failed: the owner
 * refunds it), `partially_refunded` and `refunded` (money given back; `refunded_paise` says how much).
 */
export const PAYMENT_STATUSES = PAYMENT_STATUS_VALUES;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A payment at the provider for one of our orders. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull().default('razorpay'),
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    /**
     * How the shopper paid, as the provider's verified payment entity says (`card`, `upi`, `netbanking`, `wallet`, …),
     * and its detail: the UPI id, the bank's code, the wallet, or the card's network and last four digits. Null on rows
     * recorded before the shop kept them: unknown.
     */
    method: text('method'),
    vpa: text('vpa'),
    bank: text('bank'),
    wallet: text('wallet'),
    cardNetwork: text('card_network'),
    cardLast4: text('card_last4'),
    refundedPaise: integer('refunded_paise').notNull().default(0),
    /** For people only: what happened to this payment, in words. Code never reads it. */
    note: text('note'),
    /** Why the shop did not accept this captured payment (null when it paid its order). */
    refusalReason: text('refusal_reason'),
    ...timestamps,
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amountPaise} > 0`),
    check('payments_refund_within_amount', sql`${t.refundedPaise} >= 0 AND ${t.refundedPaise} <= ${t.amountPaise}`),
    check('payments_status_known', sql.raw(`status IN (${PAYMENT_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    index('payments_order_idx').on(t.orderId),
  ],
);
