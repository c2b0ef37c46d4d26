import { Link } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { ReturnStatusBadge } from '#storefront/components/returns/ReturnStatusBadge.tsx';
import { formatRupees } from '#storefront/lib/money.ts';
import { formatOrderDate } from '#storefront/lib/orderDates.ts';
import { paths } from '#storefront/lib/paths.ts';
import { returnPaths } from '#storefront/lib/returnPaths.ts';
import { RETURN_TEXTS } from '#storefront/lib/returnTexts.ts';
import { useMyReturns } from '../api/returnQueries';
import { ReturnLineList } from './ReturnLineList';
import '../returns.css';

/** /returns: the shopper's returns and exchanges, newest first, each with its order and a link to its page. */
export function ReturnList() {
  const returns = useMyReturns();
  if (returns.isPending) return <LoadingState label="Loading your returns" />;
  if (returns.isError) return <QueryErrorAlert error={returns.error} onRetry={() => returns.refetch()} />;
  if (returns.data.length === 0) {
    return (
      <div className="order-panel">
        <p>{RETURN_TEXTS.noReturns}</p>
        <p className="mb-0">
          A delivered order’s page has a “Return or exchange” button while its return window is open.{' '}
          <Link to={paths.orders}>My Orders</Link>
        </p>
      </div>
    );
  }
  return (
    <ul className="order-list">
      {returns.data.map((item) => (
        <li key={item.return_id}>
          <article className="order-card" aria-labelledby={`return-${item.return_id}-title`}>
            <div className="order-card__head">
              <div>
                <h2 className="order-card__title" id={`return-${item.return_id}-title`}>
                  Return #{item.return_id}
                </h2>
                <p className="order-card__date">
                  Asked on {formatOrderDate(item.created_at)} · for{' '}
                  <Link to={paths.orderDetail(item.order_id)}>order #{item.order_id}</Link>
                </p>
              </div>
              <ReturnStatusBadge status={item.status} />
            </div>
            <ReturnLineList lines={item.lines} />
            <div className="order-card__foot">
              <p className="mb-0">
                {item.refund_amount > 0 ? <>Refund: {formatRupees(item.refund_amount)}</> : 'Exchange only'}
              </p>
              <Link
                to={returnPaths.returnDetail(item.return_id)}
                className="btn btn-outline-primary btn-sm"
                aria-label={`Details of return ${item.return_id}`}
              >
                Details
              </Link>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
