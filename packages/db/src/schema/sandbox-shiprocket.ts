import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

/*
 * The built-in Shiprocket sandbox (apps/api/src/dev/shiprocket-sandbox): the state of an emulated courier aggregator,
 * used only when no Shiprocket API user is configured. Nothing in the shop reads these tables; the shop's own record
 * of a parcel is its shipping module's.
 */

/** An address as the sandbox keeps it (Shiprocket's billing_ / pickup_ / shipping_ fields). */
export interface SandboxShiprocketAddress {
  name: string;
  phone: string;
  email: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  pincode: string;
  country: string;
}

export interface SandboxShiprocketItem {
  name: string;
  sku: string;
  units: number;
  sellingPricePaise: number;
}

export interface SandboxShiprocketNdrEntry {
  attempt: number;
  reason: string;
  action: string | null;
  comment: string | null;
  at: string;
}

/**
 * One courier order and its one shipment (a forward order, or a return when `isReturn`). Shiprocket's order_id and
 * shipment_id are derived from `id`; `channelOrderId` is the shop's own reference, unique per kind as Shiprocket's is.
 */
export const sandboxShiprocketShipments = pgTable(
  'sandbox_shiprocket_shipments',
  {
    id: serial('id').primaryKey(),
    channelOrderId: text('channel_order_id').notNull(),
    isReturn: boolean('is_return').notNull().default(false),
    pickupLocation: text('pickup_location'),
    paymentMethod: text('payment_method').notNull(),
    /** What the courier collects at the door: 0 for prepaid. */
    codPaise: integer('cod_paise').notNull().default(0),
    subTotalPaise: integer('sub_total_paise').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    /** Length × breadth × height in cm, as sent. */
    dimensionsCm: jsonb('dimensions_cm').$type<[number, number, number]>().notNull(),
    /** The shopper: the parcel's destination, or for a return where it is picked up. */
    customer: jsonb('customer').$type<SandboxShiprocketAddress>().notNull(),
    /** A return's destination (the shop's warehouse); null for a forward order (its pickup location). */
    returnTo: jsonb('return_to').$type<SandboxShiprocketAddress>(),
    items: jsonb('items').$type<SandboxShiprocketItem[]>().notNull(),
    statusId: integer('status_id').notNull(),
    status: text('status').notNull(),
    awb: text('awb').unique('sandbox_shiprocket_shipments_awb_unique'),
    courierId: integer('courier_id'),
    courierName: text('courier_name'),
    pickupScheduledAt: timestamp('pickup_scheduled_at', { withTimezone: true }),
    pickupToken: text('pickup_token'),
    labelGeneratedAt: timestamp('label_generated_at', { withTimezone: true }),
    etd: timestamp('etd', { withTimezone: true }),
    ndrAttempts: integer('ndr_attempts').notNull().default(0),
    ndrReason: text('ndr_reason'),
    ndrRaisedAt: timestamp('ndr_raised_at', { withTimezone: true }),
    ndrHistory: jsonb('ndr_history').$type<SandboxShiprocketNdrEntry[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('sandbox_shiprocket_shipments_channel_order_unique').on(t.channelOrderId, t.isReturn),
    check('sandbox_shiprocket_shipments_weight_positive', sql`${t.weightGrams} > 0`),
    check('sandbox_shiprocket_shipments_cod_non_negative', sql`${t.codPaise} >= 0`),
  ],
);

/** A tracking scan of a sandbox shipment, as its courier would record it. */
export const sandboxShiprocketScans = pgTable(
  'sandbox_shiprocket_scans',
  {
    id: serial('id').primaryKey(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => sandboxShiprocketShipments.id, { onDelete: 'cascade' }),
    statusId: integer('status_id').notNull(),
    status: text('status').notNull(),
    activity: text('activity').notNull(),
    location: text('location').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_shiprocket_scans_shipment_idx').on(t.shipmentId)],
);

/** Every tracking webhook the sandbox sends the shop, with the exact body, and how it went (an outbox). */
export const sandboxShiprocketWebhooks = pgTable(
  'sandbox_shiprocket_webhooks',
  {
    id: serial('id').primaryKey(),
    awb: text('awb').notNull(),
    statusId: integer('status_id').notNull(),
    /** The raw JSON body, byte for byte as sent. */
    body: text('body').notNull(),
    /** Kept back by a test (`hold`) until it asks for the held ones, to deliver them out of order. */
    held: boolean('held').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    /** The shop's last answer (404 until the receiver exists), or null before the first attempt. */
    lastStatus: integer('last_status'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_shiprocket_webhooks_awb_idx').on(t.awb)],
);
