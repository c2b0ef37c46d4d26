import type { AdminSettings, AdminUpdateSettings, CodAdvanceFor } from '@kapaas/contract';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '#admin/components/form/Field.tsx';
import { SwitchField } from '#admin/components/form/SwitchField.tsx';
import { numberOrEmpty, numberOrNull } from '#admin/lib/forms.ts';
import { codLimitsProblem, pinsText, splitPins, typedPinsProblem } from './deliveryCod';
import { sectionControls } from './sectionControls';

/** The dispatch and cash-on-delivery controls as typed. */
export interface DeliveryCodValues {
  dispatch_cutoff: string;
  cod_enabled: boolean;
  cod_min_order: string;
  cod_max_order: string;
  cod_fee: string;
  cod_excluded_pins: string;
  cod_confirm_above: string;
  cod_confirm_hours: string;
  cod_advance_amount: string;
  cod_advance_for: CodAdvanceFor;
  cod_max_open_orders: string;
  cod_pay_link_hours: string;
}

/** The controls' starting values: the saved settings. */
export function deliveryCodValues(settings: AdminSettings): DeliveryCodValues {
  return {
    dispatch_cutoff: settings.dispatch_cutoff,
    cod_enabled: settings.cod_enabled,
    cod_min_order: String(settings.cod_min_order),
    cod_max_order: String(settings.cod_max_order),
    cod_fee: String(settings.cod_fee),
    cod_excluded_pins: pinsText(settings.cod_excluded_pins),
    cod_confirm_above: settings.cod_confirm_above === null ? '' : String(settings.cod_confirm_above),
    cod_confirm_hours: String(settings.cod_confirm_hours),
    cod_advance_amount: String(settings.cod_advance_amount),
    cod_advance_for: settings.cod_advance_for,
    cod_max_open_orders: String(settings.cod_max_open_orders),
    cod_pay_link_hours: String(settings.cod_pay_link_hours),
  };
}

/** The part of PATCH /settings these controls say: amounts as numbers, the PIN codes as a list, no threshold as null. */
export function deliveryCodBody(values: DeliveryCodValues): AdminUpdateSettings {
  return {
    dispatch_cutoff: values.dispatch_cutoff,
    cod_enabled: values.cod_enabled,
    cod_min_order: numberOrEmpty(values.cod_min_order) ?? Number.NaN,
    cod_max_order: numberOrEmpty(values.cod_max_order) ?? Number.NaN,
    cod_fee: numberOrEmpty(values.cod_fee) ?? Number.NaN,
    cod_excluded_pins: splitPins(values.cod_excluded_pins),
    cod_confirm_above: numberOrNull(values.cod_confirm_above),
    cod_confirm_hours: numberOrEmpty(values.cod_confirm_hours) ?? Number.NaN,
    cod_advance_amount: numberOrEmpty(values.cod_advance_amount) ?? Number.NaN,
    cod_advance_for: values.cod_advance_for,
    cod_max_open_orders: numberOrEmpty(values.cod_max_open_orders) ?? Number.NaN,
    cod_pay_link_hours: numberOrEmpty(values.cod_pay_link_hours) ?? Number.NaN,
  };
}

/** Where a problem of the body shows: every excluded PIN code's on the one textarea ("cod_excluded_pins.3"). */
export function deliveryCodFieldOf(path: string): string {
  return path.startsWith('cod_excluded_pins.') ? 'cod_excluded_pins' : path;
}

const HELP = {
  dispatch_cutoff: 'Orders placed before this time (India) leave the same working day.',
  cod_enabled: 'Shoppers may choose to pay in cash when the parcel arrives, where the rules below allow it.',
  cod_min_order: 'Cash on delivery is offered for orders worth at least this much.',
  cod_max_order: 'Cash on delivery is not offered for orders worth more than this.',
  cod_fee: 'Added to an order paid in cash on delivery. 0 means no fee.',
  cod_excluded_pins:
    'Where cash on delivery is not offered. Write PIN codes, or their first digits for a whole area (e.g. 744), one a line or separated by commas or spaces.',
  cod_confirm_above:
    'COD orders above this wait for you to confirm them by phone before packing. Leave empty to never wait.',
  cod_confirm_hours:
    'A COD order still waiting for your call this long is cancelled, its pieces go back on sale, and the shopper is told.',
  cod_advance_amount:
    'Paid online when the order is placed; the rest is collected at the door. At least ₹1; 0 with "No advance" turns it off.',
  cod_advance_for:
    'Which COD orders pay the advance: none, a shopper’s first order (no earlier order by their account, phone number or e-mail), or all.',
  cod_max_open_orders:
    'How many COD orders not yet shipped one phone number, one shopper and one delivery address may each have. Past it, the checkout offers only online payment and says why.',
  cod_pay_link_hours:
    'The COD order confirmation carries a link to pay online instead (with the prepaid discount), payable this many hours. 0: no link.',
} as const satisfies Record<keyof DeliveryCodValues, string>;

