import { SHIPMENT_KIND_VALUES, SHIPMENT_STATUS_VALUES } from '@kapaas/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { returnRequests } from './returns';

/** Where an answer to a failed delivery came from: the owner's console, the shopper's link, a tap on WhatsApp. */
export const NDR_ANSWER_VIA = ['console', 'link', 'whatsapp'] as const;
export type NdrAnswerVia = (typeof NDR_ANSWER_VIA)[number];

/**
 * A parcel booked with a courier (ADR 044): an order's forward shipment (one at most), or a return's reverse pickup.
 * The row is written before the courier is asked (`booking`, under the order's lock), so that two clicks or two owners
 * at once book one shipment; each step's answer is kept on it (the courier's order, shipment, AWB), so a booking
 * interrupted half-way resumes where it stopped. `status` is where the parcel stands, worked out from its events.
 */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: SHIPMENT_KIND_VALUES }).notNull().default('forward'),
    returnId: integer('return_id').references(() => returnRequests.id, { onDelete: 'restrict' }),
    /** Which courier adapter booked it: `shiprocket` (its sandbox too). */
    provider: text('provider').notNull(),
    /** `booking` until the courier has given the AWB and taken the pickup; then `booked`. */
    booking: text('booking', { enum: ['booking', 'booked', 'failed'] })
      .notNull()
      .default('booking'),
    providerOrderId: text('provider_order_id'),
    providerShipmentId: text('provider_shipment_id'),
    awb: text('awb').unique(),
    courierName: text('courier_name'),
    trackingUrl: text('tracking_url'),
    labelUrl: text('label_url'),
    status: text('status', { enum: SHIPMENT_STATUS_VALUES }).notNull().default('booked'),
    statusAt: timestamp('status_at', { withTimezone: true }),
    /** Failed delivery attempts (NDRs) so far, and the courier's reason for the last. */
    attempts: integer('attempts').notNull().default(0),
    lastReason: text('last_reason'),
    /** The courier's expected delivery date, as it last said. */
    etd: timestamp('etd', { withTimezone: true }),
    /**
     * The last answer to a failed delivery passed to the courier (issue 36): the failed attempt it answered, where it
     * came from (the owner's console, the shopper's link, a tap on WhatsApp) and when. The undelivered queue shows a
     * parcel answered while `answered_attempt` is its `attempts`; a repeated WhatsApp tap is told it was asked already.
     */
    answeredAttempt: integer('answered_attempt'),
    answeredVia: text('answered_via', { enum: NDR_ANSWER_VIA }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_one_forward_per_order').on(t.orderId).where(sql`${t.kind} = 'forward'`),
    uniqueIndex('shipments_one_pickup_per_return').on(t.returnId).where(sql`${t.returnId} IS NOT NULL`),
    check('shipments_return_has_return', sql`(${t.kind} = 'return') = (${t.returnId} IS NOT NULL)`),
    check('shipments_answered_via_known', sql`${t.answeredVia} IN ('console', 'link', 'whatsapp')`),
    index('shipments_status_idx').on(t.status),
  ],
);

/**
 * What the courier said of a shipment, each once: a tracking webhook, or a poll of its tracking. The same status at
 * the same moment twice is one event (unique), so a webhook repeated changes nothing.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SHIPMENT_STATUS_VALUES }).notNull(),
    /** When the courier says it happened (not when the shop heard of it). */
    at: timestamp('at', { withTimezone: true }).notNull(),
    location: text('location'),
    reason: text('reason'),
    /** The courier's own words and code, as received. */
    raw: jsonb('raw').$type<Record<string, unknown>>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shipment_events_once').on(t.shipmentId, t.status, t.at)],
);
