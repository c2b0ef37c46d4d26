import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { PopupProvider } from '../components/popups/PopupProvider';
import { ApiError } from '../lib/api';

/**
 * Most of what the shop reads is the catalogue, which changes rarely: answers stay fresh for a minute.
 * Queries for the shopper's own cart or orders should set a shorter staleTime themselves.
 */
const CATALOGUE_STALE_TIME_MS = 60_000;

/** A failed read is retried once, unless the request itself was refused (4xx): that answer will not change. */
function retryOnce(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < 1;
}

/** The query cache with the shop's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: CATALOGUE_STALE_TIME_MS, retry: retryOnce },
      mutations: { retry: false },
    },
  });
}

interface AppProvidersProps {
  children: ReactNode;
  /** A ready cache, for tests; the app makes its own. */
  queryClient?: QueryClient;
}

/**
 * Everything the pages need around them: the query cache and the popups. Who is shopping needs no provider: it is
 * a store over localStorage (lib/session), read with useIdentity().
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <PopupProvider>{children}</PopupProvider>
    </QueryClientProvider>
  );
}
