import { z } from 'zod';

// A shopper's own data under India's DPDP Act 2023 (issue 35): a copy of everything the shop keeps about them, and
// the erasure of their account. docs/privacy.md, "Export and erasure", says what each holds and does.

/** POST /api/my_data_export: nothing to send; the session names the shopper, and the link goes to their e-mail. */
export const MyDataExportRequest = z.strictObject({});
export type MyDataExportRequest = z.input<typeof MyDataExportRequest>;

/** The token of the export's link (`/my-data?token=…`), once, for a day. */
export const MyDataDownloadRequest = z.strictObject({
  token: z
    .string({ error: 'The link is incomplete.' })
    .trim()
    .min(1, 'The link is incomplete.')
    .max(200, 'This link is not valid.'),
});
export type MyDataDownloadRequest = z.input<typeof MyDataDownloadRequest>;

/** POST /api/delete_my_account: the account's password, as a change of password asks for it. */
export const DeleteMyAccountRequest = z.strictObject({
  password: z
    .string({ error: (issue) => (issue.input == null ? 'Password is required' : 'Must be text') })
    .min(1, 'Password is required')
    .max(200, 'The password can be at most 200 characters.'),
});
export type DeleteMyAccountRequest = z.input<typeof DeleteMyAccountRequest>;

/** POST /admin/api/privacy-requests/:id/erase and /admin/api/customers/:id/erase: the owner types ERASE. */
export const AdminEraseRequest = z.strictObject({
  confirm: z.string({ error: 'Type ERASE to confirm.' }).trim().max(20, 'Type ERASE to confirm.'),
});
export type AdminEraseRequest = z.input<typeof AdminEraseRequest>;

export const AdminEraseAnswer = z.strictObject({
  success: z.literal(true),
  message: z.string(),
  /** The person's orders, kept for GST law without their identity. */
  orders_kept: z.array(z.number().int()),
});
export type AdminEraseAnswer = z.infer<typeof AdminEraseAnswer>;

/** GET …/data?format=json|html: the copy as a file to save. */
export const AdminDataQuery = z.strictObject({
  format: z.enum(['json', 'html'], { error: 'Choose json or html.' }).default('json'),
});
