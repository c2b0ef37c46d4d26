import { renderRouteIn } from '@kapaas/web-kit/testing';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { Layout as SiteFrame } from '../src/app/Layout';
import { AppProviders } from '../src/app/providers';
import { RouteError } from '../src/app/RouteError';
import routeConfig from '../src/app/routes';

/** Every route module, loaded when its route is first shown (as in the browser). */
const modules = import.meta.glob<Record<string, unknown>>('../src/app/routes/*.tsx');

/** The layout around every page, loaded with the frame (as the browser's first page has it) so it is there at once. */
import * as pageBoundary from '../src/app/routes/PageBoundary';

/** A route of the shop's route table as the browser's router runs it: the module's component and boundaries. */
function routeObjectOf(entry: RouteConfigEntry): RouteObject {
  if (entry.file === 'routes/PageBoundary.tsx') {
    return {
      Component: pageBoundary.default,
      ErrorBoundary: pageBoundary.ErrorBoundary,
      HydrateFallback: pageBoundary.HydrateFallback,
      children: entry.children?.map(routeObjectOf),
    };
  }
  const load = modules[`../src/app/${entry.file}`];
  if (!load) throw new Error(`No route module ${entry.file}`);
  const lazy = async () => {
    const module = await load();
    const parts: Partial<Record<'Component' | 'ErrorBoundary' | 'HydrateFallback', ComponentType>> = {};
    parts.Component = module.default as ComponentType;
    if (module.ErrorBoundary) parts.ErrorBoundary = module.ErrorBoundary as ComponentType;
    if (module.HydrateFallback) parts.HydrateFallback = module.HydrateFallback as ComponentType;
    return parts;
  };
  if (entry.index) return { index: true, lazy };
  return { path: entry.path, lazy, children: entry.children?.map(routeObjectOf) };
}

/**
 * The shop's route table (src/app/routes.ts) under its frame, for a memory router: the pages load their data in the
 * browser's way (through the API, a fake one in tests); the server's loaders are not run.
 */
export const routes: RouteObject[] = [
  { path: '/', Component: SiteFrame, errorElement: <RouteError />, children: routeConfig.map(routeObjectOf) },
];

/** Renders the whole shop (frame and route table) at `path`, with a fresh query cache that does not retry. */
export function renderRoute(path: string) {
  return renderRouteIn(routes, AppProviders, path);
}
