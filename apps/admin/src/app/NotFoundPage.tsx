import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { paths } from '../lib/paths';

/** An address inside the console that leads nowhere. */
export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <p>
        There is nothing here. <Link to={paths.dashboard}>Go to the dashboard</Link>.
      </p>
    </>
  );
}
