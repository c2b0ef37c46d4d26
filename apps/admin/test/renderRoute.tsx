import type { AdminAccount } from '@kapaas/contract';
import { renderRouteIn } from '@kapaas/web-kit/testing';
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
  return renderRouteIn(routes, AppProviders, path);
}
