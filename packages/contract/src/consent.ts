import { z } from 'zod';

/**
 * What a person may say yes or no to, one purpose at a time (issue 35, the DPDP Act's consent per purpose). Order
 * and account messages need no consent and are not here.
 */
export const CONSENT_PURPOSES = {
  marketing_email: 'Offers and news by e-mail',
  cart_reminders: 'A reminder of what I left in my cart',
  back_in_stock: 'An e-mail when a size I asked about is back',
  whatsapp_updates: 'Order updates on WhatsApp',
  whatsapp_marketing: 'Offers and news on WhatsApp',
  child_profile: 'Keep my children’s first names and birth months to suggest their sizes, and nothing else',
} as const;
export type ConsentPurpose = keyof typeof CONSENT_PURPOSES;
export const CONSENT_PURPOSE_VALUES = Object.keys(CONSENT_PURPOSES) as [ConsentPurpose, ...ConsentPurpose[]];
export const ConsentPurpose = z.enum(CONSENT_PURPOSE_VALUES, { error: 'This is not a purpose the shop asks about.' });

/** Where a consent or a withdrawal was given: the form or the link the person used. */
export const CONSENT_SOURCE_VALUES = [
  'signup',
  'checkout',
  'profile',
  'newsletter',
  'stock_alert',
  'message_footer',
  'whatsapp_reply',
  'migration',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCE_VALUES)[number];

/**
 * The version of the privacy notice the form showed, sent back with the form so that the server records which
 * notice the person saw. Optional: a client that shows no notice sends none, and the current version is recorded.
 */
export const NoticeVersion = z
  .number({ error: 'The privacy notice version must be a number.' })
  .int('The privacy notice version must be a whole number.')
  .min(1, 'The privacy notice version must be 1 or more.')
  .max(1_000_000, 'The privacy notice version is not one the shop has.');

/** POST /api/privacy_notice {}: the notice in force. */
export const PrivacyNoticeRequest = z.strictObject({});

/** The answer of /api/privacy_notice: the notice in force, in Markdown, with the grievance officer. */
export const PrivacyNoticeAnswer = z.object({
  success: z.literal(true),
  notice: z.object({
    version: z.number().int(),
    body: z.string(),
    published_at: z.string(),
    grievance_officer: z.object({ name: z.string(), email: z.string() }),
  }),
});
export type PrivacyNoticeAnswer = z.infer<typeof PrivacyNoticeAnswer>;

/** One purpose as the profile shows it: whether consent stands, and when and where it was last said. */
export const ConsentState = z.object({
  purpose: ConsentPurpose,
  label: z.string(),
  given: z.boolean(),
  /** When the person last said yes or no; null when they never did. */
  since: z.string().nullable(),
  source: z.enum(CONSENT_SOURCE_VALUES).nullable(),
});
export type ConsentState = z.infer<typeof ConsentState>;

/** POST /api/my_consents: the signed-in shopper's consents, every purpose listed. */
export const MyConsentsRequest = z.strictObject({});
export const MyConsentsAnswer = z.object({ success: z.literal(true), consents: z.array(ConsentState) });
export type MyConsentsAnswer = z.infer<typeof MyConsentsAnswer>;

/** POST /api/consent_update: the profile's switch, one purpose at a time; giving and withdrawing are alike. */
export const ConsentUpdateRequest = z.strictObject({
  purpose: ConsentPurpose,
  given: z.boolean({ error: 'Say whether you give or withdraw this consent.' }),
  notice_version: NoticeVersion.optional(),
});
export type ConsentUpdateRequest = z.input<typeof ConsentUpdateRequest>;
export const ConsentUpdateAnswer = MyConsentsAnswer.extend({ message: z.string() });
export type ConsentUpdateAnswer = z.infer<typeof ConsentUpdateAnswer>;

/** The optional consents a sign-up or checkout form offers, each a box the shopper ticks (never ticked for them). */
export const FormConsents = z
  .array(ConsentPurpose)
  .max(CONSENT_PURPOSE_VALUES.length)
  .refine((list) => new Set(list).size === list.length, 'A purpose is listed twice.');
