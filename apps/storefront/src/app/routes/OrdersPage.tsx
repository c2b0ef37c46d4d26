import { SessionNotice } from '../../components/feedback/SessionNotice';
import { PageHeading } from '../../components/PageHeading';
import { OrderList } from '../../features/orders/components/OrderList';
import { useIdentity } from '../../lib/session';

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
