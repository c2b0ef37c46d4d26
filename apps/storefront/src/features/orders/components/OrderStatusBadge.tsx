import type { OrderSummary } from '@kapaas/contract';

type OrderStatus = OrderSummary['status'];

/** The shopper's words for each order status (product.md §14). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  payment_failed: 'Payment failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  cod_pending_confirmation: 'Placed: we will call to confirm',
  cod_confirmed: 'Confirmed',
  returned_to_origin: 'Returned to the shop',
};

/** Which colour family a status is shown in: under way, done, or stopped. */
const TONE: Record<OrderStatus, 'progress' | 'good' | 'stopped' | 'waiting'> = {
  pending_payment: 'waiting',
  paid: 'progress',
  packed: 'progress',
  shipped: 'progress',
  delivered: 'good',
  payment_failed: 'stopped',
  expired: 'stopped',
  cancelled: 'stopped',
  refunded: 'stopped',
  cod_pending_confirmation: 'waiting',
  cod_confirmed: 'progress',
  returned_to_origin: 'stopped',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`order-status order-status--${TONE[status]}`} data-status={status}>
      <span className="visually-hidden">Status: </span>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
