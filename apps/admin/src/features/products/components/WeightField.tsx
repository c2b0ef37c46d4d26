import type { InputHTMLAttributes } from 'react';
import { describedBy, Field } from '#admin/components/form/Field.tsx';

const WEIGHT_HELP =
  'One piece as packed, for the courier. Leave empty to use the shop’s default weight per piece (Settings, Parcel).';

/** The registered input's props (id, name, ref, handlers) and its error as shown. */
interface WeightFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  error: string | undefined;
}

/** A product's weight per piece in grams, which a courier order adds up; empty takes the shop's default. */
export function WeightField({ id, error, ...control }: WeightFieldProps) {
  return (
    <Field id={id} label="Weight (grams)" help={WEIGHT_HELP} error={error}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        step="1"
        min="1"
        max="30000"
        className={`form-control${error ? ' is-invalid' : ''}`}
        {...control}
        aria-describedby={describedBy(id, error, WEIGHT_HELP)}
      />
    </Field>
  );
}
