import type { ReturnStatus } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';

/** Each status in the owner's words, and its colour. */
export const RETURN_STATUS: Record<ReturnStatus, { label: string; bg: string }> = {
  requested: { label: 'Requested: to decide', bg: 'warning' },
  approved: { label: 'Approved: awaiting parcel', bg: 'info' },
  rejected: { label: 'Rejected', bg: 'dark' },
  received: { label: 'Received: to settle', bg: 'warning' },
  refunded: { label: 'Refunded', bg: 'primary' },
  exchange_shipped: { label: 'Exchange shipped', bg: 'primary' },
  completed: { label: 'Completed', bg: 'success' },
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const { label, bg } = RETURN_STATUS[status];
  return (
    <Badge bg={bg} text={bg === 'warning' || bg === 'info' ? 'dark' : undefined}>
      {label}
    </Badge>
  );
}
