import { Link, useLocation } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import '../../features/orders/orders.css';
import { paths } from '../../lib/paths';
import { pageMeta } from '../seo/pageMeta';

/** The order id the checkout passes along in the navigation state, or "N/A" when the page is opened directly. */
function orderIdFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('orderId' in state)) return 'N/A';
  const { orderId } = state;
  return typeof orderId === 'string' || typeof orderId === 'number' ? String(orderId) : 'N/A';
}

/** /Order-success: the confirmation after payment (product.md §2, Order success). */
export function OrderSuccessPage() {
  const orderId = orderIdFrom(useLocation().state);

  return (
    <div className="container page text-center status-page">
      <svg
        className="order-success__mark"
        viewBox="0 0 64 64"
        width="72"
        height="72"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="32" cy="32" r="30" />
        <path d="m20 33 8 8 16-18" fill="none" stroke="currentColor" strokeWidth="4.5" strokeLinecap="round" />
      </svg>
      <PageHeading>Order Placed Successfully !</PageHeading>
      <p className="lead">
        Order ID: <strong>{orderId}</strong>
      </p>
      <p className="order-success__note">
        Thank you for shopping with Kapaas. We pack every order with care within 2–4 business days; you can follow it
        from My Orders.
      </p>
      <div className="d-flex flex-wrap justify-content-center gap-3">
        <Link className="btn btn-primary" to={paths.orders}>
          Track Order
        </Link>
        <Link className="btn btn-outline-primary" to={paths.home}>
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Order Placed Successfully ! | Kapaas', noindex: true });

export default OrderSuccessPage;
