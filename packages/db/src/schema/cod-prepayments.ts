import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/** How a cash-on-delivery order's shopper was offered to pay online: from the shop's pages, or a Payment Link. */
export const COD_PREPAYMENT_KINDS = ['checkout', 'link'] as const;
export type CodPrepaymentKind = (typeof COD_PREPAYMENT_KINDS)[number];

/**
 * An offer to pay a cash-on-delivery order online instead (issue 34, ADR 047): a Razorpay order the shop opened for
 * `POST /api/cod_pay_online` (`checkout`), or a Razorpay Payment Link sent in the order's confirmation (`link`), whose
 * Razorpay order is known once it is paid. A payment on either Razorpay order settles the shop's order through this
 * row; `paid_at` is set when one moved the order to prepaid, which is what the dashboard counts as "COD orders moved to
 * prepaid". Amounts are what the offer charges: the order paid online, less the prepaid discount.
 */
export const codPrepayments = pgTable(
  'cod_prepayments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: COD_PREPAYMENT_KINDS }).notNull(),
    /** The Razorpay order a payment of this offer belongs to; a link's is known once it is paid. */
    providerOrderId: text('provider_order_id').unique('cod_prepayments_provider_order_unique'),
    paymentLinkId: text('payment_link_id').unique('cod_prepayments_payment_link_unique'),
    shortUrl: text('short_url'),
    amountPaise: integer('amount_paise').notNull(),
    prepaidDiscountPaise: integer('prepaid_discount_paise').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When a payment of this offer moved the order to prepaid; null while it has not. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paymentId: text('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cod_prepayments_amount_positive', sql`${t.amountPaise} > 0 AND ${t.prepaidDiscountPaise} >= 0`),
    check('cod_prepayments_kind_known', sql`${t.kind} IN ('checkout', 'link')`),
    index('cod_prepayments_order_idx').on(t.orderId),
  ],
);
