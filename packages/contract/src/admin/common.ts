import { z } from 'zod';
import { Id, MAX_INT4, Rupees } from '../common';
import { LINK_URL_PATTERN, MAX_LINK_LENGTH } from '../links';

/*
 * Building blocks of the admin API (product.md §15): JSON over REST under /admin/api/, every
 * answer `{ success: true, data }` (lists add `page`, `per_page`, `total`), every failure the
 * shared ErrorAnswer. Amounts are rupees, as in the customer API.
 */

/** The `:id` of a resource's URL. */
export const AdminIdParams = z.strictObject({ id: Id });

/** A yes/no filter in a query string. */
export const QueryFlag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Paging and free-text search, shared by every list; each resource adds its own filters. */
export const AdminPaging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  /** Free text, matched case-insensitively against the resource's names. */
  q: z.string().trim().max(100).optional(),
};
export const AdminListQuery = z.strictObject(AdminPaging);

/** The answer of a list: one page of items and the total across all pages. */
export function adminList<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.array(item),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  });
}

/** The answer carrying one item. */
export function adminItem<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: item });
}

/** The answer of a DELETE: `archived` when the record was kept out of sight instead of removed. */
export const AdminDeleteAnswer = z.object({ success: z.literal(true), message: z.string(), archived: z.boolean() });
export type AdminDeleteAnswer = z.infer<typeof AdminDeleteAnswer>;

/** A name or title: trimmed, required. */
export const Title = (max = 200) => z.string().trim().min(1, 'This field is required.').max(max);

/** Longer plain text (descriptions, details). */
export const LongText = z.string().max(20_000);

/** An amount in rupees, to the paisa, above zero. */
export const RupeeAmount = z
  .number()
  // At least one paisa: a positive amount that rounds to 0 paise (1e-9) would reach the server as nothing.
  .min(0.01, 'Must be more than zero.')
  .max(10_000_000, 'The amount is too large.')
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'At most two decimal places.');

/**
 * An image the shop serves itself: an uploaded or demo file under /media/ (product.md §13). Images
 * on other hosts are refused: the Content-Security-Policy (img-src 'self') would block them, and
 * the shop would depend on a host it does not control.
 */
export const ImageUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/media\/(?!.*\.\.)[A-Za-z0-9._/-]+$/, 'Must be an image uploaded to the shop (/media/…).');

/** Where a banner or ad leads: a path on the shop or an https URL (see LINK_URL_PATTERN). */
export const LinkUrl = z
  .string()
  .trim()
  .max(MAX_LINK_LENGTH)
  .regex(LINK_URL_PATTERN, 'Must be a path on the shop (one leading /, no \\) or an https URL.');

export const SortOrder = z.number().int().min(-100_000).max(100_000);

/** ISO 8601 timestamps in answers. */
export const Timestamp = z.string();

/** The most one piece, or the default piece, may weigh (g): a courier's parcel of one piece tops out near 30 kg. */
export const MAX_PIECE_WEIGHT_GRAMS = 30_000;
/** A piece's packed weight in grams: a whole number above 0, at most 30 kg. */
export const PieceWeightGrams = z
  .number()
  .int('Grams, a whole number.')
  .min(1, 'More than 0 grams.')
  .max(MAX_PIECE_WEIGHT_GRAMS, 'At most 30000 grams (30 kg).');
/** One side of the default parcel in centimetres (couriers take up to about 2 m). */
export const ParcelSideCm = z
  .number()
  .int('Centimetres, a whole number.')
  .min(1, 'At least 1 cm.')
  .max(200, 'At most 200 cm.');

export { Id, MAX_INT4, Rupees };
