import { RETURN_KIND_VALUES, RETURN_REASON_VALUES, RETURN_STATUS_VALUES } from '@kapaas/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { orderItems } from './order-items';
import { orders } from './orders';
import { products } from './products';
import { sizes } from './sizes';

export type ReturnStatus = (typeof RETURN_STATUS_VALUES)[number];

/**
 * A shopper's request to send pieces of a delivered order back, for a refund (return) or for
 * another size of the same product (exchange). The order's owner owns it; the statuses follow
 * the returns module's transition table.
 */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    status: text('status', { enum: RETURN_STATUS_VALUES }).notNull().default('requested'),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    /** The owner's words to the shopper when approving or rejecting. */
    decisionMessage: text('decision_message'),
    /** The refund of the return lines: how much, how (provider, bank or upi), its reference. */
    refundPaise: integer('refund_paise'),
    refundMethod: text('refund_method', { enum: ['provider', 'bank', 'upi'] }),
    refundReference: text('refund_reference'),
    providerRefundId: text('provider_refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** The exchange's own parcel: the owner's tracking note, and when it left. */
    exchangeTrackingNote: text('exchange_tracking_note'),
    exchangeShippedAt: timestamp('exchange_shipped_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'return_requests_status_known',
      sql.raw(`status IN (${RETURN_STATUS_VALUES.map((s) => `'${s}'`).join(', ')})`),
    ),
    check('return_requests_photos_at_most_3', sql`coalesce(array_length(${t.photos}, 1), 0) <= 3`),
    check('return_requests_refund_positive', sql`${t.refundPaise} IS NULL OR ${t.refundPaise} > 0`),
    index('return_requests_order_idx').on(t.orderId),
    index('return_requests_status_idx').on(t.status, t.createdAt),
    // The returns and products reports (ADR 054) take the requests asked in a period.
    index('return_requests_created_idx').on(t.createdAt),
  ],
);

/** A line of a return request: some pieces of one order line, returned or exchanged for another size. */
export const returnLines = pgTable(
  'return_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    sizeId: integer('size_id')
      .notNull()
      .references(() => sizes.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    kind: text('kind', { enum: RETURN_KIND_VALUES }).notNull(),
    /** An exchange's size; its pieces are held (product_sizes.reserved) from the request until shipped or rejected. */
    newSizeId: integer('new_size_id').references(() => sizes.id, { onDelete: 'restrict' }),
    reason: text('reason', { enum: RETURN_REASON_VALUES }).notNull(),
    note: text('note'),
    /** What one piece cost the shopper, from the order line. */
    unitPricePaise: integer('unit_price_paise').notNull(),
    /**
     * What the shopper paid for these pieces: their share of the order line after the coupon (shared over the lines by
     * value, as the GST invoice shares it). A return refunds this, not the list price.
     */
    paidPaise: integer('paid_paise').notNull().default(0),
  },
  (t) => [
    check('return_lines_quantity_positive', sql`${t.quantity} >= 1`),
    check(
      'return_lines_paid_within_price',
      sql`${t.paidPaise} >= 0 AND ${t.paidPaise} <= ${t.unitPricePaise} * ${t.quantity}`,
    ),
    check('return_lines_kind_known', sql`${t.kind} IN ('return', 'exchange')`),
    check(
      'return_lines_exchange_has_size',
      sql`(${t.kind} = 'exchange') = (${t.newSizeId} IS NOT NULL) AND (${t.newSizeId} IS NULL OR ${t.newSizeId} <> ${t.sizeId})`,
    ),
    index('return_lines_return_idx').on(t.returnId),
    index('return_lines_order_item_idx').on(t.orderItemId),
  ],
);

/** A return's history: each status it reached, the shop's note and what the shopper reads. */
export const returnEvents = pgTable(
  'return_events',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    status: text('status', { enum: RETURN_STATUS_VALUES }).notNull(),
    note: text('note'),
    customerNote: text('customer_note'),
    adminId: integer('admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_events_return_idx').on(t.returnId)],
);
