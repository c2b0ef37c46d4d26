import { type AdminOrderPayment, PAID_BY_LABELS, type PaidBy, paidByLabel, paidByOf } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';

// The one label of how an order was paid is the contract's, so the API's GST report words it as the console does.
export { paidByLabel };

/** A short badge for the list: UPI, Card, … (COD keeps its own badge). */
export function PaidByBadge({ paidBy }: { paidBy: PaidBy | null }) {
  if (paidBy === null || paidBy === 'cod') return null;
  const short = paidBy === 'other' ? 'Other' : PAID_BY_LABELS[paidBy];
  return (
    <Badge bg="light" text="dark" className="ms-1 border" title={`Paid by ${PAID_BY_LABELS[paidBy]}`}>
      {short}
    </Badge>
  );
}

/**
 * One payment's method and its detail, as Razorpay reported it: "UPI · name@bank", "Card · Visa ···· 1111",
 * "Netbanking · HDFC", "Wallet · paytm"; just the method when there is no detail, "" when the method is unknown.
 */
export function paymentDetail(payment: AdminOrderPayment): string {
  if (!payment.method) return '';
  const paidBy = paidByOf('online', payment.method);
  const label = paidBy === 'other' ? payment.method : paidByLabel(paidBy);
  const card = payment.card ? [payment.card.network, `···· ${payment.card.last4}`].filter(Boolean).join(' ') : null;
  const detail = payment.vpa ?? payment.bank ?? payment.wallet ?? card;
  return detail ? `${label} · ${detail}` : label;
}
