import {
  type AdminSettings,
  AdminSettingsAnswer,
  AdminUpdateSettings,
  ErrorAnswer,
  WHATSAPP_KINDS,
} from '@kapaas/contract';
import { eq, type Queryable, shopSettings, states } from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldError } from '../../lib/errors';
import { paiseToRupees, rupeesToPaise } from '../../lib/money';
import { adminOf, auditedWrite } from './resource';

/** The single settings row, created with its defaults the first time it is read. */
async function readSettings(db: Queryable): Promise<AdminSettings> {
  let row = await settingsRow(db);
  if (!row) {
    await db.insert(shopSettings).values({ id: 1 }).onConflictDoNothing();
    row = await settingsRow(db);
  }
  if (!row) throw new Error('shop_settings has no row');
  const { state } = row;
  return {
    per_order_cap: row.perOrderQuantityCap,
    payment_expiry_minutes: row.paymentExpiryMinutes,
    cart_reminder_hours: row.cartReminderHours,
    return_window_days: row.returnWindowDays,
    review_request_days: row.reviewRequestDays,
    retention_guest_days: row.retentionGuestDays,
    retention_cart_days: row.retentionCartDays,
    retention_unconfirmed_signup_days: row.retentionUnconfirmedSignupDays,
    retention_outbox_body_days: row.retentionOutboxBodyDays,
    retention_log_days: row.retentionLogDays,
    gst_legal_name: row.gstLegalName,
    gstin: row.gstin,
    gst_address: row.gstAddress,
    gst_state_id: row.gstStateId,
    gst_state_name: state?.name ?? null,
    invoice_prefix: row.invoicePrefix,
    gst_signatory: row.gstSignatory,
    hsn_digits: row.hsnDigits,
    dispatch_cutoff: `${String(Math.floor(row.dispatchCutoffMinutes / 60)).padStart(2, '0')}:${String(row.dispatchCutoffMinutes % 60).padStart(2, '0')}`,
    cod_enabled: row.codEnabled,
    cod_min_order: paiseToRupees(row.codMinOrderPaise),
    cod_max_order: paiseToRupees(row.codMaxOrderPaise),
    cod_fee: paiseToRupees(row.codFeePaise),
    cod_excluded_pins: row.codExcludedPins,
    cod_confirm_above: row.codConfirmAbovePaise === null ? null : paiseToRupees(row.codConfirmAbovePaise),
    cod_max_open_orders: row.codMaxOpenOrders,
    cod_confirm_hours: row.codConfirmHours,
    cod_pay_link_hours: row.codPayLinkHours,
    cod_advance_amount: paiseToRupees(row.codAdvancePaise),
    cod_advance_for: row.codAdvanceFor,
    parcel_length_cm: row.parcelLengthCm,
    parcel_breadth_cm: row.parcelBreadthCm,
    parcel_height_cm: row.parcelHeightCm,
    default_piece_weight_grams: row.defaultPieceWeightGrams,
    prepaid_discount_percent: row.prepaidDiscountPercent,
    prepaid_discount_max: row.prepaidDiscountMaxPaise === null ? null : paiseToRupees(row.prepaidDiscountMaxPaise),
    grievance_officer_name: row.grievanceOfficerName,
    grievance_officer_email: row.grievanceOfficerEmail,
    whatsapp_kinds: WHATSAPP_KINDS.filter((kind) => row.whatsappKinds.includes(kind)),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function settingsRow(db: Queryable) {
  const [row] = await db
    .select({ settings: shopSettings, state: states })
    .from(shopSettings)
    .leftJoin(states, eq(states.id, shopSettings.gstStateId))
    .where(eq(shopSettings.id, 1));
  return row ? { ...row.settings, state: row.state } : undefined;
}

const paiseOrUndefined = (rupees: number | undefined) => (rupees === undefined ? undefined : rupeesToPaise(rupees));

/** The dispatch cut-off and cash-on-delivery columns a change sets (undefined: left as they are). */
function codColumns(body: AdminUpdateSettings) {
  const [hours, minutes] = (body.dispatch_cutoff ?? '').split(':').map(Number);
  return {
    dispatchCutoffMinutes: body.dispatch_cutoff === undefined ? undefined : (hours ?? 0) * 60 + (minutes ?? 0),
    codEnabled: body.cod_enabled,
    codMinOrderPaise: paiseOrUndefined(body.cod_min_order),
    codMaxOrderPaise: paiseOrUndefined(body.cod_max_order),
    codFeePaise: paiseOrUndefined(body.cod_fee),
    codExcludedPins: body.cod_excluded_pins === undefined ? undefined : [...new Set(body.cod_excluded_pins)].sort(),
    codConfirmAbovePaise:
      body.cod_confirm_above === undefined
        ? undefined
        : body.cod_confirm_above === null
          ? null
          : rupeesToPaise(body.cod_confirm_above),
    codMaxOpenOrders: body.cod_max_open_orders,
    codConfirmHours: body.cod_confirm_hours,
    codPayLinkHours: body.cod_pay_link_hours,
    codAdvancePaise: paiseOrUndefined(body.cod_advance_amount),
    codAdvanceFor: body.cod_advance_for,
  };
}

/** The prepaid discount's columns a change sets (ADR 047); undefined: left as they are, a null cap: no cap. */
function prepaidColumns(body: AdminUpdateSettings) {
  const max = body.prepaid_discount_max;
  return {
    prepaidDiscountPercent: body.prepaid_discount_percent,
    prepaidDiscountMaxPaise: max === undefined ? undefined : max === null ? null : rupeesToPaise(max),
  };
}

/** The kinds sent by WhatsApp (issue 36), once each and in the contract's order; undefined: left as they are. */
function whatsAppColumns(body: AdminUpdateSettings) {
  const kinds = body.whatsapp_kinds;
  return { whatsappKinds: kinds === undefined ? undefined : WHATSAPP_KINDS.filter((kind) => kinds.includes(kind)) };
}

/** Retention's periods (issue 35); undefined: left as they are. The contract holds each to its bounds. */
function retentionColumns(body: AdminUpdateSettings) {
  return {
    retentionGuestDays: body.retention_guest_days,
    retentionCartDays: body.retention_cart_days,
    retentionUnconfirmedSignupDays: body.retention_unconfirmed_signup_days,
    retentionOutboxBodyDays: body.retention_outbox_body_days,
    retentionLogDays: body.retention_log_days,
  };
}

/** The least order value for cash on delivery may not pass the most, as they will be after the change. */
function checkCodLimits(current: SettingsRow | undefined, body: AdminUpdateSettings): void {
  const least = paiseOrUndefined(body.cod_min_order) ?? current?.codMinOrderPaise ?? 0;
  const most = paiseOrUndefined(body.cod_max_order) ?? current?.codMaxOrderPaise ?? 0;
  if (least > most)
    throw fieldError('cod_max_order', 'The most must be at least the least order value for cash on delivery.');
  checkCodAdvance(current, body);
}

/**
 * The COD advance as it will be after the change (issue 34): paid online, so at least ₹1 (Razorpay's least payment)
 * when asked of any order, and an amount to ask when it is asked; 0 with "none" is no advance.
 */
function checkCodAdvance(current: SettingsRow | undefined, body: AdminUpdateSettings): void {
  const amount = paiseOrUndefined(body.cod_advance_amount) ?? current?.codAdvancePaise ?? 0;
  const whom = body.cod_advance_for ?? current?.codAdvanceFor ?? 'none';
  if (amount > 0 && amount < 100) {
    throw fieldError('cod_advance_amount', 'At least ₹1, as it is paid online; 0 for no advance.');
  }
  if (amount === 0 && whom !== 'none') {
    throw fieldError('cod_advance_amount', 'Set the advance to ask, or choose no advance.');
  }
}

type SettingsRow = Awaited<ReturnType<typeof settingsRow>>;

/**
 * Checks the tax identity as it will be after a change (ADR 032): the state must exist, and a GSTIN must be that
 * state's (its first two digits are the state's GST code). A registered shop needs its legal name and address.
 */
async function checkTaxIdentity(
  db: Queryable,
  current: SettingsRow | undefined,
  body: AdminUpdateSettings,
): Promise<void> {
  const stateId = body.gst_state_id === undefined ? (current?.gstStateId ?? null) : body.gst_state_id;
  const gstin = body.gstin ?? current?.gstin ?? '';
  const [state] = stateId === null ? [] : await db.select().from(states).where(eq(states.id, stateId));
  if (stateId !== null && !state) throw fieldError('gst_state_id', 'No such state.');
  if (gstin === '') return;
  if (!state) throw fieldError('gst_state_id', 'Choose the state the GSTIN is registered in.');
  if (state.gstCode !== gstin.slice(0, 2)) {
    const code = state.gstCode ? `${state.name}'s GST code is ${state.gstCode}` : `${state.name} has no GST code`;
    throw fieldError('gstin', `This GSTIN belongs to state code ${gstin.slice(0, 2)}; ${code}.`);
  }
  if ((body.gst_legal_name ?? current?.gstLegalName ?? '') === '') {
    throw fieldError('gst_legal_name', 'A registered shop needs its legal name for its invoices.');
  }
  if ((body.gst_address ?? current?.gstAddress ?? '') === '') {
    throw fieldError('gst_address', 'A registered shop needs its registered address for its invoices.');
  }
}

/**
 * GET/PATCH /settings (owners only): the GST identity (ADR 032), shipping charge, the per-order cap and how long an unpaid
 * order holds its stock. The cap and the charge show on the storefront, so a change rebuilds the
 * catalogue.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['admin'], security: [{ adminToken: [] }] };
  const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer };

  app.get(
    '/settings',
    {
      config: { ownerOnly: true },
      schema: { ...schema, summary: 'The shop settings', response: { 200: AdminSettingsAnswer, ...failures } },
    },
    async () => ({ success: true as const, data: await readSettings(app.database.db) }),
  );

  app.patch(
    '/settings',
    {
      config: { ownerOnly: true },
      schema: {
        ...schema,
        summary: 'Change the shop settings; fields left out keep their values',
        body: AdminUpdateSettings,
        response: { 200: AdminSettingsAnswer, ...failures },
      },
    },
    async (request) => {
      const body = request.body;
      const current = await settingsRow(app.database.db);
      await checkTaxIdentity(app.database.db, current, body);
      checkCodLimits(current, body);
      const { after } = await auditedWrite(app.deps, adminOf(request), {
        resource: 'settings',
        noun: 'Settings',
        action: 'update',
        id: 1,
        catalogue: 'structure',
        find: readSettings,
        async write(tx) {
          await tx
            .update(shopSettings)
            .set({
              perOrderQuantityCap: body.per_order_cap,
              paymentExpiryMinutes: body.payment_expiry_minutes,
              cartReminderHours: body.cart_reminder_hours,
              returnWindowDays: body.return_window_days,
              reviewRequestDays: body.review_request_days,
              ...retentionColumns(body),
              gstLegalName: body.gst_legal_name,
              gstin: body.gstin,
              gstAddress: body.gst_address,
              gstStateId: body.gst_state_id,
              invoicePrefix: body.invoice_prefix,
              gstSignatory: body.gst_signatory,
              hsnDigits: body.hsn_digits,
              ...codColumns(body),
              parcelLengthCm: body.parcel_length_cm,
              parcelBreadthCm: body.parcel_breadth_cm,
              parcelHeightCm: body.parcel_height_cm,
              defaultPieceWeightGrams: body.default_piece_weight_grams,
              ...prepaidColumns(body),
              grievanceOfficerName: body.grievance_officer_name,
              grievanceOfficerEmail: body.grievance_officer_email,
              ...whatsAppColumns(body),
              updatedAt: new Date(),
            })
            .where(eq(shopSettings.id, 1));
          return 1;
        },
      });
      return { success: true as const, data: after ?? (await readSettings(app.database.db)) };
    },
  );
};
