export { ApiError, apiFailure, errorMessageOr, isRecord, readJson } from './api-error';
export { FormOutcome } from './FormOutcome';
export { LoadingState } from './LoadingState';
export { mountApp } from './mountApp';
export { QueryErrorAlert, type QueryErrorAlertProps, queryErrorAlertSaying } from './QueryErrorAlert';
export { createQueryClient, QueryProvider } from './queryClient';
export { useZodForm } from './useZodForm';
