import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { ApiError, errorMessage } from '../../lib/api';

interface QueryErrorAlertProps {
  error: unknown;
  onRetry: () => void;
  className?: string;
}

/** Says a screen could not load and, unless the request itself was refused, offers to try again. */
export function QueryErrorAlert({ error, onRetry, className }: QueryErrorAlertProps) {
  const canRetry = !(error instanceof ApiError && error.isClientError);
  return (
    <Alert variant="danger" className={`d-flex flex-wrap align-items-center gap-3 ${className ?? ''}`.trim()}>
      <span className="me-auto">{errorMessage(error)}</span>
      {canRetry && (
        <Button variant="outline-danger" size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}
