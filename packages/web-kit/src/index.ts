export { ApiError, apiFailure, errorMessageOr, isRecord, readJson } from './api-error';
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
