import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** The shop's settings: a single row with id 1. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    shippingChargePaise: integer('shipping_charge_paise').notNull().default(0),
    perOrderQuantityCap: integer('per_order_quantity_cap').notNull().default(10),
    paymentExpiryMinutes: integer('payment_expiry_minutes').notNull().default(30),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check('shop_settings_shipping_non_negative', sql`${t.shippingChargePaise} >= 0`),
    check('shop_settings_cap_positive', sql`${t.perOrderQuantityCap} >= 1`),
    check('shop_settings_expiry_positive', sql`${t.paymentExpiryMinutes} >= 1`),
  ],
);
