import type { AdminAccount } from '@kapaas/contract';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../src/app/providers';
import { routes } from '../src/app/routes';
import { startSession } from '../src/lib/session';

export const OWNER: AdminAccount = {
  id: 1,
  email: 'admin@kapaas.local',
  name: 'Meera',
  role: 'owner',
  active: true,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
};

/** Signs the owner in, as a successful login would have. */
export function signIn(token = 'test-token') {
  startSession({ token, admin: OWNER });
}

/** Renders the whole console (frame and route table) at `path`, with a fresh query cache that does not retry. */
export function renderRoute(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}
