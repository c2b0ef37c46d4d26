import { z } from 'zod';
import { ShippingZone } from '../delivery';
import { gstinProblem, gstStateByCode } from '../gstin';
import {
  AdminPaging,
  adminItem,
  adminList,
  Id,
  MAX_INT4,
  ParcelSideCm,
  PieceWeightGrams,
  QueryFlag,
  RupeeAmount,
  Rupees,
  Timestamp,
  Title,
} from './common';
import { WHATSAPP_KINDS, WhatsAppKind } from './whatsapp-templates';

// ---------------------------------------------------------------------------------------------
// Coupons

export const AdminCouponType = z.enum(['Amount', 'Percentage']);
export const AdminCoupon = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  type: AdminCouponType,
  /** Rupees off, for `Amount`. */
  amount: Rupees,
  /** Percent off, for `Percentage`. */
  percentage: z.number().int(),
  min_order_value: Rupees,
  max_discount: Rupees.nullable(),
  valid_from: Timestamp.nullable(),
  valid_to: Timestamp.nullable(),
  usage_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;
const couponFields = {
  name: Title(100),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,30}$/, 'Use 3 to 30 letters, digits, - or _.'),
  type: AdminCouponType,
  amount: z.number().min(0).max(10_000_000),
  percentage: z.number().int().min(0).max(100),
  min_order_value: z.number().min(0).max(10_000_000),
  max_discount: RupeeAmount.nullable(),
  valid_from: z.iso.datetime({ offset: true }).nullable(),
  valid_to: z.iso.datetime({ offset: true }).nullable(),
  usage_limit: z.number().int().min(1).max(MAX_INT4).nullable(),
  per_customer_limit: z.number().int().min(1).max(MAX_INT4).nullable(),
  active: z.boolean(),
};
export const AdminCreateCoupon = z.strictObject({
  name: couponFields.name,
  code: couponFields.code,
  type: couponFields.type,
  amount: couponFields.amount.optional(),
  percentage: couponFields.percentage.optional(),
  min_order_value: couponFields.min_order_value.optional(),
  max_discount: couponFields.max_discount.optional(),
  valid_from: couponFields.valid_from.optional(),
  valid_to: couponFields.valid_to.optional(),
  usage_limit: couponFields.usage_limit.optional(),
  per_customer_limit: couponFields.per_customer_limit.optional(),
  active: couponFields.active.optional(),
});
export type AdminCreateCoupon = z.infer<typeof AdminCreateCoupon>;
export const AdminUpdateCoupon = z.strictObject(couponFields).partial();
export type AdminUpdateCoupon = z.infer<typeof AdminUpdateCoupon>;
export const AdminCouponListQuery = z.strictObject({
  ...AdminPaging,
  type: AdminCouponType.optional(),
  active: QueryFlag.optional(),
});
export const AdminCouponListAnswer = adminList(AdminCoupon);
export const AdminCouponAnswer = adminItem(AdminCoupon);

// ---------------------------------------------------------------------------------------------
// States and cities

export const AdminStateKind = z.enum(['state', 'union_territory']);
export const AdminState = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: AdminStateKind,
  /** The two-digit GST state code (27 Maharashtra, 07 Delhi), or null; invoices need it for a place of supply. */
  gst_code: z.string().nullable(),
});
export type AdminState = z.infer<typeof AdminState>;
export const AdminCreateState = z.strictObject({
  name: Title(100),
  kind: AdminStateKind,
  gst_code: z
    .string()
    .trim()
    .regex(/^[0-9]{2}$/, 'A GST state code has two digits, e.g. 27.')
    .refine((code) => gstStateByCode(code) !== undefined, 'Not a GST state code.')
    .nullable()
    .optional(),
});
export type AdminCreateState = z.infer<typeof AdminCreateState>;
export const AdminUpdateState = AdminCreateState.partial();
export type AdminUpdateState = z.infer<typeof AdminUpdateState>;
export const AdminStateListQuery = z.strictObject({ ...AdminPaging, kind: AdminStateKind.optional() });
export const AdminStateListAnswer = adminList(AdminState);
export const AdminStateAnswer = adminItem(AdminState);

export const AdminCity = z.object({ id: z.number().int(), state_id: z.number().int(), name: z.string() });
export type AdminCity = z.infer<typeof AdminCity>;
export const AdminCreateCity = z.strictObject({ state_id: Id, name: Title(100) });
export type AdminCreateCity = z.infer<typeof AdminCreateCity>;
export const AdminUpdateCity = AdminCreateCity.partial();
export type AdminUpdateCity = z.infer<typeof AdminUpdateCity>;
export const AdminCityListQuery = z.strictObject({ ...AdminPaging, state_id: Id.optional() });
export const AdminCityListAnswer = adminList(AdminCity);
export const AdminCityAnswer = adminItem(AdminCity);

// ---------------------------------------------------------------------------------------------
// Settings: a single resource

/** What starts every invoice and credit note number: short, so that a number stays within GST's 16 characters. */
export const INVOICE_PREFIX_PATTERN = /^[A-Z0-9]{1,4}$/;

