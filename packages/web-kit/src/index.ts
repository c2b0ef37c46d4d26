export { ApiError, errorMessageOr } from './api-error';
export { LoadingState } from './LoadingState';
export { QueryErrorAlert, type QueryErrorAlertProps } from './QueryErrorAlert';
