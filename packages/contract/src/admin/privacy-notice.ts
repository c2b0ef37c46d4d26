import { z } from 'zod';
import { adminItem, Timestamp } from './common';

/** One version of the privacy notice (issue 35): its text (Markdown), when and by whom it was saved. */
export const AdminNoticeVersion = z.object({
  version: z.number().int(),
  body: z.string(),
  /** The owner who saved it; null for the default notice written by the shop's migration. */
  author_email: z.string().nullable(),
  created_at: Timestamp,
});
export type AdminNoticeVersion = z.infer<typeof AdminNoticeVersion>;

/** GET/POST /privacy-notice: every version, newest (the one in force) first. */
export const AdminPrivacyNoticeAnswer = adminItem(z.object({ versions: z.array(AdminNoticeVersion) }));
export type AdminPrivacyNoticeAnswer = z.infer<typeof AdminPrivacyNoticeAnswer>;

/** POST /privacy-notice: the new text, saved as the next version. */
export const AdminSaveNotice = z.strictObject({
  body: z
    .string({ error: 'Write the notice.' })
    .trim()
    .min(1, 'Write the notice.')
    .max(50_000, 'The notice can be at most 50,000 characters.'),
});
export type AdminSaveNotice = z.input<typeof AdminSaveNotice>;
