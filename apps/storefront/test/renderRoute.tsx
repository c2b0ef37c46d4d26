import { renderRouteIn } from '@kapaas/web-kit/testing';
import { AppProviders } from '../src/app/providers';
import { routes } from '../src/app/router';

/** Renders the whole shop (frame and route table) at `path`, with a fresh query cache that does not retry. */
export function renderRoute(path: string) {
  return renderRouteIn(routes, AppProviders, path);
}
