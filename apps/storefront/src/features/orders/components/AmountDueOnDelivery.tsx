import { formatRupees } from '#storefront/lib/money.ts';

/** "To pay on delivery: ₹X" for a cash-on-delivery order not yet paid; nothing otherwise. */
export function AmountDueOnDelivery({ amount }: { amount: number }) {
  if (amount <= 0) return null;
  return (
    <p className="order-due">
      To pay on delivery: <strong>{formatRupees(amount)}</strong>
    </p>
  );
}
