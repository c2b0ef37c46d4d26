import { Link } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { paths } from '#storefront/lib/paths.ts';
import { useOrderDetails } from '#storefront/lib/queries/useOrderDetails.ts';
import { formatReturnDay, returnWindowOpen } from '#storefront/lib/returnTexts.ts';
import { ReturnForm } from './ReturnForm';

/** /order-detail/:orderId/return: the form, for a delivered order whose return window is open; else why not. */
export function ReturnRequestView({ orderId }: { orderId: number }) {
  const order = useOrderDetails(orderId);
  if (order.isPending) return <LoadingState label="Loading your order" />;
  if (order.isError) return <QueryErrorAlert error={order.error} onRetry={() => order.refetch()} />;

  const { status, return_until: until } = order.data;
  if (status === 'delivered' && returnWindowOpen(until, Date.now())) return <ReturnForm order={order.data} />;
  const why =
    status !== 'delivered' || until === null
      ? 'A return or exchange can be asked for once the order is delivered.'
      : `The return window closed on ${formatReturnDay(until)}.`;
  return (
    <div className="return-form">
      <p role="status">{why}</p>
      <Link to={paths.orderDetail(orderId)} className="btn btn-outline-primary">
        Back to the order
      </Link>
    </div>
  );
}
