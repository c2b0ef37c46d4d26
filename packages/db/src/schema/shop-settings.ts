import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { states } from './states';

/** The shop's settings: a single row with id 1. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    shippingChargePaise: integer('shipping_charge_paise').notNull().default(0),
    perOrderQuantityCap: integer('per_order_quantity_cap').notNull().default(10),
    paymentExpiryMinutes: integer('payment_expiry_minutes').notNull().default(30),
    /** The shop's GST identity (ADR 032); an empty GSTIN means not registered: no tax on orders, no invoices. */
    gstLegalName: text('gst_legal_name').notNull().default(''),
    gstin: text('gstin').notNull().default(''),
    gstAddress: text('gst_address').notNull().default(''),
    gstStateId: integer('gst_state_id').references(() => states.id, { onDelete: 'restrict' }),
    invoicePrefix: text('invoice_prefix').notNull().default('INV'),
    gstSignatory: text('gst_signatory').notNull().default(''),
    hsnDigits: integer('hsn_digits').notNull().default(4),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check('shop_settings_shipping_non_negative', sql`${t.shippingChargePaise} >= 0`),
    check('shop_settings_cap_positive', sql`${t.perOrderQuantityCap} >= 1`),
    check('shop_settings_expiry_positive', sql`${t.paymentExpiryMinutes} >= 1`),
    check('shop_settings_invoice_prefix', sql`${t.invoicePrefix} ~ '^[A-Z0-9]{1,4}$'`),
    check('shop_settings_hsn_digits', sql`${t.hsnDigits} IN (4, 6, 8)`),
  ],
);
