import { useParams } from 'react-router';
import { SessionNotice } from '../../components/feedback/SessionNotice';
import { PageHeading } from '../../components/PageHeading';
import { ReturnDetailView } from '../../features/returns/components/ReturnDetailView';
import { parseRouteId } from '../../lib/routeParams';
import { useIdentity } from '../../lib/session';
import { NotFoundPage } from '../NotFoundPage';
import { pageMeta } from '../seo/pageMeta';

/** /returns/:returnId: one return or exchange, where it stands. */
export function ReturnDetailPage() {
  const identity = useIdentity();
  const returnId = parseRouteId(useParams().returnId);
  if (returnId === null) return <NotFoundPage />;

  return (
    <div className="container page">
      <PageHeading>Return Detail</PageHeading>
      {identity.kind === 'anonymous' ? <SessionNotice /> : <ReturnDetailView returnId={returnId} />}
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Return Detail | Kapaas', noindex: true });

export default ReturnDetailPage;
