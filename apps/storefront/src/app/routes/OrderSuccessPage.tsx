import { Link, useLocation } from 'react-router';
import { PageHeading } from '../../components/PageHeading';

/** The order id the checkout passes along in the navigation state, or "N/A" when the page is opened directly. */
function orderIdFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('orderId' in state)) return 'N/A';
  const { orderId } = state;
  return typeof orderId === 'string' || typeof orderId === 'number' ? String(orderId) : 'N/A';
}

/** /Order-success: the confirmation after payment (spec §2, Order success). */
export function OrderSuccessPage() {
  const orderId = orderIdFrom(useLocation().state);

  return (
    <div className="container page text-center status-page">
      <PageHeading>Order Placed Successfully !</PageHeading>
      <p className="lead">
        Order ID: <strong>{orderId}</strong>
      </p>
      <div className="d-flex flex-wrap justify-content-center gap-3">
        <Link className="btn btn-primary" to="/Orders">
          Track Order
        </Link>
        <Link className="btn btn-outline-primary" to="/">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}
