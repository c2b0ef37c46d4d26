import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { states } from './states';

/** The shop's settings: a single row with id 1. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
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
    /** Orders placed before this time of day in India (minutes after midnight) are dispatched that working day. */
    dispatchCutoffMinutes: integer('dispatch_cutoff_minutes').notNull().default(840),
    /** Cash on delivery (off until the owner turns it on), its order value limits, its fee and where it is not offered. */
    codEnabled: boolean('cod_enabled').notNull().default(false),
    codMinOrderPaise: integer('cod_min_order_paise').notNull().default(29_900),
    codMaxOrderPaise: integer('cod_max_order_paise').notNull().default(500_000),
    codFeePaise: integer('cod_fee_paise').notNull().default(4_900),
    /** PIN codes, or their first digits, where cash on delivery is not offered. */
    codExcludedPins: text('cod_excluded_pins').array().notNull().default(sql`'{}'::text[]`),
    /** COD orders above this wait for the owner's confirmation before packing; null: never. */
    codConfirmAbovePaise: integer('cod_confirm_above_paise'),
    /** How many cash-on-delivery orders not yet shipped one phone, one shopper or one delivery address may hold. */
    codMaxOpenOrders: integer('cod_max_open_orders').notNull().default(2),
    /** Hours after which a COD order still awaiting the owner's confirmation is cancelled and its stock released. */
    codConfirmHours: integer('cod_confirm_hours').notNull().default(48),
    /** Hours a COD order's confirmation's payment link stays payable (issue 34); 0: the confirmation carries none. */
    codPayLinkHours: integer('cod_pay_link_hours').notNull().default(0),
    /** The advance a COD order pays online at placement (0: none), and which COD orders pay it (issue 34). */
    codAdvancePaise: integer('cod_advance_paise').notNull().default(0),
    codAdvanceFor: text('cod_advance_for', { enum: ['none', 'first_order', 'all'] })
      .notNull()
      .default('none'),
    /** The prepaid discount (ADR 047): a whole percent off the goods paid online (0: off), and its most per order. */
    prepaidDiscountPercent: integer('prepaid_discount_percent').notNull().default(0),
    /** The most the prepaid discount takes off one order, in paise; null: no cap. */
    prepaidDiscountMaxPaise: integer('prepaid_discount_max_paise'),
    /**
     * The message kinds sent by WhatsApp when the shopper agreed and an approved template exists (issue 36); the
     * others go by e-mail. Meta charges per template message, so only the ones that save a parcel start on: the COD
     * confirmation (it cuts parcels refused at the door) and, when nobody confirmed, the order's cancellation told
     * where the confirmation asked; and the shipping updates (a shopper who knows the courier is coming is home to
     * take it).
     */
    whatsappKinds: text('whatsapp_kinds')
      .array()
      .notNull()
      .default(
        sql`'{order_cod_confirm,order_cod_unconfirmed,order_shipped,shipment_out_for_delivery,shipment_undelivered}'::text[]`,
      ),
    /** How long a registered shopper's cart stays untouched before its one reminder (hours). */
    cartReminderHours: integer('cart_reminder_hours').notNull().default(24),
    /** How many days after delivery a shopper may ask for a return or an exchange. */
    returnWindowDays: integer('return_window_days').notNull().default(7),
    /** How many days after delivery the shopper is asked for a review, once per order. */
    reviewRequestDays: integer('review_request_days').notNull().default(7),
    /** The default parcel a courier order is booked with (cm), and the weight of a piece whose product has none (g). */
    parcelLengthCm: integer('parcel_length_cm').notNull().default(30),
    parcelBreadthCm: integer('parcel_breadth_cm').notNull().default(25),
    parcelHeightCm: integer('parcel_height_cm').notNull().default(5),
    defaultPieceWeightGrams: integer('default_piece_weight_grams').notNull().default(200),
    /** The grievance officer the privacy notice names (DPDP Rules, issue 35): who answers complaints, and where. */
    grievanceOfficerName: text('grievance_officer_name').notNull().default(''),
    grievanceOfficerEmail: text('grievance_officer_email').notNull().default(''),
    /**
     * Retention (issue 35, privacy/retention.ts): after how many days the daily job deletes guests who never ordered
     * (counted from their last visit), carts left untouched, newsletter sign-ups never confirmed, and the bodies of
     * sent e-mails; and how long the processing logs (the audit log, the outbox's records) are kept, a year at least
     * (DPDP Rules, Rule 6).
     */
    retentionGuestDays: integer('retention_guest_days').notNull().default(90),
    retentionCartDays: integer('retention_cart_days').notNull().default(90),
    retentionUnconfirmedSignupDays: integer('retention_unconfirmed_signup_days').notNull().default(30),
    retentionOutboxBodyDays: integer('retention_outbox_body_days').notNull().default(180),
    retentionLogDays: integer('retention_log_days').notNull().default(365),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check('shop_settings_cap_positive', sql`${t.perOrderQuantityCap} >= 1`),
    check('shop_settings_cart_reminder_hours', sql`${t.cartReminderHours} >= 1 AND ${t.cartReminderHours} <= 720`),
    check('shop_settings_return_window_days', sql`${t.returnWindowDays} >= 1 AND ${t.returnWindowDays} <= 90`),
    check('shop_settings_review_request_days', sql`${t.reviewRequestDays} >= 1 AND ${t.reviewRequestDays} <= 60`),
    check('shop_settings_cod_max_open_orders', sql`${t.codMaxOpenOrders} >= 1 AND ${t.codMaxOpenOrders} <= 50`),
    check(
      'shop_settings_cod_advance',
      sql`${t.codAdvancePaise} >= 0 AND ${t.codAdvanceFor} IN ('none', 'first_order', 'all')`,
    ),
    check('shop_settings_cod_confirm_hours', sql`${t.codConfirmHours} >= 1 AND ${t.codConfirmHours} <= 720`),
    check('shop_settings_cod_pay_link_hours', sql`${t.codPayLinkHours} >= 0 AND ${t.codPayLinkHours} <= 720`),
    check(
      'shop_settings_parcel_size',
      sql`${t.parcelLengthCm} BETWEEN 1 AND 200 AND ${t.parcelBreadthCm} BETWEEN 1 AND 200 AND ${t.parcelHeightCm} BETWEEN 1 AND 200`,
    ),
    check(
      'shop_settings_default_piece_weight',
      sql`${t.defaultPieceWeightGrams} >= 1 AND ${t.defaultPieceWeightGrams} <= 30000`,
    ),
    check(
      'shop_settings_prepaid_discount',
      sql`${t.prepaidDiscountPercent} BETWEEN 0 AND 20 AND (${t.prepaidDiscountMaxPaise} IS NULL OR ${t.prepaidDiscountMaxPaise} >= 0)`,
    ),
    check(
      'shop_settings_retention',
      sql`${t.retentionGuestDays} BETWEEN 7 AND 3650 AND ${t.retentionCartDays} BETWEEN 7 AND 3650 AND ${t.retentionUnconfirmedSignupDays} BETWEEN 1 AND 365 AND ${t.retentionOutboxBodyDays} BETWEEN 7 AND 3650 AND ${t.retentionLogDays} BETWEEN 365 AND 3650`,
    ),
    check('shop_settings_expiry_positive', sql`${t.paymentExpiryMinutes} >= 1`),
    check('shop_settings_invoice_prefix', sql`${t.invoicePrefix} ~ '^[A-Z0-9]{1,4}$'`),
    check('shop_settings_hsn_digits', sql`${t.hsnDigits} IN (4, 6, 8)`),
    check('shop_settings_dispatch_cutoff', sql`${t.dispatchCutoffMinutes} >= 0 AND ${t.dispatchCutoffMinutes} < 1440`),
    check(
      'shop_settings_cod_amounts',
      sql`${t.codMinOrderPaise} >= 0 AND ${t.codMinOrderPaise} <= ${t.codMaxOrderPaise} AND ${t.codFeePaise} >= 0 AND (${t.codConfirmAbovePaise} IS NULL OR ${t.codConfirmAbovePaise} >= 0)`,
    ),
  ],
);
