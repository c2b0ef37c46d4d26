import type { ORDER_STATUS_VALUES } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';

export type OrderStatus = (typeof ORDER_STATUS_VALUES)[number];

/** Each status in the owner's words, and its colour. */
export const ORDER_STATUS: Record<OrderStatus, { label: string; bg: string }> = {
  pending_payment: { label: 'Awaiting payment', bg: 'secondary' },
  paid: { label: 'Paid: to pack', bg: 'warning' },
  packed: { label: 'Packed', bg: 'info' },
  shipped: { label: 'Shipped', bg: 'primary' },
  delivered: { label: 'Delivered', bg: 'success' },
  payment_failed: { label: 'Payment failed', bg: 'danger' },
  expired: { label: 'Expired unpaid', bg: 'secondary' },
  cancelled: { label: 'Cancelled', bg: 'dark' },
  refunded: { label: 'Refunded', bg: 'dark' },
  cod_pending_confirmation: { label: 'COD: to confirm', bg: 'warning' },
  cod_confirmed: { label: 'COD: to pack', bg: 'warning' },
  returned_to_origin: { label: 'Returned to origin', bg: 'danger' },
};

/** An order's status as a coloured label. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { label, bg } = ORDER_STATUS[status];
  return (
    <Badge bg={bg} text={bg === 'warning' || bg === 'info' ? 'dark' : undefined}>
      {label}
    </Badge>
  );
}
