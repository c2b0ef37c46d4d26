import { ORDER_STATUS_VALUES } from '@kapaas/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';
import { coupons } from './coupons';
import { guests } from './guests';
import { users } from './users';

/** product.md §14: the order lifecycle, as the API contract names it. */
export const ORDER_STATUSES = ORDER_STATUS_VALUES;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The delivery address as it was when the order was placed. */
export interface AddressSnapshot {
  first_name: string;
  last_name: string;
  address: string;
  state: string;
  city: string;
  pin_code: string;
  email_id: string;
  phone_number: string;
}

/** The coupon as it was applied. */
export interface CouponSnapshot {
  coupon_id: number;
  code: string;
  name: string;
  type: 'Amount' | 'Percentage';
  amount_paise: number;
  percentage: number;
}

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'restrict' }),
    guestId: integer('guest_id').references(() => guests.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending_payment'),
    addressSnapshot: jsonb('address_snapshot').$type<AddressSnapshot>().notNull(),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponSnapshot: jsonb('coupon_snapshot').$type<CouponSnapshot>(),
    itemsTotalPaise: integer('items_total_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    shippingPaise: integer('shipping_paise').notNull().default(0),
    totalPaise: integer('total_paise').notNull(),
    currency: text('currency').notNull().default('INR'),
    razorpayOrderId: text('razorpay_order_id').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('orders_one_owner', sql`(${t.userId} IS NULL) <> (${t.guestId} IS NULL)`),
    check('orders_status_known', sql.raw(`status IN (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check(
      'orders_amounts_non_negative',
      sql`${t.itemsTotalPaise} >= 0 AND ${t.discountPaise} >= 0 AND ${t.shippingPaise} >= 0`,
    ),
    check('orders_discount_within_items', sql`${t.discountPaise} <= ${t.itemsTotalPaise}`),
    check(
      'orders_total_adds_up',
      sql`${t.totalPaise} = ${t.itemsTotalPaise} - ${t.discountPaise} + ${t.shippingPaise}`,
    ),
    index('orders_user_idx').on(t.userId),
    index('orders_guest_idx').on(t.guestId),
    index('orders_status_idx').on(t.status),
  ],
);
