import { useParams } from 'react-router';
import { SessionNotice } from '../../components/feedback/SessionNotice';
import { PageHeading } from '../../components/PageHeading';
import { PayOnlineSlot } from '../../features/checkout/components/PayOnlineOffer';
import { OrderDetailView } from '../../features/orders/components/OrderDetailView';
import { parseRouteId } from '../../lib/routeParams';
import { useIdentity } from '../../lib/session';
import { NotFoundPage } from '../NotFoundPage';
import { pageMeta } from '../seo/pageMeta';

/** /order-detail/:orderId: one order with its items and summary (product.md §2, Orders detail). */
export function OrderDetailPage() {
  const identity = useIdentity();
  const orderId = parseRouteId(useParams().orderId);
  if (orderId === null) return <NotFoundPage />;

  return (
    <div className="container page">
      <PageHeading>Order Detail</PageHeading>
      {identity.kind === 'anonymous' ? (
        <SessionNotice />
      ) : (
        <OrderDetailView
          orderId={orderId}
          paymentOffer={(order) => <PayOnlineSlot orderId={order.order_id} offer={order.pay_online} />}
        />
      )}
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Order Detail | Kapaas', noindex: true });

export default OrderDetailPage;
