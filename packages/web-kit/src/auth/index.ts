// A subpath of its own (`@kapaas/web-kit/auth`), not the main barrel: the barrel is on every public page, and these
// forms bring zod and react-hook-form, which the product page must not load.
export { ForgotPasswordForm, type ForgotPasswordFormProps } from './ForgotPasswordForm';
export type { FormIntro, PasswordFormApi } from './passwordForms';
export {
  INCOMPLETE_LINK,
  type PasswordControl,
  ResetPasswordForm,
  type ResetPasswordFormProps,
} from './ResetPasswordForm';
