import { z } from 'zod';
import { Id } from './common';
import { Owner } from './identity';
import { MAX_SHOPPER_PHOTOS, ReviewPhoto } from './photos';

/** How a piece fitted, as the buyer says: the answers become the product page's size advice. */
export const REVIEW_FIT_VALUES = ['runs_small', 'true_to_size', 'runs_large'] as const;
export const ReviewFit = z.enum(REVIEW_FIT_VALUES, { error: 'Choose runs small, true to size or runs large.' });
export type ReviewFit = z.infer<typeof ReviewFit>;

/** The order reviews are listed in: newest first, or most found helpful first. */
export const REVIEW_SORT_VALUES = ['recent', 'helpful'] as const;
export const ReviewSort = z.enum(REVIEW_SORT_VALUES, { error: 'Sort by "recent" or "helpful".' });

/** Reviews per page of review_list. */
export const REVIEWS_PER_PAGE = 5;
/** The fit summary shows once this many buyers answered how it fits. */
export const FIT_SUMMARY_MIN_ANSWERS = 3;

/** Plain text: trimmed, no markup is ever rendered from it. */
const ReviewText = z
  .string()
  .trim()
  .min(10, 'Write at least 10 characters.')
  .max(2000, 'Write at most 2,000 characters.');

export const ReviewAddRequest = z.strictObject({
  ...Owner,
  product_id: Id,
  rating: z
    .number({ error: 'Choose 1 to 5 stars.' })
    .int('Choose 1 to 5 stars.')
    .min(1, 'Choose 1 to 5 stars.')
    .max(5, 'Choose 1 to 5 stars.'),
  title: z.string().trim().max(120, 'Keep the title within 120 characters.').optional(),
  text: ReviewText,
  fit: ReviewFit,
  photos: z.array(ReviewPhoto).max(MAX_SHOPPER_PHOTOS, `At most ${MAX_SHOPPER_PHOTOS} photos.`).optional(),
});
export type ReviewAddRequest = z.input<typeof ReviewAddRequest>;

/** One published review as everyone sees it. */
export const Review = z.object({
  review_id: z.number().int(),
  rating: z.number().int(),
  title: z.string().nullable(),
  text: z.string(),
  fit: ReviewFit,
  /** The size the reviewer bought, from their order. */
  size: z.string(),
  /** The reviewer's first name and the initial of their last name, from the order's address. */
  author: z.string(),
  /** Every review comes from a delivered order. */
  verified_purchase: z.literal(true),
  photos: z.array(z.string()),
  helpful_count: z.number().int(),
  /** ISO 8601; updated_at differs once the reviewer edited it. */
  created_at: z.string(),
  updated_at: z.string(),
  /** True for the asking shopper's own review. */
  mine: z.boolean(),
});
export type Review = z.infer<typeof Review>;

export const ReviewAddAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  review: Review,
  /** True when this replaced the shopper's earlier review of the product. */
  edited: z.boolean(),
});
export type ReviewAddAnswer = z.infer<typeof ReviewAddAnswer>;

export const ReviewListRequest = z.strictObject({
  ...Owner,
  product_id: Id,
  page: z.number().int().min(1).max(10_000).default(1),
  sort: ReviewSort.default('recent'),
});
export type ReviewListRequest = z.input<typeof ReviewListRequest>;

/** The summary of a product's published reviews. */
export const ReviewSummary = z.object({
  /** Mean stars to one decimal, null when there are no reviews. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** How many reviews gave 1, 2, 3, 4 and 5 stars. */
  distribution: z.object({
    1: z.number().int(),
    2: z.number().int(),
    3: z.number().int(),
    4: z.number().int(),
    5: z.number().int(),
  }),
  /** The most common fit answer once at least FIT_SUMMARY_MIN_ANSWERS exist, else null. */
  fit: z
    .object({
      most: ReviewFit,
      answers: z.number().int(),
      runs_small: z.number().int(),
      true_to_size: z.number().int(),
      runs_large: z.number().int(),
    })
    .nullable(),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

export const ReviewListAnswer = z.object({
  success: z.literal(true),
  ...ReviewSummary.shape,
  page: z.number().int(),
  per_page: z.number().int(),
  pages: z.number().int(),
  reviews: z.array(Review),
  /**
   * May the asking shopper review this product (bought and delivered)? With their review when they
   * wrote one, so the form opens filled in to edit.
   */
  can_review: z.boolean(),
  my_review: Review.nullable(),
});
export type ReviewListAnswer = z.infer<typeof ReviewListAnswer>;

export const ReviewHelpfulRequest = z.strictObject({ ...Owner, review_id: Id });
export const ReviewHelpfulAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  helpful_count: z.number().int(),
});
export type ReviewHelpfulAnswer = z.infer<typeof ReviewHelpfulAnswer>;
