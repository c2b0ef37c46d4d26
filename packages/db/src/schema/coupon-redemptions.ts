import { integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { coupons } from './coupons';
import { guests } from './guests';
import { orders } from './orders';
import { users } from './users';

/** One counted use of a coupon, by a paid order. */
export const couponRedemptions = pgTable('coupon_redemptions', {
  id: serial('id').primaryKey(),
  couponId: integer('coupon_id')
    .notNull()
    .references(() => coupons.id, { onDelete: 'restrict' }),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  guestId: integer('guest_id').references(() => guests.id, { onDelete: 'set null' }),
  discountPaise: integer('discount_paise').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
