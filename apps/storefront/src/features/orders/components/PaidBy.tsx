import { type OrderSummary, PAID_BY_LABELS } from '@kapaas/contract';
import { formatRupees } from '#storefront/lib/money.ts';
import { ORDER_PAYMENT_LABELS } from './orderPayment';

type PaidOrder = Pick<OrderSummary, 'payment_method' | 'paid_by' | 'cod_advance' | 'amount_due_on_delivery'>;

/**
 * How an order was paid, in the shopper's words: "Paid by UPI" for an order paid online; "Advance paid by UPI, ₹Z to
 * pay on delivery" for a cash-on-delivery order whose advance the shop holds (issue 34); null when there is nothing
 * more to say than the payment method (cash on delivery, or a method unknown or not paid yet).
 */
export function paidByText(order: PaidOrder): string | null {
  const advance = order.cod_advance;
  if (order.payment_method === 'cod' && advance) {
    const paid = advance.paid_by ? `Advance paid by ${PAID_BY_LABELS[advance.paid_by]}` : 'Advance paid online';
    const due = order.amount_due_on_delivery;
    return due > 0 ? `${paid}, ${formatRupees(due)} to pay on delivery` : paid;
  }
  if (order.paid_by && order.paid_by !== 'cod') return `Paid by ${PAID_BY_LABELS[order.paid_by]}`;
  return null;
}

/** The payment method ("Online", "Cash on delivery") and, under it, how it was paid: the order page, list and thank-you page. */
export function OrderPayment({ order }: { order: PaidOrder }) {
  const paid = paidByText(order);
  return (
    <>
      {ORDER_PAYMENT_LABELS[order.payment_method]}
      {paid !== null && (
        <>
          <br />
          <span className="order-paid-by">{paid}</span>
        </>
      )}
    </>
  );
}
