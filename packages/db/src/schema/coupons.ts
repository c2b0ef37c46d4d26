import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';

/** `Amount` takes amount_paise off; `Percentage` takes percentage % off, capped by max_discount_paise. */
export const COUPON_TYPES = ['Amount', 'Percentage'] as const;

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    type: text('type', { enum: COUPON_TYPES }).notNull(),
    amountPaise: integer('amount_paise').notNull().default(0),
    percentage: integer('percentage').notNull().default(0),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    maxDiscountPaise: integer('max_discount_paise'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(sql`upper(${t.code})`),
    check('coupons_type_known', sql`${t.type} IN ('Amount', 'Percentage')`),
    check('coupons_amount_non_negative', sql`${t.amountPaise} >= 0`),
    check('coupons_percentage_range', sql`${t.percentage} BETWEEN 0 AND 100`),
    check('coupons_min_order_non_negative', sql`${t.minOrderPaise} >= 0`),
    check(
      'coupons_used_within_limit',
      sql`${t.usedCount} >= 0 AND (${t.usageLimit} IS NULL OR ${t.usedCount} <= ${t.usageLimit})`,
    ),
    check(
      'coupons_validity_ordered',
      sql`${t.validFrom} IS NULL OR ${t.validTo} IS NULL OR ${t.validFrom} <= ${t.validTo}`,
    ),
  ],
);
