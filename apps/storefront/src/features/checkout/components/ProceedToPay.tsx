import type { CartItem, ConsentPurpose, PaymentMethod } from '@kapaas/contract';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { ConsentBoxes } from '#storefront/components/ConsentBoxes.tsx';
import { type CheckoutPhase, useCheckout } from '../hooks/useCheckout';
import { PaymentChoice, type PaymentChoiceProps } from './PaymentChoice';
import '../checkout.css';

interface ProceedToPayProps {
  /** The delivery address chosen on the billing page; null until one is chosen. */
  addressId: number | null;
  /** The chosen address's phone: the number WhatsApp order updates go to, when the shopper ticks the box. */
  deliveryPhone?: string | null | undefined;
  couponId: number | null;
  lines: CartItem[];
  /** The cart cannot be paid for now: empty, holding unavailable lines, or its coupon still being checked. */
  cartNotReady: boolean;
  /** After a paid order: the server emptied the paid lines, so the cart must be read again. */
  onPaid?: () => void;
  /** The payment choice (online or cash on delivery); without it the order is paid online. */
  payment?: Omit<PaymentChoiceProps, 'disabled'>;
}

/** What the checkout offers to send besides the order's own messages (issue 35), never ticked for the shopper. */
const CHECKOUT_CONSENTS: readonly ConsentPurpose[] = ['marketing_email', 'cart_reminders'];

export const CHOOSE_ADDRESS_HINT = 'Choose a delivery address to continue.';

export const BUTTON_TEXTS: Record<PaymentMethod, string> = {
  online: 'PROCEED TO PAY',
  cod: 'Place order (Cash on delivery)',
};

const PROGRESS: Record<CheckoutPhase, string> = {
  idle: '',
  creating: 'Preparing your order…',
  paying: 'Complete the payment in the secure payment window.',
  confirming: 'Confirming your payment…',
  placing: 'Placing your order…',
};

/**
 * The payment choice and PROCEED TO PAY (product.md §2, §4), or Place order for cash on delivery: disabled while
 * processing, with an empty cart, or with no address chosen.
 */
export function ProceedToPay({
  addressId,
  deliveryPhone,
  couponId,
  lines,
  cartNotReady,
  onPaid,
  payment,
}: ProceedToPayProps) {
  const { pay, phase, busy, notice } = useCheckout(onPaid);
  const [consents, setConsents] = useState<ConsentPurpose[]>([]);
  const [whatsApp, setWhatsApp] = useState(false);
  const whatsAppId = useId();
  const noAddress = addressId === null;
  const method = payment?.value ?? 'online';

  const start = () => {
    if (addressId === null) return;
    void pay(
      {
        addressId,
        couponId,
        lines: lines.map((line) => ({
          product_id: line.product_id,
          size: line.size_id,
          quantity: line.selected_quantity,
        })),
        consents,
        whatsappUpdates: Boolean(deliveryPhone) && whatsApp,
      },
      method,
    );
  };

  return (
    <div className="proceed-to-pay">
      {payment && lines.length > 0 && <PaymentChoice {...payment} disabled={busy} />}
      {lines.length > 0 && deliveryPhone && (
        // Never ticked for the shopper: the server records it for this number (issue 36), and STOP undoes it.
        <div className="form-check mb-2">
          <input
            id={whatsAppId}
            type="checkbox"
            className="form-check-input"
            checked={whatsApp}
            onChange={(event) => setWhatsApp(event.currentTarget.checked)}
          />
          <label htmlFor={whatsAppId} className="form-check-label">
            Get order updates on WhatsApp at {deliveryPhone}
          </label>
        </div>
      )}
      {lines.length > 0 && <ConsentBoxes offered={CHECKOUT_CONSENTS} ticked={consents} onChange={setConsents} />}
      <button
        type="button"
        className="btn btn-primary w-100"
        onClick={start}
        disabled={busy || cartNotReady || noAddress || lines.length === 0}
        aria-describedby={noAddress ? 'proceed-to-pay-hint' : undefined}
      >
        {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {BUTTON_TEXTS[method]}
      </button>
      {noAddress && lines.length > 0 && (
        <p id="proceed-to-pay-hint" className="proceed-to-pay__hint">
          {CHOOSE_ADDRESS_HINT}
        </p>
      )}
      <p className="proceed-to-pay__progress" role="status">
        {PROGRESS[phase]}
      </p>
      {notice && (
        <Alert variant={notice.tone === 'error' ? 'danger' : 'warning'} className="mb-0" role="alert">
          {notice.text}
        </Alert>
      )}
    </div>
  );
}
