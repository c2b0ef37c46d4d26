import { type AdminOrderPayment, REFUNDABLE_ADMIN_PAYMENT_STATUSES } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';
import { formatRupees } from '#admin/lib/format.ts';

/** Whether money can still go back from this payment from the console, as the server decides it. */
export function isRefundable(payment: AdminOrderPayment): boolean {
  return REFUNDABLE_ADMIN_PAYMENT_STATUSES.includes(payment.status) && payment.refunded < payment.amount;
}

/** What became of the money, in the owner's words (docs/payment-states.md). */
function outcome(payment: AdminOrderPayment): string {
  switch (payment.status) {
    case 'failed':
      return 'Declined by the bank; no money was taken';
    case 'accepted':
      return 'Paid';
    case 'refund_pending':
      return 'refund under way';
    case 'refund_failed':
      return 'Refund failed — refund it here';
    case 'partially_refunded':
      return `${formatRupees(payment.refunded)} of ${formatRupees(payment.amount)} refunded`;
    case 'refunded':
      return 'refunded';
  }
}

/**
 * A payment's status as the owner reads it: what became of the money and, for a payment the shop
 * did not accept, why ("Not accepted: the order had been cancelled; refunded").
 */
export function paymentStatusWords(payment: AdminOrderPayment): string {
  const words = outcome(payment);
  if (payment.refusal_reason === null) return words.charAt(0).toUpperCase() + words.slice(1);
  return `Not accepted: ${payment.refusal_reason}; ${words.charAt(0).toLowerCase()}${words.slice(1)}`;
}

/** The colour of each status: red where the owner has money to give back by hand. */
const COLOUR: Record<AdminOrderPayment['status'], string> = {
  failed: 'secondary',
  accepted: 'success',
  refund_pending: 'warning',
  refund_failed: 'danger',
  partially_refunded: 'info',
  refunded: 'dark',
};

/** A payment's status as a coloured label with the owner's words. */
export function PaymentStatusBadge({ payment }: { payment: AdminOrderPayment }) {
  const bg = COLOUR[payment.status];
  return (
    <Badge bg={bg} text={bg === 'warning' || bg === 'info' ? 'dark' : undefined} className="text-wrap text-start">
      {paymentStatusWords(payment)}
    </Badge>
  );
}
