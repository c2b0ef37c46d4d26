import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Where in India a parcel goes, seen from the shop's state: within it, metro cities, the rest, the remote regions. */
export const SHIPPING_ZONES = ['local', 'metro', 'rest', 'remote'] as const;

/**
 * The owner's terms for each shipping zone: what shipping costs, from what order value it is free, and how many
 * working days a parcel takes. A zone switched off is not delivered to.
 */
export const shippingZones = pgTable(
  'shipping_zones',
  {
    zone: text('zone', { enum: SHIPPING_ZONES }).primaryKey(),
    chargePaise: integer('charge_paise').notNull(),
    /** Orders worth this much or more (after the coupon) ship free; null: never free. */
    freeAbovePaise: integer('free_above_paise'),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    check('shipping_zones_known', sql`${t.zone} IN ('local', 'metro', 'rest', 'remote')`),
    check(
      'shipping_zones_amounts',
      sql`${t.chargePaise} >= 0 AND (${t.freeAbovePaise} IS NULL OR ${t.freeAbovePaise} >= 0)`,
    ),
    check('shipping_zones_days', sql`${t.minDays} >= 1 AND ${t.minDays} <= ${t.maxDays} AND ${t.maxDays} <= 30`),
  ],
);
