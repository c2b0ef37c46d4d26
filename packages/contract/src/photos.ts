import { z } from 'zod';
import { Id } from './common';

/** At most this many photos with a review, or with a return request. */
export const MAX_SHOPPER_PHOTOS = 3;

const PHOTO_MESSAGE = 'Send a photo uploaded with photo_upload.';
/** A rendition's file: the content's hash and the width (`<24 hex>-<width>.webp`). */
export const PHOTO_FILE_PATTERN = /^[0-9a-f]{24}-[1-9][0-9]{0,3}\.webp$/;

/**
 * A review's photo: the URL photo_upload answered for a review (a WebP the shop converted, public under
 * /media/photos/), or one under /media/uploads/ that a review written before that already shows. Any other URL is
 * refused.
 */
export const ReviewPhoto = z
  .string()
  .max(200)
  .regex(/^\/media\/(photos|uploads)\/[0-9a-f]{24}-[1-9][0-9]{0,3}\.webp$/, PHOTO_MESSAGE);

/**
 * A return's photo: the URL photo_upload answered for a return. It is private (it may show a shopper's home or
 * child): only that shopper's session and the shop's staff can open it, never from the public /media/.
 */
export const ReturnPhoto = z
  .string()
  .max(200)
  .regex(/^\/api\/return_photo\/[0-9a-f]{24}-[1-9][0-9]{0,3}\.webp$/, PHOTO_MESSAGE);

/**
 * photo_upload's fields besides the file (multipart, sent before the file): what the photo is for. A review's photo
 * names the product the shopper received; a return's names their delivered order.
 */
export const PhotoUploadFields = z.discriminatedUnion(
  'purpose',
  [
    z.strictObject({ purpose: z.literal('review'), product_id: Id }),
    z.strictObject({ purpose: z.literal('return'), order_id: Id }),
  ],
  { error: 'Say what the photo is for: "review" with product_id, or "return" with order_id.' },
);
export type PhotoUploadFields = z.input<typeof PhotoUploadFields>;

/** What photo_upload answers: the URL to send in the review's or the return's `photos`. */
export const PhotoUploadAnswer = z.object({
  success: z.literal(true),
  url: z.union([ReviewPhoto, ReturnPhoto]),
});
export type PhotoUploadAnswer = z.infer<typeof PhotoUploadAnswer>;