type Amount = 'cod_min_order' | 'cod_max_order' | 'cod_fee' | 'cod_confirm_above' | 'cod_advance_amount';
type Whole = 'cod_confirm_hours' | 'cod_max_open_orders' | 'cod_pay_link_hours';

interface DeliveryCodFieldsProps {
  /** The prefix of the controls' ids. */
  id: string;
  register: UseFormRegister<DeliveryCodValues>;
  errors: FieldErrors<DeliveryCodValues>;
  /** What the order-value and PIN code controls hold now, to check them as they are typed. */
  typed: Pick<DeliveryCodValues, 'cod_min_order' | 'cod_max_order' | 'cod_excluded_pins'>;
  disabled: boolean;
}

/** When parcels leave, and the rules of cash on delivery: for which order values, at what fee, and where not. */
export function DeliveryCodFields({ id, register, errors, typed, disabled }: DeliveryCodFieldsProps) {
  // Checked as typed, like the GSTIN: a range that is not one, or a PIN code that cannot be, shows before saving. The
  // form's own check (and the server's) wins, except that the typed PIN check names the wrong entry.
  const shown: Record<keyof DeliveryCodValues, string | undefined> = {
    dispatch_cutoff: errors.dispatch_cutoff?.message,
    cod_enabled: errors.cod_enabled?.message,
    cod_min_order: errors.cod_min_order?.message,
    cod_max_order: errors.cod_max_order?.message ?? codLimitsProblem(typed.cod_min_order, typed.cod_max_order),
    cod_fee: errors.cod_fee?.message,
    cod_excluded_pins: typedPinsProblem(typed.cod_excluded_pins) ?? errors.cod_excluded_pins?.message,
    cod_confirm_above: errors.cod_confirm_above?.message,
    cod_confirm_hours: errors.cod_confirm_hours?.message,
    cod_advance_amount: errors.cod_advance_amount?.message,
    cod_advance_for: errors.cod_advance_for?.message,
    cod_max_open_orders: errors.cod_max_open_orders?.message,
    cod_pay_link_hours: errors.cod_pay_link_hours?.message,
  };
  const { control, invalid, field, fieldId } = sectionControls(id, register, shown, HELP);
  const amount = (name: Amount, label: string) => (
    <Field {...field(name, label)}>
      <div className="input-group settings-card__input">
        <span className="input-group-text">₹</span>
        <input
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          className={`form-control${invalid(name)}`}
          {...control(name)}
        />
      </div>
    </Field>
  );

  const whole = (name: Whole, label: string, unit: string, max: number, min = 1) => (
    <Field {...field(name, label)}>
      <div className="input-group settings-card__input">
        <input
          type="number"
          inputMode="numeric"
          step="1"
          min={min}
          max={max}
          className={`form-control${invalid(name)}`}
          {...control(name)}
        />
        <span className="input-group-text">{unit}</span>
      </div>
    </Field>
  );

  return (
    <fieldset disabled={disabled} className="mt-2">
      <legend className="h6">Delivery and cash on delivery</legend>
      <Field {...field('dispatch_cutoff', 'Dispatch cut-off')}>
        <input
          type="time"
          className={`form-control settings-card__input${invalid('dispatch_cutoff')}`}
          {...control('dispatch_cutoff')}
        />
      </Field>
      <SwitchField
        id={fieldId('cod_enabled')}
        label="Offer cash on delivery"
        help={HELP.cod_enabled}
        error={shown.cod_enabled}
        {...register('cod_enabled')}
      />
      {amount('cod_min_order', 'Least order value for cash on delivery')}
      {amount('cod_max_order', 'Most order value for cash on delivery')}
      {amount('cod_fee', 'Cash on delivery fee')}
      <Field {...field('cod_excluded_pins', 'No cash on delivery to these PIN codes')}>
        <textarea
          rows={4}
          inputMode="numeric"
          spellCheck={false}
          className={`form-control settings-card__input${invalid('cod_excluded_pins')}`}
          {...control('cod_excluded_pins')}
        />
      </Field>
      {amount('cod_confirm_above', 'Confirm by phone above')}
      {whole('cod_confirm_hours', 'Cancel unconfirmed COD orders after', 'hours', 720)}
      {amount('cod_advance_amount', 'COD advance, paid online')}
      <Field {...field('cod_advance_for', 'Ask the COD advance of')}>
        <select
          className={`form-select settings-card__input${invalid('cod_advance_for')}`}
          {...control('cod_advance_for')}
        >
          <option value="none">No advance</option>
          <option value="first_order">A shopper’s first order</option>
          <option value="all">Every COD order</option>
        </select>
      </Field>
      {whole('cod_max_open_orders', 'Most open COD orders', 'orders', 50)}
      {whole('cod_pay_link_hours', 'Payment link in the COD confirmation, payable for', 'hours', 720, 0)}
    </fieldset>
  );
}
