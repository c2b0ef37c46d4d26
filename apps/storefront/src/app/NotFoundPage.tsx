import { Link } from 'react-router';
import { PageHeading } from '../components/PageHeading';
import { paths } from '../lib/paths';

/** Shown for addresses the shop does not have, and for ids in a path that cannot exist. */
export function NotFoundPage() {
  return (
    <div className="container py-5 text-center status-page">
      <PageHeading>Page not found</PageHeading>
      <p className="lead">
        We could not find the page you were looking for. It may have moved, or the link may be mistyped.
      </p>
      <Link className="btn btn-primary" to={paths.home}>
        Back to the home page
      </Link>
    </div>
  );
}
