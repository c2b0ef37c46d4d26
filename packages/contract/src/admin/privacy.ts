import { z } from 'zod';
import { PRIVACY_REQUEST_KIND_VALUES, PRIVACY_REQUEST_STATUS_VALUES } from '../privacy-requests';
import { AdminPaging, adminItem, adminList, Timestamp } from './common';

// The console's privacy tools (issue 35): the rights requests with their 90-day clock, and the breach drill with
// its 72-hour clock (DPDP Rules, rule 7).

/** A rights request as the console lists it: only confirmed ones; `overdue` once `due_at` passed unanswered. */
export const AdminPrivacyRequest = z.object({
  id: z.number().int(),
  kind: z.enum(PRIVACY_REQUEST_KIND_VALUES),
  status: z.enum(PRIVACY_REQUEST_STATUS_VALUES),
  email: z.string(),
  /** The account the request came from (a logged-in shopper), or null for a guest who confirmed by e-mail. */
  user_id: z.number().int().nullable(),
  message: z.string(),
  created_at: Timestamp,
  confirmed_at: Timestamp,
  due_at: Timestamp,
  overdue: z.boolean(),
  answer: z.string().nullable(),
  answered_at: Timestamp.nullable(),
});
export type AdminPrivacyRequest = z.infer<typeof AdminPrivacyRequest>;

/** One step of a request's audit trail: who did what, when. */
export const AdminPrivacyTrailEntry = z.object({
  at: Timestamp,
  who: z.string(),
  action: z.string(),
  detail: z.string().nullable(),
});
export type AdminPrivacyTrailEntry = z.infer<typeof AdminPrivacyTrailEntry>;

export const AdminPrivacyRequestDetail = AdminPrivacyRequest.extend({ trail: z.array(AdminPrivacyTrailEntry) });
export type AdminPrivacyRequestDetail = z.infer<typeof AdminPrivacyRequestDetail>;

/** GET /admin/api/privacy-requests: soonest due first; `status` keeps one status, `q` searches the address. */
export const AdminPrivacyRequestListQuery = z.strictObject({
  ...AdminPaging,
  status: z.enum(PRIVACY_REQUEST_STATUS_VALUES).optional(),
});
export const AdminPrivacyRequestListAnswer = adminList(AdminPrivacyRequest);
export type AdminPrivacyRequestListAnswer = z.infer<typeof AdminPrivacyRequestListAnswer>;
export const AdminPrivacyRequestAnswer = adminItem(AdminPrivacyRequestDetail);
export type AdminPrivacyRequestAnswer = z.infer<typeof AdminPrivacyRequestAnswer>;

/** POST /admin/api/privacy-requests/:id/start: the owner works on it (open → in_progress). */
export const AdminPrivacyRequestStartRequest = z.strictObject({});

/** POST /admin/api/privacy-requests/:id/answer: the answer is mailed to the requester and closes the request. */
export const AdminPrivacyRequestReply = z.strictObject({
  outcome: z.enum(['answered', 'rejected'], { error: 'Choose answered or rejected.' }),
  answer: z
    .string({ error: 'Write the answer the person will receive.' })
    .trim()
    .min(10, 'Write the answer the person will receive (at least 10 characters).')
    .max(10_000, 'The answer can be at most 10000 characters.'),
});
export type AdminPrivacyRequestReply = z.input<typeof AdminPrivacyRequestReply>;

/** Hours from recording a breach to the detailed report the Data Protection Board is owed (rule 7(2)(b)). */
export const BREACH_REPORT_HOURS = 72;

/** A breach as recorded, with its 72-hour deadline and what was sent. */
export const AdminBreach = z.object({
  id: z.number().int(),
  title: z.string(),
  what_happened: z.string(),
  recorded_at: Timestamp,
  recorded_by: z.string(),
  report_due_at: Timestamp,
  notice_subject: z.string().nullable(),
  notice_body: z.string().nullable(),
  /** How the affected people were chosen, in words, as sent. */
  audience: z.string().nullable(),
  notified_at: Timestamp.nullable(),
  notified_count: z.number().int(),
  /**
   * Whom the people should contact, for the notice's template: the grievance officer of the privacy notice
   * ("Name <e-mail>"), or null when Settings names none. Only on one breach's answer, not in the list.
   */
  contact: z.string().nullable().optional(),
});
export type AdminBreach = z.infer<typeof AdminBreach>;
export const AdminBreachListAnswer = adminList(AdminBreach);
export type AdminBreachListAnswer = z.infer<typeof AdminBreachListAnswer>;
export const AdminBreachAnswer = adminItem(AdminBreach);
export type AdminBreachAnswer = z.infer<typeof AdminBreachAnswer>;

