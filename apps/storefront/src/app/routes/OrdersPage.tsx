import { PageHeading } from '../../components/PageHeading';

/** /Orders: the shopper's orders (spec §2, Orders list). */
export function OrdersPage() {
  return (
    <div className="container page">
      <PageHeading>My Orders</PageHeading>
    </div>
  );
}
