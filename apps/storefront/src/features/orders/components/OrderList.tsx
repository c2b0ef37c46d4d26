import type { OrderSummary } from '@kapaas/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { deliveryByText } from '#storefront/lib/deliveryDate.ts';
import { formatRupees } from '#storefront/lib/money.ts';
import { formatOrderDate } from '#storefront/lib/orderDates.ts';
import { type OrderMonths, useMyOrders } from '#storefront/lib/queries/useMyOrders.ts';
import { OrderStatusBadge } from './OrderStatusBadge';
import { isOnItsWay } from './orderPayment';
import { OrderPayment } from './PaidBy';
import '../orders.css';
import { paths } from '#storefront/lib/paths.ts';
import { AmountDueOnDelivery } from './AmountDueOnDelivery';

export const NO_ORDERS_MESSAGE = 'No orders found.';

const MONTH_CHOICES: { value: string; label: string }[] = [
  { value: '', label: 'All orders' },
  { value: '1', label: 'Past 1 month' },
  { value: '2', label: 'Past 2 months' },
  { value: '3', label: 'Past 3 months' },
];

function monthsFrom(value: string): OrderMonths {
  return value === '1' || value === '2' || value === '3' ? (Number(value) as 1 | 2 | 3) : null;
}

/** The orders list of /Orders (product.md §2): each order's products, date, item count, total and status. */
export function OrderList() {
  const [months, setMonths] = useState<OrderMonths>(null);
  const orders = useMyOrders(months);
  const selectId = useId();

  return (
    <>
      <div className="orders-toolbar">
        <label htmlFor={selectId} className="orders-toolbar__label">
          Show
        </label>
        <select
          id={selectId}
          className="form-select orders-toolbar__select"
          value={months ?? ''}
          onChange={(event) => setMonths(monthsFrom(event.target.value))}
        >
          {MONTH_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      {orders.isPending ? (
        <LoadingState label="Loading your orders" />
      ) : orders.isError ? (
        <QueryErrorAlert error={orders.error} onRetry={() => orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <div className="empty-state">
          <p className="mb-3">{NO_ORDERS_MESSAGE}</p>
          <Link to={paths.home} className="btn btn-primary">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <ul className="order-list" aria-label="Your orders">
          {orders.data.map((order) => (
            <li key={order.order_id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function OrderCard({ order }: { order: OrderSummary }) {
  const titleId = `order-${order.order_id}-title`;
  const deliveryBy = isOnItsWay(order.status) ? deliveryByText(order.delivery_by) : null;
  return (
    <article className="order-card" aria-labelledby={titleId}>
      <header className="order-card__head">
        <div>
          <h2 className="order-card__title" id={titleId}>
            Order #{order.order_id}
          </h2>
          <p className="order-card__date">Placed on {formatOrderDate(order.created_date)}</p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>
      <ul className="order-card__lines" aria-label={`Products in order ${order.order_id}`}>
        {order.description.map((line) => (
          <li key={`${line.product_id}-${line.product_size}`} className="order-line">
            <img
              src={line.product_image}
              alt={line.product_name}
              width={64}
              height={64}
              loading="lazy"
              decoding="async"
            />
            <div className="order-line__text">
              <span className="order-line__name">{line.product_name}</span>
              <span className="order-line__meta">
                Size {line.product_size} · Qty {line.product_quantity}
              </span>
            </div>
          </li>
        ))}
      </ul>
      <footer className="order-card__foot">
        <dl className="order-card__facts">
          <div>
            <dt>Total items</dt>
            <dd>{order.total_items}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{formatRupees(order.total)}</dd>
          </div>
          <div>
            <dt>Payment</dt>
            <dd>
              <OrderPayment order={order} />
            </dd>
          </div>
        </dl>
        <AmountDueOnDelivery amount={order.amount_due_on_delivery} />
        {deliveryBy !== null && <p className="order-card__delivery">{deliveryBy}</p>}
        <Link
          to={paths.orderDetail(order.order_id)}
          className="btn btn-outline-primary btn-sm"
          aria-label={`Order Detail of order ${order.order_id}`}
        >
          Order Detail
        </Link>
      </footer>
    </article>
  );
}