/** POST /admin/api/breaches: records a breach; its 72 hours start now. */
export const AdminBreachCreateRequest = z.strictObject({
  title: z.string().trim().min(3, 'Name the breach in a few words.').max(200),
  what_happened: z.string().trim().min(10, 'Say what happened (at least 10 characters).').max(10_000),
});
export type AdminBreachCreateRequest = z.input<typeof AdminBreachCreateRequest>;

const WindowEnd = z.iso.datetime({ offset: true, error: 'Give a date and time.' });

/**
 * Who was affected: everyone active in a time window (accounts or orders created, or sessions used, in it), or the
 * e-mail addresses pasted from the list that was exported (one per line, or separated by commas or semicolons).
 */
export const AdminBreachAudience = z.discriminatedUnion(
  'by',
  [
    z.strictObject({ by: z.literal('window'), from: WindowEnd, to: WindowEnd }).refine((w) => w.from < w.to, {
      path: ['to'],
      error: 'The window must end after it starts.',
    }),
    z.strictObject({
      by: z.literal('list'),
      emails: z.string().trim().min(3, 'Paste at least one e-mail address.').max(2_000_000),
    }),
  ],
  { error: 'Choose the affected people by a time window or by a list of e-mail addresses.' },
);
export type AdminBreachAudience = z.input<typeof AdminBreachAudience>;

/** POST /admin/api/breaches/:id/preview: how many people the audience holds, before anything is sent. */
export const AdminBreachPreviewRequest = z.strictObject({ audience: AdminBreachAudience });
export const AdminBreachPreviewAnswer = z.object({
  success: z.literal(true),
  count: z.number().int(),
  /** The first addresses, for a look. */
  sample: z.array(z.string()),
  /** Lines of a pasted list that are not e-mail addresses (left out). */
  invalid: z.array(z.string()),
});
export type AdminBreachPreviewAnswer = z.infer<typeof AdminBreachPreviewAnswer>;

/** POST /admin/api/breaches/:id/send: one notice per affected person, through the outbox; once per breach. */
export const AdminBreachSendRequest = z.strictObject({
  audience: AdminBreachAudience,
  subject: z.string().trim().min(3, 'Write the subject of the notice.').max(200),
  body: z.string().trim().min(50, 'Write the notice (at least 50 characters).').max(20_000),
});
export type AdminBreachSendRequest = z.input<typeof AdminBreachSendRequest>;

/** One person a breach notice went to, and when it was queued. */
export const AdminBreachRecipient = z.object({ email: z.string(), queued_at: Timestamp });
export const AdminBreachRecipientsAnswer = adminList(AdminBreachRecipient);
export type AdminBreachRecipientsAnswer = z.infer<typeof AdminBreachRecipientsAnswer>;
export const AdminBreachRecipientsQuery = z.strictObject({
  page: AdminPaging.page,
  per_page: z.coerce.number().int().min(1).max(1000).default(100),
});

/** The notice the console starts from: every part rule 7(1) asks a notice to the person to hold. */
export function breachNoticeTemplate(what: { title: string; what_happened: string; contact: string }): {
  subject: string;
  body: string;
} {
  return {
    subject: `Important: ${what.title}`,
    body: [
      'Dear customer,',
      '',
      `What happened: ${what.what_happened}`,
      '',
      'When: [date and time the breach happened, and when we found it]',
      '',
      'What data of yours was affected: [for example your name, e-mail address, phone number, delivery address, order history]. Card numbers are never stored by the shop.',
      '',
      'What we are doing: [for example we closed the gap, changed the passwords and keys, and reported the breach to the Data Protection Board of India].',
      '',
      'What you can do: be careful with messages that ask for payment or passwords in our name; change your Kapaas password if you have an account; tell us if you notice anything unusual.',
      '',
      `Whom to contact: ${what.contact}`,
    ].join('\n'),
  };
}
