import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ApiError } from './api-error';

export interface QueryErrorAlertProps {
  error: unknown;
  /** What to say: the server's message, or the app's own words when the API could not be reached. */
  message: string;
  onRetry: () => void;
  className?: string | undefined;
}

/** Says a section could not load and, unless the request itself was refused, offers to try again. */
export function QueryErrorAlert({ error, message, onRetry, className }: QueryErrorAlertProps) {
  const canRetry = !(error instanceof ApiError && error.isClientError);
  return (
    <Alert variant="danger" className={`d-flex flex-wrap align-items-center gap-3 ${className ?? ''}`.trim()}>
      <span className="me-auto">{message}</span>
      {canRetry && (
        <Button variant="outline-danger" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}

/** The alert of one app: its message comes from `errorMessage`, the app's wording of a failure. */
export function queryErrorAlertSaying(errorMessage: (error: unknown) => string) {
  return function AppQueryErrorAlert(props: Omit<QueryErrorAlertProps, 'message'>) {
    return <QueryErrorAlert {...props} message={errorMessage(props.error)} />;
  };
}
