import { ORDER_STATUS_VALUES, PAYMENT_METHOD_VALUES } from '@kapaas/contract';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** The prepaid discount (ADR 047): taken off the goods after the coupon when paid online; 0 for cash on delivery. */
    prepaidDiscountPaise: integer('prepaid_discount_paise').notNull().default(0),
    /** online, or cod: paid in cash at the door (ADR 033). */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHOD_VALUES }).notNull().default('online'),
    /** The cash-on-delivery fee, part of the total; 0 for online orders. */
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    /** The part of a COD order's total paid online at placement (the COD advance, issue 34); 0: none. */
    codAdvancePaise: integer('cod_advance_paise').notNull().default(0),
    /** The zone of the delivery PIN code when the order was placed; null for orders placed before zones. */
    shippingZone: text('shipping_zone'),
    /**
     * The delivery address's state, kept by the database from the snapshot (a stored generated column): the payments
     * report's COD parcels by state read it from an index (ADR 062, fourth pass). An erasure of the address clears it.
     */
    deliveryState: text('delivery_state').generatedAlwaysAs(sql`(address_snapshot->>'state')`),
    /** The delivery window promised at placement, India's calendar days; null for orders placed before zones. */
    deliveryFrom: date('delivery_from', { mode: 'string' }),
    deliveryBy: date('delivery_by', { mode: 'string' }),
    /** When a parcel returned to origin came back to the shop and its pieces went back on sale. */
    returnReceivedAt: timestamp('return_received_at', { withTimezone: true }),
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
      sql`${t.itemsTotalPaise} >= 0 AND ${t.discountPaise} >= 0 AND ${t.shippingPaise} >= 0 AND ${t.codFeePaise} >= 0 AND ${t.prepaidDiscountPaise} >= 0`,
    ),
    check('orders_discount_within_items', sql`${t.discountPaise} + ${t.prepaidDiscountPaise} <= ${t.itemsTotalPaise}`),
    check(
      'orders_total_adds_up',
      sql`${t.totalPaise} = ${t.itemsTotalPaise} - ${t.discountPaise} - ${t.prepaidDiscountPaise} + ${t.shippingPaise} + ${t.codFeePaise}`,
    ),
    check('orders_payment_method_known', sql`${t.paymentMethod} IN ('online', 'cod')`),
    check('orders_cod_fee_only_cod', sql`${t.paymentMethod} = 'cod' OR ${t.codFeePaise} = 0`),
    check('orders_prepaid_discount_only_online', sql`${t.paymentMethod} = 'online' OR ${t.prepaidDiscountPaise} = 0`),
    check(
      'orders_cod_advance_within_total',
      sql`${t.codAdvancePaise} >= 0 AND ${t.codAdvancePaise} <= ${t.totalPaise} AND (${t.paymentMethod} = 'cod' OR ${t.codAdvancePaise} = 0)`,
    ),
    check('orders_shipping_zone_known', sql`${t.shippingZone} IN ('local', 'metro', 'rest', 'remote')`),

    index('orders_user_idx').on(t.userId),
    index('orders_guest_idx').on(t.guestId),
    index('orders_status_idx').on(t.status),
    // The reports (ADR 054): an online order is sold when paid, a cash-on-delivery order when placed; a guest is the
    // same customer again by the delivery phone number.
    index('orders_paid_at_idx').on(t.paidAt),
    index('orders_cod_created_idx').on(t.createdAt).where(sql`${t.paymentMethod} = 'cod'`),
    // The payments report (ADR 062, fourth pass): the COD parcels by state, zone and status, and the cash still to
    // collect, each read from an index alone once vacuumed.
    index('orders_cod_shipments_idx')
      .on(t.id, t.deliveryState, t.shippingZone, t.status)
      .where(sql`${t.paymentMethod} = 'cod'`),
    index('orders_cod_due_idx')
      .on(t.status, t.totalPaise, t.codAdvancePaise)
      .where(sql`${t.paymentMethod} = 'cod' AND ${t.paidAt} IS NULL`),
    index('orders_guest_phone_idx').on(sql`(${t.addressSnapshot}->>'phone_number')`).where(sql`${t.userId} IS NULL`),
  ],
);
