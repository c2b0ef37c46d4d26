import type { AdminSettings, AdminUpdateSettings } from '@kapaas/contract';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '#admin/components/form/Field.tsx';
import { numberOrEmpty } from '#admin/lib/forms.ts';
import { sectionControls } from './sectionControls';

/** The default parcel's controls as typed. */
export interface ParcelValues {
  parcel_length_cm: string;
  parcel_breadth_cm: string;
  parcel_height_cm: string;
  default_piece_weight_grams: string;
}

/** The controls' starting values: the saved settings. */
export function parcelValues(settings: AdminSettings): ParcelValues {
  return {
    parcel_length_cm: String(settings.parcel_length_cm),
    parcel_breadth_cm: String(settings.parcel_breadth_cm),
    parcel_height_cm: String(settings.parcel_height_cm),
    default_piece_weight_grams: String(settings.default_piece_weight_grams),
  };
}

/** The part of PATCH /settings these controls say; an empty box is NaN, so that the contract calls it missing. */
export function parcelBody(values: ParcelValues): AdminUpdateSettings {
  return {
    parcel_length_cm: numberOrEmpty(values.parcel_length_cm) ?? Number.NaN,
    parcel_breadth_cm: numberOrEmpty(values.parcel_breadth_cm) ?? Number.NaN,
    parcel_height_cm: numberOrEmpty(values.parcel_height_cm) ?? Number.NaN,
    default_piece_weight_grams: numberOrEmpty(values.default_piece_weight_grams) ?? Number.NaN,
  };
}

const HELP = {
  parcel_length_cm: 'The longest side of the box or mailer you usually ship in.',
  parcel_breadth_cm: 'The other side of its base.',
  parcel_height_cm: 'How tall it is packed.',
  default_piece_weight_grams:
    'Used for each piece whose product has no weight of its own. A courier order weighs the pieces it holds.',
} as const satisfies Record<keyof ParcelValues, string>;

interface ParcelFieldsProps {
  /** The prefix of the controls' ids. */
  id: string;
  register: UseFormRegister<ParcelValues>;
  errors: FieldErrors<ParcelValues>;
  disabled: boolean;
}

/** The parcel a courier order is booked with: its size, and what a piece weighs when its product does not say. */
export function ParcelFields({ id, register, errors, disabled }: ParcelFieldsProps) {
  const shown: Record<keyof ParcelValues, string | undefined> = {
    parcel_length_cm: errors.parcel_length_cm?.message,
    parcel_breadth_cm: errors.parcel_breadth_cm?.message,
    parcel_height_cm: errors.parcel_height_cm?.message,
    default_piece_weight_grams: errors.default_piece_weight_grams?.message,
  };
  const { control, invalid, field } = sectionControls(id, register, shown, HELP);
  const whole = (name: keyof ParcelValues, label: string, unit: string, max: number) => (
    <Field {...field(name, label)}>
      <div className="input-group settings-card__input">
        <input
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
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
      <legend className="h6">Parcel</legend>
      <p className="small text-body-secondary">
        What a courier order is booked with: couriers charge by weight or by size, whichever is more.
      </p>
      {whole('parcel_length_cm', 'Parcel length', 'cm', 200)}
      {whole('parcel_breadth_cm', 'Parcel breadth', 'cm', 200)}
      {whole('parcel_height_cm', 'Parcel height', 'cm', 200)}
      {whole('default_piece_weight_grams', 'Weight of a piece without one', 'grams', 30_000)}
    </fieldset>
  );
}
