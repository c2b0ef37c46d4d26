import type { OrderDetail } from '@kapaas/contract';
import { Link } from 'react-router';
import { ReturnStatusBadge } from '#storefront/components/returns/ReturnStatusBadge.tsx';
import { returnPaths } from '#storefront/lib/returnPaths.ts';
import { formatReturnDay, RETURN_TEXTS, returnWindowOpen } from '#storefront/lib/returnTexts.ts';

/**
 * A delivered order's returns: while its return window is open, "Return or exchange" and the last day to ask; once
 * it closed, the day it closed; and the returns already asked for, each linking to its page.
 */
export function OrderReturns({ order, now = Date.now() }: { order: OrderDetail; now?: number }) {
  const until = order.status === 'delivered' ? order.return_until : null;
  if (until === null && order.returns.length === 0) return null;
  const open = returnWindowOpen(until, now);
  return (
    <section className="order-panel" aria-labelledby="order-returns-title">
      <h3 className="order-panel__title" id="order-returns-title">
        Returns and exchanges
      </h3>
      {until !== null && open && (
        <>
          <p className="mb-2">You can ask until {formatReturnDay(until)}.</p>
          <Link to={returnPaths.orderReturn(order.order_id)} className="btn btn-primary">
            {RETURN_TEXTS.askButton}
          </Link>
        </>
      )}
      {until !== null && !open && <p>The return window closed on {formatReturnDay(until)}.</p>}
      {order.returns.length > 0 && (
        <ul className="order-returns__list">
          {order.returns.map((item) => (
            <li key={item.return_id}>
              <Link to={returnPaths.returnDetail(item.return_id)}>Return #{item.return_id}</Link>{' '}
              <ReturnStatusBadge status={item.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
