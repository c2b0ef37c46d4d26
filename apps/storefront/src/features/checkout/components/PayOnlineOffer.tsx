import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, apiPost } from '#storefront/lib/api.ts';
import { formatRupees } from '#storefront/lib/money.ts';
import { ORDERS_QUERY_KEY } from '#storefront/lib/queries/useMyOrders.ts';
import { useOrderDetails } from '#storefront/lib/queries/useOrderDetails.ts';
import { ownerFields, useIdentity } from '#storefront/lib/session.ts';
import { confirmPayment } from '../api/orderPlace';
import { loadCheckoutScript, shopTeal } from '../lib/razorpay';

/** What the server says paying online instead costs and saves (order_details' `pay_online`), in rupees. */
export interface PayOnline {
  total: number;
  saving: number;
}

export const PAY_ONLINE_TEXTS = {
  paid: 'Paid online. Nothing to pay at the door.',
  notStarted: 'We could not start the payment. Please try again.',
  dismissed: 'Payment cancelled. Your order stays cash on delivery.',
  declined: 'The payment did not go through.',
} as const;

type Phase = 'idle' | 'opening' | 'paying' | 'confirming' | 'paid';

/**
 * "Pay now online and save ₹X" (issue 34): a cash-on-delivery order not yet shipped is paid online instead. The server
 * opens the payment (`cod_pay_online`, at its figure, never the page's), the checkout dialog takes it, order_place's
 * second call confirms it; the order then reloads as paid online.
 */
export function PayOnlineOffer({ orderId, offer }: { orderId: number; offer: PayOnline }) {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('idle');
  const [notice, setNotice] = useState<string | null>(null);

  async function confirm(payment: Parameters<typeof confirmPayment>[2]) {
    setPhase('confirming');
    try {
      await confirmPayment(identity, orderId, payment);
      setPhase('paid');
      await queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
    } catch (error) {
      setNotice(error instanceof ApiError && error.message ? error.message : PAY_ONLINE_TEXTS.notStarted);
      setPhase('idle');
    }
  }

  async function start() {
    setPhase('opening');
    setNotice(null);
    try {
      const answer = await apiPost('cod_pay_online', { ...ownerFields(identity), order_id: orderId });
      const Razorpay = await loadCheckoutScript(answer.checkout_url);
      let declined: string | null = null;
      const dialog = new Razorpay({
        key: answer.key,
        amount: answer.amount,
        currency: answer.currency,
        name: 'Kapaas',
        description: `Order #${orderId}, paid online`,
        order_id: answer.razorpay_order_id,
        theme: { color: shopTeal() },
        handler: (payment) => void confirm(payment),
        modal: {
          ondismiss: () => {
            setNotice(declined ? `${declined} ${PAY_ONLINE_TEXTS.dismissed}` : PAY_ONLINE_TEXTS.dismissed);
            setPhase((now) => (now === 'paying' ? 'idle' : now));
          },
        },
      });
      dialog.on('payment.failed', (response) => {
        declined = response.error?.description || PAY_ONLINE_TEXTS.declined;
      });
      setPhase('paying');
      dialog.open();
    } catch (error) {
      setNotice(error instanceof ApiError && error.message ? error.message : PAY_ONLINE_TEXTS.notStarted);
      setPhase('idle');
    }
  }

  if (phase === 'paid') {
    return (
      <p className="pay-online pay-online--paid" role="status">
        {PAY_ONLINE_TEXTS.paid}
      </p>
    );
  }
  const busy = phase !== 'idle';
  return (
    <section className="pay-online" aria-label="Pay online instead">
      <p className="pay-online__lead">
        <strong>Pay now online and save {formatRupees(offer.saving)}</strong>
      </p>
      <p className="pay-online__detail">
        {formatRupees(offer.total)} by UPI, card, netbanking or wallet, and nothing to pay at the door.
      </p>
      <button type="button" className="btn btn-primary" onClick={() => void start()} disabled={busy}>
        {phase === 'confirming' ? 'Confirming…' : `Pay ${formatRupees(offer.total)} now`}
      </button>
      {notice && (
        <p className="pay-online__notice" role="alert">
          {notice}
        </p>
      )}
    </section>
  );
}

/**
 * The offer where the order's page shows it: once shown it stays, so that when the order reloads as paid (and the
 * server offers nothing more) the shopper reads that it was paid, not a blank.
 */
export function PayOnlineSlot({ orderId, offer }: { orderId: number; offer: PayOnline | null | undefined }) {
  const shown = useRef<PayOnline | null>(null);
  if (offer) shown.current = offer;
  return shown.current ? <PayOnlineOffer orderId={orderId} offer={shown.current} /> : null;
}

/** The thank-you page's offer: the order's own figure from order_details, shown while it can be paid online. */
export function PayOnlineOfferFor({ orderId }: { orderId: number }) {
  const order = useOrderDetails(orderId);
  return <PayOnlineSlot orderId={orderId} offer={order.data?.pay_online} />;
}
