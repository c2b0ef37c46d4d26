import { useParams } from 'react-router';
import { SessionNotice } from '../../components/feedback/SessionNotice';
import { PageHeading } from '../../components/PageHeading';
import { ReturnRequestView } from '../../features/returns/components/ReturnRequestView';
import { parseRouteId } from '../../lib/routeParams';
import { useIdentity } from '../../lib/session';
import { NotFoundPage } from '../NotFoundPage';
import { pageMeta } from '../seo/pageMeta';

/** /order-detail/:orderId/return: ask to return or exchange pieces of a delivered order. */
export function OrderReturnPage() {
  const identity = useIdentity();
  const orderId = parseRouteId(useParams().orderId);
  if (orderId === null) return <NotFoundPage />;

  return (
    <div className="container page">
      <PageHeading>Return or Exchange</PageHeading>
      {identity.kind === 'anonymous' ? <SessionNotice /> : <ReturnRequestView orderId={orderId} />}
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Return or Exchange | Kapaas', noindex: true });

export default OrderReturnPage;
