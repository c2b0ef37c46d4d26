import { z } from 'zod';
import { MAX_INT4 } from '../common';
import { ReviewFit } from '../reviews';
import { AdminPaging, adminItem, adminList, QueryFlag, Timestamp } from './common';

/** A review as the console lists it: published or hidden, with who wrote it and on which order. */
export const AdminReview = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  order_id: z.number().int(),
  /** The reviewer's e-mail (from the account or the order), for the owner only. */
  reviewer: z.string(),
  author: z.string(),
  rating: z.number().int(),
  title: z.string().nullable(),
  text: z.string(),
  fit: ReviewFit,
  size: z.string(),
  photos: z.array(z.string()),
  helpful_count: z.number().int(),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  hidden_at: Timestamp.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AdminReview = z.infer<typeof AdminReview>;

export const AdminReviewListQuery = z.strictObject({
  ...AdminPaging,
  product_id: z.coerce.number().int().positive().max(MAX_INT4).optional(),
  hidden: QueryFlag.optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
});
export const AdminReviewListAnswer = adminList(AdminReview);
export type AdminReviewListAnswer = z.infer<typeof AdminReviewListAnswer>;
export const AdminReviewAnswer = adminItem(AdminReview);
export type AdminReviewAnswer = z.infer<typeof AdminReviewAnswer>;

/** POST /admin/api/reviews/:id/hide: the reason is kept with the review and in the audit log. */
export const AdminReviewHideRequest = z.strictObject({
  reason: z.string().trim().min(3, 'Say why the review is hidden.').max(500),
});
/** POST /admin/api/reviews/:id/show publishes a hidden review again. */
export const AdminReviewShowRequest = z.strictObject({});
