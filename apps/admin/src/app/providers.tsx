import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../lib/api';

/** A failed read is retried once, unless it was refused (4xx): that answer will not change. */
function retryOnce(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < 1;
}

/** The query cache with the console's defaults: the owner sees what is in the shop now, so answers go stale at once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, retry: retryOnce, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}

interface AppProvidersProps {
  children: ReactNode;
  /** A ready cache, for tests; the app makes its own. */
  queryClient?: QueryClient;
}

/** What every screen needs around it: the query cache. Who is signed in is a store over sessionStorage (lib/session). */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
