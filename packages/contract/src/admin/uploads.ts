import { z } from 'zod';

/** One uploaded image, converted to WebP at a few widths. */
export const AdminUploadAnswer = z.object({
  success: z.literal(true),
  /** The largest rendition: what to store in a product's `images` or a banner's `image`. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Every rendition, smallest first. */
  variants: z.array(z.object({ width: z.number().int(), url: z.string() })),
});
export type AdminUploadAnswer = z.infer<typeof AdminUploadAnswer>;
