import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders';

/** Every provider webhook received, deduplicated by the provider's event id. */
export const paymentEvents = pgTable('payment_events', {
  id: serial('id').primaryKey(),
  providerEventId: text('provider_event_id').notNull().unique(),
  eventType: text('event_type').notNull(),
  payload: jsonb('payload').notNull(),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  outcome: text('outcome'),
});
