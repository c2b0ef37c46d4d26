import { PageHeading } from '../../components/PageHeading';

/** /order-detail/:orderId: one order with its items and summary (spec §2, Orders detail). */
export function OrderDetailPage() {
  return (
    <div className="container page">
      <PageHeading>Order Detail</PageHeading>
    </div>
  );
}
