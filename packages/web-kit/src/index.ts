export { ApiError, errorMessageOr } from './api-error';
export { FormOutcome } from './FormOutcome';
export { LoadingState } from './LoadingState';
export { QueryErrorAlert, type QueryErrorAlertProps } from './QueryErrorAlert';
