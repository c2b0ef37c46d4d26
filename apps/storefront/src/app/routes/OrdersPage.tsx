import { SessionNotice } from '../../components/feedback/SessionNotice';
import { PageHeading } from '../../components/PageHeading';
import { OrderList } from '../../features/orders/components/OrderList';
import { useIdentity } from '../../lib/session';
import { pageMeta } from '../seo/pageMeta';

/** /Orders: the shopper's orders (product.md §2, Orders list). */
export function OrdersPage() {
  const identity = useIdentity();
  return (
    <div className="container page">
      <PageHeading>My Orders</PageHeading>
      {identity.kind === 'anonymous' ? <SessionNotice /> : <OrderList />}
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'My Orders | Kapaas', noindex: true });

export default OrdersPage;
