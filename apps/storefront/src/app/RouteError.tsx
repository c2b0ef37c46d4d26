import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageHeading } from '../components/PageHeading';
import { paths } from '../lib/paths';
import { NotFoundPage } from './NotFoundPage';

/** The screen shown when a page fails to render or load (product.md §8). */
export function RouteError() {
  const error = useRouteError();
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : null;

  return (
    <div className="container py-5 text-center status-page">
      <PageHeading>Unexpected Application Error!</PageHeading>
      <p className="lead">Something went wrong while showing this page. Please try again in a moment.</p>
      {detail && <pre className="status-page__detail">{detail}</pre>}
      {/* A full page load, so that a newer version of the shop is fetched if an old file was the cause. */}
      <a className="btn btn-primary" href={paths.home}>
        Back to the home page
      </a>
    </div>
  );
}

/** Whether a route's failure is an address the shop does not have (a loader's 404). */
export function isNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/** What a failed route shows: the not-found page for a 404, the error page for anything else. */
export function RouteFailure() {
  return isNotFound(useRouteError()) ? <NotFoundPage /> : <RouteError />;
}
