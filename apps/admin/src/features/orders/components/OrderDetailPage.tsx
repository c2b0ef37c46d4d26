import type { AdminOrder } from '@kapaas/contract';
import { useEffect, useRef } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { useLocation, useParams } from 'react-router';
import { Thumb } from '#admin/components/cells.tsx';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { HistoryCard } from '#admin/components/HistoryCard.tsx';
import { ORDER_STATUS, OrderStatusBadge } from '#admin/components/OrderStatusBadge.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { paidByLabel, paymentDetail } from '#admin/components/PaidBy.tsx';
import { formatDateTime, formatDay, formatRupees } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { useOrder } from '../api/useOrders';
import { historyWithCodConfirmation } from './codConfirmationNote';
import { OpenCodOrders } from './OpenCodOrders';
import { OrderActions } from './OrderActions';
import { OrderInvoicePanel } from './OrderInvoicePanel';
import { OrderMessages } from './OrderMessages';
import { PaymentStatusBadge } from './PaymentStatus';
import { RefundForm } from './RefundForm';
import { ShipmentPanel } from './ShipmentPanel';

/** Where a cash-on-delivery order's money stands, in the owner's words. */
function codPaymentText(order: AdminOrder): string {
  if (order.paid_at !== null) return `Paid in cash on delivery: recorded ${formatDateTime(order.paid_at)}.`;
  const advance = formatRupees(order.cod_advance);
  if (order.cod_advance > 0 && order.status === 'pending_payment') {
    return `Cash on delivery with an advance of ${advance}: waiting for the advance to be paid online.`;
  }
  if (order.cod_to_collect > 0 && order.cod_advance > 0) {
    return `Cash on delivery: advance paid ${advance}, ${formatRupees(order.cod_to_collect)} to collect.`;
  }
  if (order.cod_to_collect > 0) return `Cash on delivery: ${formatRupees(order.cod_to_collect)} to collect.`;
  return 'Cash on delivery: nothing was collected, and nothing is to be refunded.';
}

