export { ApiError, apiFailure, errorMessageOr, isRecord, readJson } from './api-error';
export { FormOutcome } from './FormOutcome';
export { LoadingState } from './LoadingState';
export { mountApp } from './mountApp';
export { QueryErrorAlert, type QueryErrorAlertProps, queryErrorAlertSaying } from './QueryErrorAlert';
export { createQueryClient, QueryProvider } from './queryClient';
export { type BodyOf, type FieldOf, useZodForm } from './useZodForm';
