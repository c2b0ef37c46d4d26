import { z } from 'zod';
import { Id, Rupees } from '../common';
import { AdminProductListQuery, AdminProductStatus, MAX_STOCK } from './catalogue';

/*
 * Bulk edits of products (issue 39, ADR 065): POST /admin/api/products/bulk/preview and …/apply take the same body,
 * a selection (ticked ids, or the product list's own filters) and one action. The server computes every product's
 * before and after; the preview changes nothing, the apply writes what the preview showed (computed again, under
 * lock) and answers counts.
 */

/** The most products one bulk edit may name by id (a console page ticks 20; "all matching" sends the filter). */
export const MAX_BULK_IDS = 5_000;
/** The most rows a preview lists (its counts cover the whole selection): refused rows first, then changes. */
export const MAX_BULK_PREVIEW_ROWS = 1_000;

/** The list's own filters (GET /products), without paging: the same names, values and meaning. */
export const AdminBulkFilter = AdminProductListQuery.omit({ page: true, per_page: true });
export type AdminBulkFilter = z.infer<typeof AdminBulkFilter>;

const wholeRupees = (label: string) =>
  z
    .number()
    .int(`${label} is a whole number of rupees.`)
    .min(-10_000_000, 'The amount is too large.')
    .max(10_000_000, 'The amount is too large.');
const notZero = (value: number) => value !== 0;
const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const AdminBulkAction = z.discriminatedUnion('kind', [
  /** Every price changed by this percentage, rounded to the rupee, never below ₹1. */
  z.strictObject({
    kind: z.literal('price_percent'),
    percent: z
      .number()
      .min(-90, 'A price may go down by at most 90 %.')
      .max(500, 'A price may go up by at most 500 %.')
      .refine(notZero, 'A change of 0 % changes nothing.')
      .refine(twoDecimals, 'At most two decimal places.'),
  }),
  /** Every price changed by this many rupees (negative lowers it), rounded to the rupee, never below ₹1. */
  z.strictObject({
    kind: z.literal('price_amount'),
    rupees: wholeRupees('The change').refine(notZero, 'A change of ₹0 changes nothing.'),
  }),
  /** A discount price of this much off the price (a percentage, or rupees), rounded to the rupee, at least ₹1. */
  z
    .strictObject({
      kind: z.literal('set_discount'),
      percent: z
        .number()
        .int('A whole percentage, please.')
        .min(1, 'At least 1 % off.')
        .max(95, 'At most 95 % off.')
        .optional(),
      rupees: z.number().int('A whole number of rupees, please.').min(1, 'At least ₹1 off.').max(10_000_000).optional(),
    })
    .refine((action) => (action.percent === undefined) !== (action.rupees === undefined), {
      message: 'Give the discount as a percentage or in rupees, one of the two.',
      path: ['percent'],
    }),
  z.strictObject({ kind: z.literal('clear_discount') }),
  /** Into this category; the subcategory when given (it must be the category's), else each keeps its own. */
  z.strictObject({ kind: z.literal('move_category'), category_id: Id, subcategory_id: Id.optional() }),
  /** These sizes' stock, on each selected product that sells the size (a size it does not sell is not added). */
  z.strictObject({
    kind: z.literal('set_stock'),
    sizes: z
      .array(
        z.strictObject({
          size_id: Id,
          stock: z.number().int('Stock is a whole number.').min(0, 'Stock cannot be negative.').max(MAX_STOCK),
        }),
      )
      .min(1, 'Give the stock of at least one size.')
      .max(50)
      .refine((list) => new Set(list.map((s) => s.size_id)).size === list.length, 'Each size may appear once.'),
  }),
  z.strictObject({ kind: z.literal('archive') }),
  z.strictObject({ kind: z.literal('restore') }),
]);
export type AdminBulkAction = z.infer<typeof AdminBulkAction>;
export type AdminBulkKind = AdminBulkAction['kind'];

/** The body of preview and apply: `ids` or `filter`, one of the two, and the action. */
export const AdminBulkRequest = z
  .strictObject({
    ids: z
      .array(Id)
      .min(1, 'Tick at least one product.')
      .max(MAX_BULK_IDS, `At most ${MAX_BULK_IDS} ticked products; choose them by a filter instead.`)
      .optional(),
    filter: AdminBulkFilter.optional(),
    action: AdminBulkAction,
  })
  .refine((body) => (body.ids === undefined) !== (body.filter === undefined), {
    message: 'Choose the products by ids or by a filter, one of the two.',
    path: ['ids'],
  });
export type AdminBulkRequest = z.infer<typeof AdminBulkRequest>;

/** What a bulk edit may change of one product, before or after. */
export const AdminBulkState = z.object({
  price: Rupees,
  discount_price: Rupees.nullable(),
  category_id: z.number().int(),
  subcategory_id: z.number().int(),
  status: AdminProductStatus,
  sizes: z.array(z.object({ size_id: z.number().int(), size: z.string(), stock: z.number().int() })),
});
export type AdminBulkState = z.infer<typeof AdminBulkState>;

export const AdminBulkOutcome = z.enum(['change', 'unchanged', 'refused']);
export type AdminBulkOutcome = z.infer<typeof AdminBulkOutcome>;

export const AdminBulkRow = z.object({
  id: z.number().int(),
  name: z.string(),
  outcome: AdminBulkOutcome,
  /** Why the row is refused (it is then left as it is). */
  reason: z.string().nullable(),
  before: AdminBulkState,
  /** Equal to before when unchanged or refused. */
  after: AdminBulkState,
});
export type AdminBulkRow = z.infer<typeof AdminBulkRow>;

const counts = {
  /** Products selected. */
  selected: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
};

export const AdminBulkPreviewAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    ...counts,
    /** Refused rows first, then changes, then the unchanged, at most MAX_BULK_PREVIEW_ROWS. */
    rows: z.array(AdminBulkRow),
  }),
});
export type AdminBulkPreviewAnswer = z.infer<typeof AdminBulkPreviewAnswer>;

export const AdminBulkApplyAnswer = z.object({ success: z.literal(true), data: z.object(counts) });
export type AdminBulkApplyAnswer = z.infer<typeof AdminBulkApplyAnswer>;
