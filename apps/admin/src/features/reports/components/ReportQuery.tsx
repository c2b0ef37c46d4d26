import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';

interface ReportQueryProps<T> {
  query: UseQueryResult<T>;
  /** Read out while loading: "Loading the sales report". */
  label: string;
  children: (data: T) => ReactNode;
}

/**
 * A report's answer, its spinner while the first one loads, or its error with a retry. A later period's answer
 * replaces the shown one when it comes (the query keeps the last), dimmed meanwhile.
 */
export function ReportQuery<T>({ query, label, children }: ReportQueryProps<T>) {
  if (query.isError) return <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return <LoadingState label={label} />;
  return (
    <div
      className={query.isPlaceholderData ? 'report-body report-body--stale' : 'report-body'}
      aria-busy={query.isFetching}
    >
      {children(query.data)}
    </div>
  );
}
