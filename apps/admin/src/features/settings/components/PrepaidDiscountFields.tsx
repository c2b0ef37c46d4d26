import type { AdminSettings, AdminUpdateSettings } from '@kapaas/contract';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '#admin/components/form/Field.tsx';
import { numberOrEmpty, numberOrNull } from '#admin/lib/forms.ts';
import { sectionControls } from './sectionControls';

/** The prepaid discount's controls as typed (ADR 047). */
export interface PrepaidDiscountValues {
  prepaid_discount_percent: string;
  prepaid_discount_max: string;
}

/** The controls' starting values: the saved settings; no cap is an empty box. */
export function prepaidDiscountValues(settings: AdminSettings): PrepaidDiscountValues {
  return {
    prepaid_discount_percent: String(settings.prepaid_discount_percent),
    prepaid_discount_max: settings.prepaid_discount_max === null ? '' : String(settings.prepaid_discount_max),
  };
}

/** The part of PATCH /settings these controls say: an empty percent is NaN (missing), an empty cap null (no cap). */
export function prepaidDiscountBody(values: PrepaidDiscountValues): AdminUpdateSettings {
  return {
    prepaid_discount_percent: numberOrEmpty(values.prepaid_discount_percent) ?? Number.NaN,
    prepaid_discount_max: numberOrNull(values.prepaid_discount_max),
  };
}

const HELP = {
  prepaid_discount_percent:
    'Taken off the items (after any coupon) when the shopper pays online, never on cash on delivery; shipping is not discounted. Checkout says "Save ₹X by paying online". 0 turns it off.',
  prepaid_discount_max: 'The most the prepaid discount takes off one order. Leave empty for no cap.',
} as const satisfies Record<keyof PrepaidDiscountValues, string>;

interface PrepaidDiscountFieldsProps {
  /** The prefix of the controls' ids. */
  id: string;
  register: UseFormRegister<PrepaidDiscountValues>;
  errors: FieldErrors<PrepaidDiscountValues>;
  disabled: boolean;
}

/** The discount for paying online (issue 34): a percent off the goods, and its most per order. */
export function PrepaidDiscountFields({ id, register, errors, disabled }: PrepaidDiscountFieldsProps) {
  const shown: Record<keyof PrepaidDiscountValues, string | undefined> = {
    prepaid_discount_percent: errors.prepaid_discount_percent?.message,
    prepaid_discount_max: errors.prepaid_discount_max?.message,
  };
  const { control, invalid, field } = sectionControls(id, register, shown, HELP);
  return (
    <fieldset disabled={disabled} className="mt-2">
      <legend className="h6">Prepaid discount</legend>
      <Field {...field('prepaid_discount_percent', 'Discount for paying online')}>
        <div className="input-group settings-card__input">
          <input
            type="number"
            inputMode="numeric"
            step="1"
            min="0"
            max="20"
            className={`form-control${invalid('prepaid_discount_percent')}`}
            {...control('prepaid_discount_percent')}
          />
          <span className="input-group-text">%</span>
        </div>
      </Field>
      <Field {...field('prepaid_discount_max', 'Most prepaid discount per order')}>
        <div className="input-group settings-card__input">
          <span className="input-group-text">₹</span>
          <input
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            className={`form-control${invalid('prepaid_discount_max')}`}
            {...control('prepaid_discount_max')}
          />
        </div>
      </Field>
    </fieldset>
  );
}