/** One order: what to pack and where to send it, what was paid and refunded, and what to do next. */
export function OrderDetailPage() {
  const id = Number(useParams().id);
  const order = useOrder(id);
  const { hash } = useLocation();
  const refundHeading = useRef<HTMLHeadingElement>(null);
  const loaded = order.isSuccess;
  // "Refund…" in the order list leads here: the owner lands on the refund form, keyboard focus too.
  useEffect(() => {
    if (loaded && hash === '#refund') refundHeading.current?.focus();
  }, [loaded, hash]);

  if (order.isPending) return <LoadingState label="Loading the order" />;
  if (order.isError) return <QueryErrorAlert error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data;
  const address = o.shipping_address;

  return (
    <>
      <PageHeader
        title={`Order #${o.id}`}
        back={{ to: paths.orders, label: 'All orders' }}
        actions={<OrderStatusBadge status={o.status} />}
      />
      <p className="text-body-secondary">
        Placed {formatDateTime(o.created_at)}
        {o.paid_at && <> · paid {formatDateTime(o.paid_at)}</>}
        {o.payment_method === 'cod' && (
          <>
            {' · '}
            <strong className="text-body">Cash on delivery</strong>
          </>
        )}
        {o.paid_by !== null && o.paid_by !== 'cod' && (
          <>
            {' · '}
            <strong className="text-body">Paid by {paidByLabel(o.paid_by)}</strong>
          </>
        )}
        {o.delivery_by && <> · Delivery by {formatDay(o.delivery_by)}</>}
        {o.return_received_at && <> · parcel back {formatDateTime(o.return_received_at)}</>}
      </p>
      {o.cod_to_collect > 0 && o.cod_advance > 0 && (
        <p className="cod-due">
          Advance paid {formatRupees(o.cod_advance)}, <strong>{formatRupees(o.cod_to_collect)}</strong> to collect in
          cash on delivery
        </p>
      )}
      {o.cod_to_collect > 0 && o.cod_advance === 0 && (
        <p className="cod-due">
          To collect in cash on delivery: <strong>{formatRupees(o.cod_to_collect)}</strong>
        </p>
      )}

      <div className="order-grid">
        <Card className="order-grid__wide">
          <Card.Body>
            <h2 className="h6">Next step</h2>
            <OrderActions order={o} />
          </Card.Body>
        </Card>

        <Card className="order-grid__wide">
          <Card.Body>
            <h2 className="h6">Items</h2>
            <div className="table-responsive">
              <Table size="sm" className="align-middle mb-2">
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Size</th>
                    <th scope="col" className="text-end">
                      Qty
                    </th>
                    <th scope="col" className="text-end">
                      Price
                    </th>
                    <th scope="col" className="text-end">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {o.lines.map((line) => (
                    <tr key={`${line.product_id}-${line.size_id}`}>
                      <td>
                        <span className="d-inline-flex align-items-center gap-2">
                          <Thumb src={line.product_image} />
                          {line.product_name}
                        </span>
                      </td>
                      <td>{line.size}</td>
                      <td className="text-end">{line.quantity}</td>
                      <td className="text-end">{formatRupees(line.unit_price)}</td>
                      <td className="text-end">{formatRupees(line.line_total)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
            <dl className="totals">
              <dt>Items</dt>
              <dd>{formatRupees(o.items_total)}</dd>
              {o.discount > 0 && (
                <>
                  <dt>Discount{o.coupon_code ? ` (${o.coupon_code})` : ''}</dt>
                  <dd>−{formatRupees(o.discount)}</dd>
                </>
              )}
              {o.prepaid_discount > 0 && (
                <>
                  <dt>Prepaid discount (paid online)</dt>
                  <dd>−{formatRupees(o.prepaid_discount)}</dd>
                </>
              )}
              <dt>Shipping</dt>
              <dd>{o.shipping_charge === 0 ? 'Free' : formatRupees(o.shipping_charge)}</dd>
              {o.cod_fee > 0 && (
                <>
                  <dt>Cash-on-delivery fee</dt>
                  <dd>{formatRupees(o.cod_fee)}</dd>
                </>
              )}
              <dt className="fw-semibold">Total</dt>
              <dd className="fw-semibold">{formatRupees(o.total)}</dd>
              {o.refunded > 0 && (
                <>
                  <dt className="text-danger">Refunded</dt>
                  <dd className="text-danger">−{formatRupees(o.refunded)}</dd>
                </>
              )}
            </dl>
          </Card.Body>
        </Card>

        {o.invoice_number !== null && (
          <Card className="order-grid__wide">
            <Card.Body>
              <h2 className="h6">Invoice</h2>
              <OrderInvoicePanel orderId={o.id} invoiceNumber={o.invoice_number} />
            </Card.Body>
          </Card>
        )}

        {o.shipment && <ShipmentPanel orderId={o.id} shipment={o.shipment} />}

        <Card>
          <Card.Body>
            <h2 className="h6">Ship to</h2>
            <address className="mb-0">
              {address.first_name} {address.last_name}
              <br />
              {address.address}
              <br />
              {address.city}, {address.state} {address.pin_code}
              <br />
              <a href={`tel:${address.phone_number}`}>{address.phone_number}</a>
              <br />
              <a href={`mailto:${address.email_id}`}>{address.email_id}</a>
            </address>
            <p className="small text-body-secondary mt-2 mb-0">
              {o.customer.kind === 'guest' ? 'Guest checkout' : `Customer: ${o.customer.name}`}
            </p>
          </Card.Body>
        </Card>

        <HistoryCard entries={historyWithCodConfirmation(o)} label={(status) => ORDER_STATUS[status].label} />

        <OpenCodOrders orders={o.open_cod_orders} cod={o.payment_method === 'cod'} />

        <OrderMessages orderId={o.id} />

        <Card className="order-grid__wide" id="refund">
          <Card.Body>
            <h2 className="h6" ref={refundHeading} tabIndex={-1}>
              Payment and refunds
            </h2>
            {o.payment_method === 'cod' ? (
              <p className="text-body-secondary">{codPaymentText(o)}</p>
            ) : o.payments.length === 0 ? (
              <p className="text-body-secondary">No payment has been received for this order.</p>
            ) : (
              <ul className="list-unstyled">
                {o.payments.map((payment) => (
                  <li key={payment.provider_payment_id} className="mb-2">
                    {formatRupees(payment.amount)} {payment.method ? `by ${paymentDetail(payment)}` : ''}{' '}
                    <PaymentStatusBadge payment={payment} /> ·{' '}
                    <span className="small text-body-secondary">{payment.provider_payment_id}</span>
                    {payment.refunds.map((refund) => (
                      <span key={refund.provider_refund_id} className="d-block small text-danger">
                        Refunded {formatRupees(refund.amount)} on {formatDateTime(refund.created_at)}
                      </span>
                    ))}
                  </li>
                ))}
              </ul>
            )}
            {o.payments.length > 0 && <RefundForm order={o} />}
          </Card.Body>
        </Card>
      </div>
    </>
  );
}
