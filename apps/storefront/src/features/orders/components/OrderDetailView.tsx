import type { OrderDetail } from '@kapaas/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { deliveryByText } from '#storefront/lib/deliveryDate.ts';
import { formatRupees } from '#storefront/lib/money.ts';
import { formatOrderDate, formatOrderMoment } from '#storefront/lib/orderDates.ts';
import { useOrderDetails } from '#storefront/lib/queries/useOrderDetails.ts';
import { ORDER_STATUS_LABELS, OrderStatusBadge } from './OrderStatusBadge';
import { isOnItsWay } from './orderPayment';
import { OrderPayment } from './PaidBy';
import '../orders.css';
import { paths } from '#storefront/lib/paths.ts';
import { AmountDueOnDelivery } from './AmountDueOnDelivery';
import { OrderReturns } from './OrderReturns';
import { ShipmentTimeline } from './ShipmentTimeline';

export const NO_COUPON_TEXT = 'No coupon applied';

/** The GST tax invoice of one of the shopper's orders, as a PDF the browser opens with the session cookie. */
export const invoicePdfUrl = (orderId: number) => `/api/order_invoice/${orderId}.pdf`;

/** /order-detail/:orderId's content (product.md §2): date, shipping address, lines, Order Summary and the status history. */
export function OrderDetailView({
  orderId,
  paymentOffer,
}: {
  orderId: number;
  /** What the page offers under the payment (the checkout's "Pay now online and save ₹X" for a COD order). */
  paymentOffer?: (order: OrderDetail) => ReactNode;
}) {
  const order = useOrderDetails(orderId);

  if (order.isPending) return <LoadingState label="Loading your order" />;
  if (order.isError) return <QueryErrorAlert error={order.error} onRetry={() => order.refetch()} />;
  return <OrderDetailContent order={order.data} paymentOffer={paymentOffer} />;
}

function OrderDetailContent({
  order,
  paymentOffer,
}: {
  order: OrderDetail;
  paymentOffer?: ((order: OrderDetail) => ReactNode) | undefined;
}) {
  const address = order.shipping_address;
  const deliveryBy = isOnItsWay(order.status) ? deliveryByText(order.delivery_by) : null;
  return (
    <div className="order-detail">
      <div className="order-detail__head">
        <div>
          <h2 className="order-detail__title">Order #{order.order_id}</h2>
          <p className="order-card__date">Placed on {formatOrderDate(order.created_date)}</p>
          {deliveryBy !== null && <p className="order-detail__delivery">{deliveryBy}</p>}
        </div>
        <OrderStatusBadge status={order.status} />
      </div>

      <div className="row g-4">
        <div className="col-lg-8">
          {order.shipment && <ShipmentTimeline shipment={order.shipment} />}
          <section className="order-panel" aria-labelledby="order-items-title">
            <h3 className="order-panel__title" id="order-items-title">
              Items
            </h3>
            <ul className="order-detail__lines">
              {order.description.map((line) => (
                <li key={`${line.product_id}-${line.product_size}`} className="order-line order-line--detail">
                  <img
                    src={line.product_image}
                    alt={line.product_name}
                    width={80}
                    height={80}
                    loading="lazy"
                    decoding="async"
                  />
                  <div className="order-line__text">
                    <Link to={paths.product(line.product_id, line.product_name)} className="order-line__name">
                      {line.product_name}
                    </Link>
                    <span className="order-line__meta">
                      Size {line.product_size} · Qty {line.product_quantity} × {formatRupees(line.product_amount)}
                    </span>
                  </div>
                  <span className="order-line__total">{formatRupees(line.product_total)}</span>
                </li>
              ))}
            </ul>
          </section>

          <OrderReturns order={order} />

          <section className="order-panel" aria-labelledby="order-history-title">
            <h3 className="order-panel__title" id="order-history-title">
              Order Status
            </h3>
            <ol className="order-timeline">
              {order.history.map((step) => (
                <li key={`${step.status}-${step.at}`} className="order-timeline__step">
                  <span className="order-timeline__status">{ORDER_STATUS_LABELS[step.status]}</span>
                  <time className="order-timeline__time" dateTime={step.at}>
                    {formatOrderMoment(step.at)}
                  </time>
                  {step.note && <span className="order-timeline__note">{step.note}</span>}
                </li>
              ))}
            </ol>
          </section>
        </div>

        <div className="col-lg-4">
          <section className="order-panel" aria-labelledby="order-address-title">
            <h3 className="order-panel__title" id="order-address-title">
              Shipping Address
            </h3>
            <address className="order-detail__address">
              <strong>{`${address.first_name} ${address.last_name}`.trim()}</strong>
              <br />
              {address.address}
              <br />
              {[address.city, address.state].filter(Boolean).join(', ')} {address.pin_code}
              <br />
              Phone: {address.phone_number}
            </address>
          </section>

          <section className="order-panel" aria-labelledby="order-summary-title">
            <h3 className="order-panel__title" id="order-summary-title">
              Order Summary
            </h3>
            <dl className="order-summary">
              <div>
                <dt>Items</dt>
                <dd>{formatRupees(order.items_total)}</dd>
              </div>
              <div>
                <dt>Shipping</dt>
                <dd>{order.shipping_charge > 0 ? formatRupees(order.shipping_charge) : 'Free'}</dd>
              </div>
              <div>
                <dt>Coupon</dt>
                <dd>{order.coupon_code ?? NO_COUPON_TEXT}</dd>
              </div>
              <div>
                <dt>Coupon Discount</dt>
                <dd>{order.coupon_discount > 0 ? `−${formatRupees(order.coupon_discount)}` : formatRupees(0)}</dd>
              </div>
              {order.prepaid_discount > 0 && (
                <div>
                  <dt>Prepaid discount</dt>
                  <dd>−{formatRupees(order.prepaid_discount)}</dd>
                </div>
              )}
              {order.cod_fee > 0 && (
                <div>
                  <dt>Cash on delivery fee</dt>
                  <dd>{formatRupees(order.cod_fee)}</dd>
                </div>
              )}
              <div className="order-summary__total">
                <dt>Total</dt>
                <dd>{formatRupees(order.total)}</dd>
              </div>
            </dl>
            <dl className="order-summary order-summary--payment">
              <div>
                <dt>Payment</dt>
                <dd>
                  <OrderPayment order={order} />
                </dd>
              </div>
              {order.paid_at !== null && (
                <div>
                  <dt>Paid</dt>
                  <dd>
                    <time dateTime={order.paid_at}>{formatOrderDate(order.paid_at)}</time>
                  </dd>
                </div>
              )}
            </dl>
            <AmountDueOnDelivery amount={order.amount_due_on_delivery} />
            {paymentOffer?.(order)}
            <p className="order-detail__tax-note">Prices include GST.</p>
            {order.invoice_number && (
              <p className="order-detail__invoice">
                <a
                  className="btn btn-outline-primary btn-sm"
                  href={invoicePdfUrl(order.order_id)}
                  target="_blank"
                  rel="noopener"
                >
                  Invoice
                </a>{' '}
                <span className="order-detail__invoice-number">Tax invoice {order.invoice_number} (PDF)</span>
              </p>
            )}
          </section>
        </div>
      </div>
      <Link to={paths.orders} className="btn btn-outline-primary">
        Back to My Orders
      </Link>
    </div>
  );
}
