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
