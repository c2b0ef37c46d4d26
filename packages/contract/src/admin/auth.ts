import { z } from 'zod';
import { AdminPaging, adminItem, adminList, QueryFlag, Timestamp, Title } from './common';

export const ADMIN_ROLE_VALUES = ['owner', 'staff'] as const;
export const AdminRole = z.enum(ADMIN_ROLE_VALUES);

const AdminEmail = z.string().trim().toLowerCase().max(254).pipe(z.email('Please enter a valid e-mail address.'));
/** Admins need longer passwords than shoppers (ADR 016); the server also refuses common and personal ones. */
const AdminPassword = z.string().min(12, 'The password must be at least 12 characters.').max(200);

/** An admin account as the API shows it (never the password hash). */
export const AdminAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: AdminRole,
  active: z.boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AdminAccount = z.infer<typeof AdminAccount>;

export const AdminLoginRequest = z.strictObject({
  email: z.string().trim().min(1, 'Enter your e-mail.').max(254),
  password: z.string().min(1, 'Enter your password.').max(200),
});
export const AdminLoginAnswer = z.object({
  success: z.literal(true),
  /** Send as `Authorization: Bearer <token>`. */
  token: z.string(),
  expires_at: Timestamp,
  admin: AdminAccount,
});
export type AdminLoginAnswer = z.infer<typeof AdminLoginAnswer>;
export const AdminMeAnswer = adminItem(AdminAccount);

/** An admin changes their own password; their other sessions end, this one stays. */
export const AdminChangePasswordRequest = z
  .strictObject({
    current_password: z.string().min(1, 'Enter your current password.').max(200),
    password: AdminPassword,
    password_confirmation: z.string().max(200),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The new passwords do not match.',
  });
export type AdminChangePasswordRequest = z.infer<typeof AdminChangePasswordRequest>;
export const AdminMessageAnswer = z.object({ success: z.literal(true), message: z.string() });

/** An admin asks for a link to reset their password; the answer is the same whether or not the address is an admin's. */
export const AdminForgotPasswordRequest = z.strictObject({ email: AdminEmail });
export type AdminForgotPasswordRequest = z.infer<typeof AdminForgotPasswordRequest>;

/** The reset link's token and the new password, twice (admins' passwords are at least 12 characters). */
export const AdminResetPasswordRequest = z
  .strictObject({
    token: z.string().trim().min(1, 'This link is not complete. Open the link from the e-mail again.').max(200),
    password: AdminPassword,
    password_confirmation: z.string().max(200),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The new passwords do not match.',
  });
export type AdminResetPasswordRequest = z.infer<typeof AdminResetPasswordRequest>;

export const AdminAccountListQuery = z.strictObject({
  ...AdminPaging,
  role: AdminRole.optional(),
  active: QueryFlag.optional(),
});
export const AdminAccountListAnswer = adminList(AdminAccount);
export const AdminAccountAnswer = adminItem(AdminAccount);
export const AdminCreateAccount = z.strictObject({
  email: AdminEmail,
  name: Title(100),
  password: AdminPassword,
  role: AdminRole,
  active: z.boolean().optional(),
});
export type AdminCreateAccount = z.infer<typeof AdminCreateAccount>;
/** A new password ends the account's sessions, as does disabling it. */
export const AdminUpdateAccount = AdminCreateAccount.partial();
export type AdminUpdateAccount = z.infer<typeof AdminUpdateAccount>;
