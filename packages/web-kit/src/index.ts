export { ApiError, apiFailure, errorMessageOr, isRecord, readJson } from './api-error';
export { ForgotPasswordForm, type ForgotPasswordFormProps } from './auth/ForgotPasswordForm';
export type { FormIntro, PasswordFormApi } from './auth/passwordForms';
export {
  INCOMPLETE_LINK,
  type PasswordControl,
  ResetPasswordForm,
  type ResetPasswordFormProps,
} from './auth/ResetPasswordForm';
export { FormOutcome } from './FormOutcome';
export {
  CheckboxField,
  type CheckboxFieldProps,
  controlAria,
  describedBy,
  Field,
  type FieldProps,
  SelectField,
  type SelectFieldProps,
  TextareaField,
  type TextareaFieldProps,
  TextField,
  type TextFieldProps,
} from './form/Field';
export { LoadingState } from './LoadingState';
export { mountApp } from './mountApp';
export { QueryErrorAlert, type QueryErrorAlertProps, queryErrorAlertSaying } from './QueryErrorAlert';
export { createQueryClient, QueryProvider } from './queryClient';
export { type BodyOf, type FieldOf, useZodForm } from './useZodForm';
