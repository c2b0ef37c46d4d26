import { isRouteErrorResponse, type MetaArgs, Outlet, useRouteError } from 'react-router';
import { LoadingState } from '../../components/feedback/LoadingState';
import { NotFoundPage } from '../NotFoundPage';
import { RouteError } from '../RouteError';
import { pageMeta } from '../seo/pageMeta';

/** Every page, inside the header and footer: a failing page is shown there, so the shopper can navigate away. */
export default function PageBoundary() {
  return <Outlet />;
}

/** An address the shop does not have (404) shows the not-found page; any other failure the error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <RouteError />;
}

/** The head of a page that failed: its own meta is not used then. */
export function meta({ error }: MetaArgs) {
  if (error === undefined) return [];
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return pageMeta({
    title: missing ? 'Page not found | Kapaas' : 'Unexpected Application Error! | Kapaas',
    noindex: true,
  });
}

export function HydrateFallback() {
  return <LoadingState label="Loading page" />;
}
