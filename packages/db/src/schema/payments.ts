import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';
import { orders } from './orders';

export const PAYMENT_STATUSES = ['captured', 'failed', 'refunded', 'partially_refunded'] as const;

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
    method: text('method'),
    refundedPaise: integer('refunded_paise').notNull().default(0),
    /** Why the shop refunded or could not settle this payment, when it did. */
    note: text('note'),
    ...timestamps,
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amountPaise} > 0`),
    check('payments_refund_within_amount', sql`${t.refundedPaise} >= 0 AND ${t.refundedPaise} <= ${t.amountPaise}`),
    index('payments_order_idx').on(t.orderId),
  ],
);
