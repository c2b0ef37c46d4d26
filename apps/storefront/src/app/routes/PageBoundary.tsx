import { type MetaArgs, Outlet } from 'react-router';
import { LoadingState } from '../../components/feedback/LoadingState';
import { isNotFound, RouteFailure } from '../RouteError';
import { pageMeta } from '../seo/pageMeta';

/** Every page, inside the header and footer: a failing page is shown there, so the shopper can navigate away. */
export default function PageBoundary() {
  return <Outlet />;
}

/** An address the shop does not have (404) shows the not-found page; any other failure the error page. */
export const ErrorBoundary = RouteFailure;

/** The head of a page that failed: its own meta is not used then. */
export function meta({ error }: MetaArgs) {
  if (error === undefined) return [];
  return pageMeta({
    title: isNotFound(error) ? 'Page not found | Kapaas' : 'Unexpected Application Error! | Kapaas',
    noindex: true,
  });
}

export function HydrateFallback() {
  return <LoadingState label="Loading page" />;
}