/** Rupees in a setting: not negative, at most ₹1,00,000, at most two decimals. */
const SettingRupees = z
  .number()
  .min(0)
  .max(100_000)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'At most two decimal places.');

/** Which cash-on-delivery orders pay the advance: none, a shopper's first order, or all. */
export const COD_ADVANCE_FOR_VALUES = ['none', 'first_order', 'all'] as const;
export const CodAdvanceFor = z.enum(COD_ADVANCE_FOR_VALUES, { error: 'Choose none, first orders or all.' });
export type CodAdvanceFor = z.infer<typeof CodAdvanceFor>;

export const AdminSettings = z.object({
  /** The most pieces of one product and size in one order. */
  per_order_cap: z.number().int(),
  /** How long an unpaid order holds its stock. */
  payment_expiry_minutes: z.number().int(),
  /** The shop's GST identity, printed on every tax invoice (ADR 032). An empty GSTIN means not registered: no tax, no invoices. */
  gst_legal_name: z.string(),
  gstin: z.string(),
  /** The registered address, lines separated by newlines. */
  gst_address: z.string(),
  /** The state of registration: decides CGST + SGST (same state) or IGST (another state). */
  gst_state_id: z.number().int().nullable(),
  gst_state_name: z.string().nullable(),
  /** 1 to 4 capital letters or digits that start every invoice and credit note number. */
  invoice_prefix: z.string(),
  gst_signatory: z.string(),
  /** How many digits of each HSN code the invoices print: 4, 6 or 8. */
  hsn_digits: z.number().int(),
  /** Orders placed before this time of day in India (HH:MM) are dispatched that working day. */
  dispatch_cutoff: z.string(),
  /** Cash on delivery: on or off, the order values it is offered for, its fee, and where it is not. */
  cod_enabled: z.boolean(),
  cod_min_order: Rupees,
  cod_max_order: Rupees,
  cod_fee: Rupees,
  /** PIN codes, or their first digits, where cash on delivery is not offered. */
  cod_excluded_pins: z.array(z.string()),
  /** COD orders above this wait for the owner's confirmation before packing; null: never. */
  cod_confirm_above: Rupees.nullable(),
  /** How many COD orders not yet shipped one phone number, one shopper and one delivery address may each hold. */
  cod_max_open_orders: z.number().int(),
  /** Hours after which a COD order still waiting for the owner's confirmation is cancelled and its stock released. */
  cod_confirm_hours: z.number().int(),
  /** Hours the COD confirmation's payment link stays payable (issue 34); 0: no link. */
  cod_pay_link_hours: z.number().int(),
  /** The advance a COD order pays online at placement (0: none), and which COD orders pay it (issue 34). */
  cod_advance_amount: Rupees,
  cod_advance_for: CodAdvanceFor,
  /** How long a registered shopper's cart waits untouched before its one reminder (hours). */
  cart_reminder_hours: z.number().int(),
  /** How many days after delivery a shopper may ask for a return or an exchange. */
  return_window_days: z.number().int(),
  /** How many days after delivery the shopper is asked for a review (once per order). */
  review_request_days: z.number().int(),
  /**
   * Retention (issue 35): after how many days the daily job deletes guests who never ordered (from their last visit),
   * carts left untouched and newsletter sign-ups never confirmed, and clears sent e-mails' bodies; and how long the
   * processing logs (audit log, e-mail records) are kept, a year at least.
   */
  retention_guest_days: z.number().int(),
  retention_cart_days: z.number().int(),
  retention_unconfirmed_signup_days: z.number().int(),
  retention_outbox_body_days: z.number().int(),
  retention_log_days: z.number().int(),
  /** The default parcel a courier order is booked with (cm). */
  parcel_length_cm: z.number().int(),
  parcel_breadth_cm: z.number().int(),
  parcel_height_cm: z.number().int(),
  /** The weight of a piece whose product has none (g). */
  default_piece_weight_grams: z.number().int(),
  /** The prepaid discount (ADR 047): a whole percent off the goods after the coupon when paid online; 0: off. */
  prepaid_discount_percent: z.number().int(),
  /** The most the prepaid discount takes off one order, in rupees; null: no cap. */
  prepaid_discount_max: Rupees.nullable(),
  /** The grievance officer the privacy notice names (issue 35): who answers complaints about personal data. */
  grievance_officer_name: z.string(),
  grievance_officer_email: z.string(),
  /** The message kinds sent by WhatsApp (when the shopper agreed and the kind's template is approved); issue 36. */
  whatsapp_kinds: z.array(WhatsAppKind),
  updated_at: Timestamp,
});
export type AdminSettings = z.infer<typeof AdminSettings>;
/** A retention period the owner sets (issue 35): a week at least, ten years at most. */
const RetentionDays = z
  .number('A whole number of days.')
  .int('A whole number of days.')
  .min(7, 'At least 7 days.')
  .max(3650, 'At most 3650 days (10 years).');
