import { z } from 'zod';

// A shopper's rights under India's DPDP Act 2023 (issue 35): to a summary of their data, to correct it, to have it
// erased, and to complain (a grievance). The shop answers each within 90 days of the request counting.

export const PRIVACY_REQUEST_KIND_VALUES = ['access', 'correction', 'erasure', 'grievance'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KIND_VALUES)[number];

/** Where a request stands in the console; a guest's request counts (and appears) only once its e-mail confirmed it. */
export const PRIVACY_REQUEST_STATUS_VALUES = ['open', 'in_progress', 'answered', 'rejected'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUS_VALUES)[number];

/** Days from a request counting (its confirmation) to its due date: the Rules' 90 days, grievances included. */
export const PRIVACY_REQUEST_DUE_DAYS = 90;

const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;

/** POST /api/privacy_request: what the person asks for and why; a guest adds the e-mail the confirmation link goes to. */
export const PrivacyRequestRequest = z.strictObject({
  kind: z.enum(PRIVACY_REQUEST_KIND_VALUES, {
    error: 'Choose what you ask for: access, correction, erasure or grievance.',
  }),
  message: z
    .string({ error: (issue) => (issue.input == null ? 'Message is required' : 'Must be text') })
    .trim()
    .min(1, { error: 'Message is required', abort: true })
    .max(5000, 'The message can be at most 5000 characters.')
    .refine((text) => !CONTROL_BUT_LINE_BREAKS.test(text), 'The message contains characters that are not allowed.'),
  email: z
    .string({ error: 'Must be text' })
    .trim()
    .max(254, 'The e-mail address can be at most 254 characters.')
    .pipe(z.email('Invalid email format'))
    .optional(),
});
export type PrivacyRequestRequest = z.input<typeof PrivacyRequestRequest>;

/** The token of a request's confirmation link (`/privacy-request/confirm?token=…`). */
export const PrivacyRequestConfirmRequest = z.strictObject({
  token: z
    .string({ error: 'The confirmation link is incomplete.' })
    .trim()
    .min(1, 'The confirmation link is incomplete.')
    .max(200, 'This confirmation link is not valid.'),
});
export type PrivacyRequestConfirmRequest = z.input<typeof PrivacyRequestConfirmRequest>;
