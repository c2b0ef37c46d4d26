import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from './api-error';

/** A failed read is retried once, unless the request itself was refused (4xx): that answer will not change. */
function retryOnce(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < 1;
}

interface QueryDefaults {
  /** How long an answer stays fresh, in milliseconds. */
  staleTime: number;
  /** Whether coming back to the tab reads again. */
  refetchOnWindowFocus?: boolean;
}

/** A query cache that retries a failed read once and never retries a mutation, with the app's freshness. */
export function createQueryClient({ staleTime, refetchOnWindowFocus = true }: QueryDefaults): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime, retry: retryOnce, refetchOnWindowFocus },
      mutations: { retry: false },
    },
  });
}

interface QueryProviderProps {
  children: ReactNode;
  /** A ready cache, for tests; otherwise `create` makes one when the app mounts. */
  queryClient?: QueryClient | undefined;
  create: () => QueryClient;
}

/** Holds one query cache for the app's lifetime. */
export function QueryProvider({ children, queryClient, create }: QueryProviderProps) {
  const [client] = useState(() => queryClient ?? create());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