export const AdminUpdateSettings = z
  .strictObject({
    per_order_cap: z.number().int().min(1).max(1000),
    payment_expiry_minutes: z
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60),
    gst_legal_name: z.string().trim().max(200),
    gstin: z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => value === '' || gstinProblem(value) === undefined, {
        error: (issue) => gstinProblem(String(issue.input).trim().toUpperCase()) ?? 'Not a GSTIN.',
      }),
    gst_address: z.string().trim().max(500),
    gst_state_id: Id.nullable(),
    invoice_prefix: z.string().trim().regex(INVOICE_PREFIX_PATTERN, 'Use 1 to 4 capital letters or digits, e.g. KPS.'),
    gst_signatory: z.string().trim().max(100),
    hsn_digits: z.union([z.literal(4), z.literal(6), z.literal(8)]),
    dispatch_cutoff: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'A time of day, e.g. 14:00.'),
    cod_enabled: z.boolean(),
    cod_min_order: SettingRupees,
    cod_max_order: SettingRupees,
    cod_fee: SettingRupees,
    cod_excluded_pins: z
      .array(
        z
          .string()
          .trim()
          .regex(/^[1-9][0-9]{0,5}$/, 'A PIN code or its first digits, e.g. 744 or 194101.'),
      )
      .max(500),
    cod_confirm_above: SettingRupees.nullable(),
    cod_max_open_orders: z.number().int('A whole number.').min(1, 'At least 1.').max(50, 'At most 50.'),
    cod_confirm_hours: z
      .number()
      .int('A whole number.')
      .min(1, 'At least 1 hour.')
      .max(720, 'At most 720 hours (30 days).'),
    cod_pay_link_hours: z
      .number()
      .int('A whole number.')
      .min(0, 'At least 0 (0: no payment link).')
      .max(720, 'At most 720 hours (30 days).'),
    cod_advance_amount: SettingRupees,
    cod_advance_for: CodAdvanceFor,
    cart_reminder_hours: z.number().int().min(1, 'At least 1 hour.').max(720, 'At most 720 hours (30 days).'),
    return_window_days: z.number().int().min(1, 'At least 1 day.').max(90, 'At most 90 days.'),
    review_request_days: z.number().int().min(1, 'At least 1 day.').max(60, 'At most 60 days.'),
    retention_guest_days: RetentionDays,
    retention_cart_days: RetentionDays,
    retention_unconfirmed_signup_days: z
      .number('A whole number of days.')
      .int('A whole number of days.')
      .min(1, 'At least 1 day.')
      .max(365, 'At most 365 days.'),
    retention_outbox_body_days: RetentionDays,
    retention_log_days: z
      .number('A whole number of days.')
      .int('A whole number of days.')
      .min(365, 'At least 365 days: the law keeps processing logs a year (DPDP Rules, Rule 6).')
      .max(3650, 'At most 3650 days (10 years).'),
    parcel_length_cm: ParcelSideCm,
    parcel_breadth_cm: ParcelSideCm,
    parcel_height_cm: ParcelSideCm,
    default_piece_weight_grams: PieceWeightGrams,
    prepaid_discount_percent: z
      .number('A whole percent from 0 to 20.')
      .int('A whole percent, e.g. 5.')
      .min(0, 'At least 0 (0 turns the discount off).')
      .max(20, 'At most 20 %.'),
    prepaid_discount_max: SettingRupees.nullable(),
    grievance_officer_name: z.string().trim().max(100, 'At most 100 characters.'),
    grievance_officer_email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, 'At most 254 characters.')
      .refine(
        (value) => value === '' || z.email().safeParse(value).success,
        'An e-mail address, e.g. grievance@kapaas.in.',
      ),
    whatsapp_kinds: z.array(WhatsAppKind).max(WHATSAPP_KINDS.length),
  })
  .partial()
  .refine(
    (body) =>
      body.cod_min_order === undefined || body.cod_max_order === undefined || body.cod_min_order <= body.cod_max_order,
    { path: ['cod_max_order'], message: 'The most must be at least the least.' },
  );
export type AdminUpdateSettings = z.infer<typeof AdminUpdateSettings>;
export const AdminSettingsAnswer = adminItem(AdminSettings);

/** A shipping zone's terms (GET /shipping_zones, PATCH /shipping_zones/:zone). */
export const AdminShippingZone = z.object({
  zone: ShippingZone,
  label: z.string(),
  charge: Rupees,
  /** Orders worth this much or more after the coupon ship free; null: never free. */
  free_above: Rupees.nullable(),
  min_days: z.number().int(),
  max_days: z.number().int(),
  /** Off: the zone is not delivered to. */
  active: z.boolean(),
});
export type AdminShippingZone = z.infer<typeof AdminShippingZone>;
export const AdminShippingZoneParams = z.strictObject({ zone: ShippingZone });
export const AdminUpdateShippingZone = z
  .strictObject({
    charge: SettingRupees,
    free_above: SettingRupees.nullable(),
    min_days: z.number().int().min(1).max(30),
    max_days: z.number().int().min(1).max(30),
    active: z.boolean(),
  })
  .partial();
export type AdminUpdateShippingZone = z.infer<typeof AdminUpdateShippingZone>;
export const AdminShippingZoneListAnswer = z.object({ success: z.literal(true), data: z.array(AdminShippingZone) });
export const AdminShippingZoneAnswer = adminItem(AdminShippingZone);
