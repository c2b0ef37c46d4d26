import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads these queries again after a change the server has taken. `invalidateQueries` alone does not: while a query's
 * first answer is still on its way it reuses that request (TanStack Query cancels an in-flight request only when the
 * query already holds data), and that answer may have been read before the change. A page opened a moment ago, on a
 * busy server, then kept the old cart count. Cancelling first makes the refetch a new request, sent after the change.
 */
export async function refreshQueries(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
