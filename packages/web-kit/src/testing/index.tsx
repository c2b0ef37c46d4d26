import '@testing-library/jest-dom/vitest';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { afterEach } from 'vitest';

/** An inert stand-in for the observers jsdom lacks. */
class InertObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}

/**
 * Fills in the layout APIs jsdom lacks (matchMedia, the observers, scrollTo), gives Testing Library's waits 5 s,
 * and unmounts after every test.
 * They are assigned directly, not with vi.stubGlobal, so that `unstubGlobals` only resets what a test stubs itself.
 */
export function setUpBrowserTests(): void {
  // findBy… and waitFor wait 1 s by default: on two cores busy with the whole suite a first render can take longer.
  configure({ asyncUtilTimeout: 5_000 });
  // Test files share their worker's window (isolate: false): each starts with the empty storage a fresh one has.
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  globalThis.IntersectionObserver = InertObserver as unknown as typeof IntersectionObserver;
  globalThis.ResizeObserver = InertObserver as unknown as typeof ResizeObserver;
  window.scrollTo = () => {};
  afterEach(() => {
    cleanup();
  });
}

/** The app's providers, which take a ready query cache in tests. */
type Providers = ComponentType<{ children: ReactNode; queryClient?: QueryClient }>;

/** A query cache for one test: no retries, and nothing goes stale on its own. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } });
}

/** Renders a whole app (frame and route table) at `path`, with a fresh query cache that does not retry. */
export function renderRouteIn(routes: RouteObject[], Providers: Providers, path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <Providers queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, user };
}
