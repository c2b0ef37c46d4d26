import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, orders } from './orders';

/**
 * An order's status history: one row each time its status changes, with why, and notes about it
 * in between. `note` is for the shop (payment ids, who did it); `customer_note`, when set, is what
 * the shopper reads instead of the plain sentence for the status.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    note: text('note'),
    customerNote: text('customer_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId),
    // The payments report's COD parcels handed to the courier in a period (ADR 054), with their orders, so that the
    // period's events are read from the index alone (ADR 062, fourth pass).
    index('order_events_shipped_idx').on(t.createdAt, t.orderId).where(sql`${t.status} = 'shipped'`),
  ],
);
