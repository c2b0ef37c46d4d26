import type { AdminOpenCodOrder } from '@kapaas/contract';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { OrderStatusBadge } from '#admin/components/OrderStatusBadge.tsx';
import { formatDateTime, formatRupees } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';

/** What another open order shares with this one, in the owner's words. */
const SHARED: Record<AdminOpenCodOrder['shared'][number], string> = {
  shopper: 'same shopper',
  phone: 'same phone number',
  address: 'same address',
};

/**
 * The shopper's other cash-on-delivery orders not yet shipped, by account or guest, phone number or delivery address,
 * each linking to its page: the orders the shop counts against its limit of open COD orders, for the owner deciding
 * whether to call, confirm or pack this one. Shown on a cash-on-delivery order, and on any order that has some.
 */
export function OpenCodOrders({ orders, cod }: { orders: AdminOpenCodOrder[]; cod: boolean }) {
  if (orders.length === 0 && !cod) return null;
  return (
    <Card as="section" className="order-grid__wide" aria-labelledby="open-cod-orders">
      <Card.Body>
        <h2 className="h6" id="open-cod-orders">
          Other open cash-on-delivery orders
        </h2>
        {orders.length === 0 ? (
          <p className="text-body-secondary mb-0">None by this shopper, phone number or address.</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {orders.map((other) => (
              <li key={other.id} className="mb-1">
                <Link to={paths.order(other.id)} className="fw-semibold">
                  Order #{other.id}
                </Link>{' '}
                <OrderStatusBadge status={other.status} /> · {formatRupees(other.total)} · placed{' '}
                {formatDateTime(other.created_at)}
                <span className="d-block small text-body-secondary">
                  {other.shared.map((key) => SHARED[key]).join(', ')}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
