import { z } from 'zod';
import { Id } from './common';
import { FormConsents, NoticeVersion } from './consent';

/** The optional item a login, registration or guest start puts in the cart once the session starts. */
export const PendingCartItem = {
  product_id: Id.optional(),
  /** A size_id (product.md §13). */
  size: Id.optional(),
  quantity: z.number().int().min(1).max(1000).optional(),
  /** The size_advice answer the size was suggested by (ADR 060), kept on the cart line as add_cart keeps it. */
  advice_id: Id.optional(),
};

const Email = z.string().trim().toLowerCase().max(254).pipe(z.email('Please enter a valid e-mail address.'));
const Phone = z
  .string()
  .trim()
  .regex(/^[6-9][0-9]{9}$/, 'The phone number must be 10 digits and start with 6, 7, 8 or 9.');
const Password = z.string().min(8, 'The password must be at least 8 characters.').max(200);
const Name = z.string().trim().min(1, 'The name is required.').max(100);

export const RegisterRequest = z
  .strictObject({
    name: Name,
    email: Email,
    phone: Phone,
    password: Password,
    password_confirmation: z.string().max(200),
    /** The privacy notice the form linked to (issue 35), recorded with the consents ticked. */
    notice_version: NoticeVersion.optional(),
    /** The purposes the shopper ticked (never ticked for them); each is recorded in the consent ledger. */
    consents: FormConsents.optional(),
    ...PendingCartItem,
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The password confirmation does not match.',
  });
export type RegisterRequest = z.input<typeof RegisterRequest>;

export const SessionUser = z.object({ id: z.number().int(), user_name: z.string() });

export const RegisterAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  user: SessionUser,
});

export const LoginRequest = z.strictObject({
  /** An e-mail address or a 10-digit mobile number. */
  user_name: z.string().trim().min(1, 'Enter your e-mail or mobile number.').max(254),
  password: z.string().min(1, 'Enter your password.').max(200),
  ...PendingCartItem,
});
export type LoginRequest = z.input<typeof LoginRequest>;

/** Why the item brought along to a login or guest start could not go into the cart; absent when it went in. */
const CartMessage = { cart_message: z.string().optional() };

export const LoginAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  user: SessionUser,
  ...CartMessage,
});
export type LoginAnswer = z.infer<typeof LoginAnswer>;

export const GuestRequest = z.strictObject({
  guest_id: Id.optional(),
  ...PendingCartItem,
});
export const GuestAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  guest_id: z.number().int(),
  ...CartMessage,
});
export type GuestAnswer = z.infer<typeof GuestAnswer>;

export const LogoutRequest = z.strictObject({});
export const MessageAnswer = z.object({ success: z.literal(true), message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/** A body that may name its owner; the server checks the name against the session. */
export const Owner = { user_id: Id.optional(), guest_id: Id.optional() };

export const EditProfileRequest = z.strictObject({ user_id: Id.optional() });
export const EditProfileAnswer = z.object({
  success: z.literal(true),
  user: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
});

export const UpdateProfileRequest = z.strictObject({ user_id: Id.optional(), name: Name, phone: Phone });

export const ChangePasswordRequest = z
  .strictObject({
    user_id: Id.optional(),
    old_password: z.string().min(1, 'Enter your current password.').max(200),
    password: Password,
    password_confirmation: z.string().max(200),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'New passwords do not match.',
  });

/** Asks for a link to reset the password; the answer is the same whether or not an account uses the address. */
export const ForgotPasswordRequest = z.strictObject({ email: Email });
export type ForgotPasswordRequest = z.input<typeof ForgotPasswordRequest>;

/** The reset link's token (base64url of 32 random bytes) and the new password, twice. */
export const ResetToken = z
  .string()
  .trim()
  .min(1, 'This link is not complete. Open the link from the e-mail again.')
  .max(200);

export const ResetPasswordRequest = z
  .strictObject({
    token: ResetToken,
    password: Password,
    password_confirmation: z.string().max(200),
  })
  .refine((body) => body.password === body.password_confirmation, {
    path: ['password_confirmation'],
    message: 'The password confirmation does not match.',
  });
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;
