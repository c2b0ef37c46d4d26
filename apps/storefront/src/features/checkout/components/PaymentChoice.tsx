import type { PaymentMethod } from '@kapaas/contract';
import { useEffect, useId } from 'react';
import { formatRupees } from '#storefront/lib/money.ts';

export interface PaymentChoiceProps {
  /** The method in force: cash on delivery only while it is not refused. */
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** The cash-on-delivery fee, in rupees. */
  codFee: number;
  /** Why cash on delivery cannot be chosen for this order, or null when it can. */
  codRefusal: string | null;
  /** What paying online saves (the shop's prepaid discount, worked out by the server), in rupees; 0: none. */
  prepaidSaving?: number;
  /** Cash on delivery's advance (issue 34): what is paid online now and the rest on delivery, in rupees; null: none. */
  codAdvance?: { now: number; onDelivery: number } | null;
  /** While an order is being placed the choice stays as it is. */
  disabled?: boolean;
}

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  online: 'Pay online',
  cod: 'Cash on delivery',
};

/**
 * How the shopper pays (ADR 033): online, saying what the prepaid discount saves (ADR 047), or cash on delivery with its fee. Cash on delivery is disabled, with the
 * reason beside it, when the shop does not offer it for this address or the order is outside its limits; a choice of
 * it that becomes refused (another address, another coupon) goes back to online.
 */
export function PaymentChoice({
  value,
  onChange,
  codFee,
  codRefusal,
  prepaidSaving = 0,
  codAdvance = null,
  disabled = false,
}: PaymentChoiceProps) {
  const id = useId();
  const refused = codRefusal !== null;
  const advance = !refused && codAdvance !== null;
  const saving = prepaidSaving > 0;

  useEffect(() => {
    if (refused) onChange('online');
  }, [refused, onChange]);

  return (
    <fieldset className="payment-choice" disabled={disabled}>
      <legend className="payment-choice__legend">Payment method</legend>
      <div className="form-check payment-choice__option">
        <input
          className="form-check-input"
          type="radio"
          name={`${id}-method`}
          id={`${id}-online`}
          value="online"
          checked={value === 'online'}
          aria-describedby={saving ? `${id}-saving` : undefined}
          onChange={() => onChange('online')}
        />
        <label className="form-check-label" htmlFor={`${id}-online`}>
          {PAYMENT_LABELS.online}
        </label>{' '}
        {saving && (
          <span id={`${id}-saving`} className="payment-choice__saving">
            Save {formatRupees(prepaidSaving)} by paying online
          </span>
        )}
      </div>
      <div className="form-check payment-choice__option">
        <input
          className="form-check-input"
          type="radio"
          name={`${id}-method`}
          id={`${id}-cod`}
          value="cod"
          checked={value === 'cod'}
          disabled={refused}
          aria-describedby={refused ? `${id}-cod-reason` : advance ? `${id}-cod-advance` : undefined}
          onChange={() => onChange('cod')}
        />
        <label className="form-check-label" htmlFor={`${id}-cod`}>
          {PAYMENT_LABELS.cod} {codFee > 0 && <span className="payment-choice__fee">{formatRupees(codFee)} fee</span>}
        </label>
        {refused && (
          <p id={`${id}-cod-reason`} className="payment-choice__reason">
            {codRefusal}
          </p>
        )}
        {advance && (
          <p id={`${id}-cod-advance`} className="payment-choice__advance">
            Pay {formatRupees(codAdvance.now)} now, {formatRupees(codAdvance.onDelivery)} on delivery
          </p>
        )}
      </div>
    </fieldset>
  );
}
