import { createQueryClient, QueryProvider } from '@kapaas/web-kit';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PopupProvider } from '../components/popups/PopupProvider';

/**
 * Most of what the shop reads is the catalogue, which changes rarely: answers stay fresh for a minute.
 * Queries for the shopper's own cart or orders should set a shorter staleTime themselves.
 */
const CATALOGUE_STALE_TIME_MS = 60_000;

/** The query cache with the shop's defaults. */
const shopQueryClient = () => createQueryClient({ staleTime: CATALOGUE_STALE_TIME_MS });

interface AppProvidersProps {
  children: ReactNode;
  /** A ready cache, for tests; the app makes its own. */
  queryClient?: QueryClient | undefined;
}

/**
 * Everything the pages need around them: the query cache and the popups. Who is shopping needs no provider: it is
 * a store over localStorage (lib/session), read with useIdentity().
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  return (
    <QueryProvider queryClient={queryClient} create={shopQueryClient}>
      <PopupProvider>{children}</PopupProvider>
    </QueryProvider>
  );
}
