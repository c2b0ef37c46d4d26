import '../styles/bootstrap.scss';
import '../styles/theme.css';
import { type DehydratedState, HydrationBoundary } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import {
  Links,
  type LoaderFunctionArgs,
  Meta,
  Scripts,
  type ShouldRevalidateFunctionArgs,
  useMatches,
} from 'react-router';
import { categoriesQuery } from '../features/catalogue/api/useCategories';
import { arrivedAt } from '../lib/readAheadArrival';
import { Layout as SiteFrame } from './Layout';
import { AppProviders } from './providers';
import { RouteFailure } from './RouteError';
import { readAhead, shopServer } from './server/readAhead';

/** The document around every page: the head React Router fills from the routes' meta and links, and the scripts. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <Meta />
        <Links />
        <noscript>
          <link rel="stylesheet" href="/noscript.css" />
        </noscript>
      </head>
      <body>
        <AppProviders>{children}</AppProviders>
        <Scripts />
      </body>
    </html>
  );
}

/** The header's and the footer's categories, on every page. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const { dehydrated } = await readAhead(shopServer(context, request), (client) => client.fetchQuery(categoriesQuery));
  return { dehydrated };
}

/** The categories change rarely and are refreshed by their own query: moving between pages need not ask again. */
export function shouldRevalidate({ defaultShouldRevalidate, formMethod }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && defaultShouldRevalidate;
}

/** Every query the matched routes' loaders read ahead, for the cache, fresh from when it reached the browser. */
function useReadAhead(): DehydratedState {
  const matches = useMatches();
  return useMemo(() => {
    const queries = matches.flatMap((match) => {
      const loaded = match.loaderData as { dehydrated?: DehydratedState } | undefined;
      return loaded?.dehydrated ? arrivedAt(loaded.dehydrated).queries : [];
    });
    return { mutations: [], queries };
  }, [matches]);
}

/** Puts what the loaders read ahead into the query cache before the page's components ask for it. */
function ReadAheadBoundary({ children }: { children: ReactNode }) {
  return <HydrationBoundary state={useReadAhead()}>{children}</HydrationBoundary>;
}

/**
 * Marks the document once React has taken over the server's HTML (`<html data-hydrated>`): the scripts start after
 * the first paint, so until then the page is plain HTML. Browser journeys wait for this mark before pressing buttons.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export default function App() {
  useHydratedMark();
  return (
    <ReadAheadBoundary>
      <SiteFrame />
    </ReadAheadBoundary>
  );
}

/** A failure of the frame itself: the whole screen, without header and footer. */
export const ErrorBoundary = RouteFailure;
