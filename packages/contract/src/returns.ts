import { z } from 'zod';
import { Id, Rupees } from './common';
import { Owner } from './identity';
import { MAX_SHOPPER_PHOTOS, ReturnPhoto } from './photos';

/** Why a piece goes back. */
export const RETURN_REASON_VALUES = [
  'too_small',
  'too_big',
  'damaged',
  'not_as_described',
  'changed_mind',
  'other',
] as const;
export const ReturnReason = z.enum(RETURN_REASON_VALUES, { error: 'Choose a reason.' });
export type ReturnReason = z.infer<typeof ReturnReason>;

/** The reasons in the shopper's words. */
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  too_small: 'Too small',
  too_big: 'Too big',
  damaged: 'Damaged or faulty',
  not_as_described: 'Not as described',
  changed_mind: 'Changed my mind',
  other: 'Other',
};

/** A return gives the money back; an exchange sends the same product in another size. */
export const RETURN_KIND_VALUES = ['return', 'exchange'] as const;
export const ReturnKind = z.enum(RETURN_KIND_VALUES, { error: 'Choose return or exchange.' });
export type ReturnKind = z.infer<typeof ReturnKind>;

/**
 * A category's return rule (ADR 058): its pieces may be returned or exchanged (`returnable`), only exchanged for
 * another size (`exchange_only`), or neither (`final_sale`). An order line keeps the rule it was bought under.
 */
export const RETURN_RULE_VALUES = ['returnable', 'exchange_only', 'final_sale'] as const;
export const ReturnRuleKind = z.enum(RETURN_RULE_VALUES, { error: 'Choose a return rule.' });
export type ReturnRuleKind = z.infer<typeof ReturnRuleKind>;

/** The rules in the shopper's words. */
export const RETURN_RULE_LABELS: Record<ReturnRuleKind, string> = {
  returnable: 'Returnable',
  exchange_only: 'Exchange only',
  final_sale: 'Final sale',
};

/** The longest reason a rule may give, shown to shoppers on the product page and the return form. */
export const RETURN_RULE_REASON_MAX = 200;

/** A rule with its reason ('' for `returnable`), as the product page and an order line carry it. */
export const ReturnRule = z.object({ kind: ReturnRuleKind, reason: z.string() });
export type ReturnRule = z.infer<typeof ReturnRule>;

/**
 * Where a return request stands. requested → approved or rejected; approved → received (the parcel
 * came back, its pieces go back on sale); received → refunded and/or exchange_shipped, then
 * completed once every line is settled. Illegal moves answer 409.
 */
export const RETURN_STATUS_VALUES = [
  'requested',
  'approved',
  'rejected',
  'received',
  'refunded',
  'exchange_shipped',
  'completed',
] as const;
export const ReturnStatus = z.enum(RETURN_STATUS_VALUES);
export type ReturnStatus = z.infer<typeof ReturnStatus>;

/** How the money of a return went back: through the payment provider, or (cash on delivery) by bank transfer or UPI. */
export const RETURN_REFUND_METHOD_VALUES = ['provider', 'bank', 'upi'] as const;
export const ReturnRefundMethod = z.enum(RETURN_REFUND_METHOD_VALUES);

export const ReturnRequestLine = z
  .strictObject({
    product_id: Id,
    /** The size_id bought, as order_details shows the line. */
    size: Id,
    quantity: z.number().int('Whole pieces only.').min(1, 'At least 1 piece.').max(1000),
    kind: ReturnKind,
    /** For an exchange: the size_id wanted instead. */
    new_size: Id.optional(),
    reason: ReturnReason,
    note: z.string().trim().max(1000, 'Keep the note within 1,000 characters.').optional(),
  })
  .superRefine((line, ctx) => {
    if (line.kind === 'exchange' && line.new_size === undefined) {
      ctx.addIssue({ code: 'custom', path: ['new_size'], message: 'Choose the size you want instead.' });
    }
    if (line.kind === 'return' && line.new_size !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['new_size'], message: 'A return takes no new size.' });
    }
    if (line.new_size !== undefined && line.new_size === line.size) {
      ctx.addIssue({ code: 'custom', path: ['new_size'], message: 'Choose a size other than the one you have.' });
    }
  });
export type ReturnRequestLine = z.input<typeof ReturnRequestLine>;

export const ReturnRequestRequest = z.strictObject({
  ...Owner,
  order_id: Id,
  lines: z.array(ReturnRequestLine).min(1, 'Choose at least one piece.').max(50),
  photos: z.array(ReturnPhoto).max(MAX_SHOPPER_PHOTOS, `At most ${MAX_SHOPPER_PHOTOS} photos.`).optional(),
});
export type ReturnRequestRequest = z.input<typeof ReturnRequestRequest>;

export const ReturnRequestAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  return_id: z.number().int(),
});
export type ReturnRequestAnswer = z.infer<typeof ReturnRequestAnswer>;

/** One line of a return as the shopper and the console see it. */
export const ReturnLine = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  product_image: z.string(),
  size_id: z.number().int(),
  size: z.string(),
  quantity: z.number().int(),
  kind: ReturnKind,
  new_size_id: z.number().int().nullable(),
  new_size: z.string().nullable(),
  reason: ReturnReason,
  note: z.string().nullable(),
  /** What the shopper paid for these pieces (their share after the coupon): what a return refunds. */
  amount: Rupees,
});
export type ReturnLine = z.infer<typeof ReturnLine>;

export const ReturnSummary = z.object({
  return_id: z.number().int(),
  order_id: z.number().int(),
  status: ReturnStatus,
  /** ISO 8601. */
  created_at: z.string(),
  lines: z.array(ReturnLine),
  /** The sum of the return lines: what the refund will be. */
  refund_amount: Rupees,
});
export type ReturnSummary = z.infer<typeof ReturnSummary>;

export const ReturnDetail = ReturnSummary.extend({
  photos: z.array(z.string()),
  /** The owner's words when approving or rejecting. */
  decision_message: z.string().nullable(),
  /** How and when the money went back, once refunded. */
  refund: z
    .object({ amount: Rupees, method: ReturnRefundMethod, reference: z.string().nullable(), at: z.string() })
    .nullable(),
  /** The exchange's own parcel, once shipped: the owner's tracking note. */
  exchange_shipment: z.object({ tracking_note: z.string(), at: z.string() }).nullable(),
  history: z.array(z.object({ status: ReturnStatus, note: z.string().nullable(), at: z.string() })),
});
export type ReturnDetail = z.infer<typeof ReturnDetail>;

export const MyReturnsRequest = z.strictObject({ ...Owner });
export const MyReturnsAnswer = z.object({ success: z.literal(true), data: z.array(ReturnSummary) });
export type MyReturnsAnswer = z.infer<typeof MyReturnsAnswer>;

export const ReturnDetailsRequest = z.strictObject({ ...Owner, return_id: Id });
export const ReturnDetailsAnswer = z.object({ success: z.literal(true), data: ReturnDetail });
export type ReturnDetailsAnswer = z.infer<typeof ReturnDetailsAnswer>;
