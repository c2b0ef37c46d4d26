import { z } from 'zod';
import { Id } from './common';
import { ConsentPurpose, NoticeVersion } from './consent';

// Control characters have no place in a name, an address or a number; a message may keep its
// line breaks and tabs. PostgreSQL cannot store NUL at all, so this is also what keeps it out.
const ANY_CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;

/** A field the shopper must fill in: the documented "required" text when missing, empty or blank. */
function required(message: string) {
  return z
    .string({ error: (issue) => (issue.input == null ? message : 'Must be text') })
    .trim()
    .min(1, { error: message, abort: true });
}

const ContactEmail = required('Email is required')
  .max(254, 'The e-mail address can be at most 254 characters.')
  .pipe(z.email('Invalid email format'));

export const ContactRequest = z.strictObject({
  name: required('Name is required')
    .max(100, 'The name can be at most 100 characters.')
    .refine((text) => !ANY_CONTROL.test(text), 'The name contains characters that are not allowed.'),
  email: ContactEmail,
  mobile: required('Mobile number is required').regex(/^[0-9]{10}$/, 'Enter a valid 10-digit mobile number'),
  message: required('Message is required')
    .max(5000, 'The message can be at most 5000 characters.')
    .refine((text) => !CONTROL_BUT_LINE_BREAKS.test(text), 'The message contains characters that are not allowed.'),
});
export type ContactRequest = z.input<typeof ContactRequest>;

export const NewsletterSubscribeRequest = z.strictObject({
  email: ContactEmail,
  notice_version: NoticeVersion.optional(),
});
export type NewsletterSubscribeRequest = z.input<typeof NewsletterSubscribeRequest>;

/** "Notify me" on a sold-out size: one message when that size is back. */
export const StockAlertRequest = z.strictObject({
  product_id: Id,
  size_id: Id,
  email: ContactEmail,
  notice_version: NoticeVersion.optional(),
});
export type StockAlertRequest = z.input<typeof StockAlertRequest>;

/** The token of a newsletter confirmation link (`/newsletter/confirm?token=…`). */
export const NewsletterConfirmRequest = z.strictObject({
  token: z
    .string({ error: 'The confirmation link is incomplete.' })
    .trim()
    .min(1, 'The confirmation link is incomplete.')
    .max(200, 'This confirmation link is not valid.'),
});
export type NewsletterConfirmRequest = z.input<typeof NewsletterConfirmRequest>;

/**
 * The one-click unsubscribe's query string (RFC 8058), from a message's List-Unsubscribe header or
 * its footer link: the address and its signature.
 */
export const UnsubscribeQuery = z.object({
  e: z
    .string({ error: 'The unsubscribe link is incomplete.' })
    .trim()
    .min(1, 'The unsubscribe link is incomplete.')
    .max(254),
  /** The purpose the link withdraws (issue 35); absent in links sent before the consent ledger: every e-mail purpose. */
  p: ConsentPurpose.optional(),
  s: z
    .string({ error: 'The unsubscribe link is incomplete.' })
    .trim()
    .min(1, 'The unsubscribe link is incomplete.')
    .max(100),
});
export type UnsubscribeQuery = z.input<typeof UnsubscribeQuery>;
