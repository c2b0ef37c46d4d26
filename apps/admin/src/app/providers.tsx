import { createQueryClient, QueryProvider } from '@kapaas/web-kit';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** The query cache with the console's defaults: the owner sees what is in the shop now, so answers go stale at once. */
const consoleQueryClient = () => createQueryClient({ staleTime: 0 });

interface AppProvidersProps {
  children: ReactNode;
  /** A ready cache, for tests; the app makes its own. */
  queryClient?: QueryClient | undefined;
}

/** What every screen needs around it: the query cache. Who is signed in is a store over sessionStorage (lib/session). */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  return (
    <QueryProvider queryClient={queryClient} create={consoleQueryClient}>
      {children}
    </QueryProvider>
  );
}
