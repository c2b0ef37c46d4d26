import { QueryErrorAlert as SharedQueryErrorAlert } from '@kapaas/web-kit';
import { errorMessage } from '../../lib/api';

interface QueryErrorAlertProps {
  error: unknown;
  onRetry: () => void;
  className?: string;
}

/** A section that could not load, in this app's words when the API could not be reached (packages/web-kit). */
export function QueryErrorAlert({ error, onRetry, className }: QueryErrorAlertProps) {
  return <SharedQueryErrorAlert error={error} message={errorMessage(error)} onRetry={onRetry} className={className} />;
}
