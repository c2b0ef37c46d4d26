import type { ReturnStatus } from '@kapaas/contract';
import { RETURN_STATUS_LABELS, RETURN_STATUS_TONE } from '#storefront/lib/returnTexts.ts';
import '../../features/orders/orders.css';

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span className={`order-status order-status--${RETURN_STATUS_TONE[status]}`} data-status={status}>
      <span className="visually-hidden">Status: </span>
      {RETURN_STATUS_LABELS[status]}
    </span>
  );
}
