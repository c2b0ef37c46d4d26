import type { AdminSettings, AdminUpdateSettings } from '@kapaas/contract';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '#admin/components/form/Field.tsx';
import { gstStateMismatch, normaliseGstin, typedGstinProblem } from './gstIdentity';
import { sectionControls } from './sectionControls';

/** The tax identity's controls as typed. */
export interface TaxIdentityValues {
  gst_legal_name: string;
  gstin: string;
  gst_address: string;
  gst_state_id: string;
  invoice_prefix: string;
  gst_signatory: string;
  hsn_digits: string;
}

/** The controls' starting values: the saved settings. */
export function taxIdentityValues(settings: AdminSettings): TaxIdentityValues {
  return {
    gst_legal_name: settings.gst_legal_name,
    gstin: settings.gstin,
    gst_address: settings.gst_address,
    gst_state_id: settings.gst_state_id === null ? '' : String(settings.gst_state_id),
    invoice_prefix: settings.invoice_prefix,
    gst_signatory: settings.gst_signatory,
    hsn_digits: String(settings.hsn_digits),
  };
}

/** The part of PATCH /settings these controls say: GSTIN and prefix in capitals, no state as null. */
export function taxIdentityBody(values: TaxIdentityValues): AdminUpdateSettings {
  return {
    gst_legal_name: values.gst_legal_name.trim(),
    gstin: normaliseGstin(values.gstin),
    gst_address: values.gst_address.trim(),
    gst_state_id: values.gst_state_id === '' ? null : Number(values.gst_state_id),
    invoice_prefix: values.invoice_prefix.trim().toUpperCase(),
    gst_signatory: values.gst_signatory.trim(),
    hsn_digits: Number(values.hsn_digits) as 4 | 6 | 8,
  };
}

const HELP = {
  gst_legal_name: 'The name the GST registration is in, printed at the top of every invoice.',
  gstin:
    'Leave empty while the shop is not registered for GST: then orders carry no tax and no invoices are issued. Its first two digits are the code of the state of registration.',
  gst_address: 'The address of the registration, as it should be printed; one line per line.',
  gst_state_id: 'Decides the tax: CGST and SGST within this state, IGST to other states.',
  invoice_prefix: '1 to 4 capital letters or digits that start every invoice and credit note number, e.g. KPS.',
  gst_signatory: 'The name printed under “Authorised signatory”.',
  hsn_digits: 'How many digits of each product’s HSN code the invoices print.',
} as const satisfies Record<keyof TaxIdentityValues, string>;

interface TaxIdentityFieldsProps {
  /** The prefix of the controls' ids. */
  id: string;
  register: UseFormRegister<TaxIdentityValues>;
  errors: FieldErrors<TaxIdentityValues>;
  /** What the GSTIN and state controls hold now, to check them as they are typed. */
  typed: Pick<TaxIdentityValues, 'gstin' | 'gst_state_id'>;
  /** The shop's states, as the address forms list them. */
  states: { value: number; label: string }[];
  disabled: boolean;
}

/** The shop's GST identity (ADR 032): who issues the invoices, where it is registered, and how they are numbered. */
export function TaxIdentityFields({ id, register, errors, typed, states, disabled }: TaxIdentityFieldsProps) {
  const gstin = typed.gstin;
  const stateId = Number(typed.gst_state_id);
  const stateName = states.find((state) => state.value === stateId)?.label;
  // Checked as typed: a wrong GSTIN or a state that disagrees shows before the owner saves; the form's own check
  // (and the server's) then wins.
  const shown: Partial<Record<keyof TaxIdentityValues, string | undefined>> = {
    gst_legal_name: errors.gst_legal_name?.message,
    gstin: errors.gstin?.message ?? typedGstinProblem(gstin),
    gst_address: errors.gst_address?.message,
    gst_state_id: errors.gst_state_id?.message ?? gstStateMismatch(gstin, stateName),
    invoice_prefix: errors.invoice_prefix?.message,
    gst_signatory: errors.gst_signatory?.message,
    hsn_digits: errors.hsn_digits?.message,
  };
  const { control, invalid, field } = sectionControls(id, register, shown, HELP);

  return (
    <fieldset disabled={disabled} className="mt-2">
      <legend className="h6">Tax identity (GST)</legend>
      <p className="small text-body-secondary">
        Printed on every tax invoice and credit note. A change applies to orders paid from now on; past invoices keep
        what they were issued with.
      </p>
      <Field {...field('gst_legal_name', 'Legal name')}>
        <input type="text" className={`form-control${invalid('gst_legal_name')}`} {...control('gst_legal_name')} />
      </Field>
      <Field {...field('gstin', 'GSTIN')}>
        <input
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="27AAPFU0939F1ZV"
          className={`form-control text-uppercase settings-card__input${invalid('gstin')}`}
          {...control('gstin')}
        />
      </Field>
      <Field {...field('gst_address', 'Registered address')}>
        <textarea rows={3} className={`form-control${invalid('gst_address')}`} {...control('gst_address')} />
      </Field>
      <Field {...field('gst_state_id', 'State of registration')}>
        <select className={`form-select settings-card__input${invalid('gst_state_id')}`} {...control('gst_state_id')}>
          <option value="">Not chosen</option>
          {states.map((state) => (
            <option key={state.value} value={String(state.value)}>
              {state.label}
            </option>
          ))}
        </select>
      </Field>
      <Field {...field('invoice_prefix', 'Invoice prefix')}>
        <input
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={4}
          className={`form-control text-uppercase settings-card__input${invalid('invoice_prefix')}`}
          {...control('invoice_prefix')}
        />
      </Field>
      <Field {...field('gst_signatory', 'Authorised signatory')}>
        <input type="text" className={`form-control${invalid('gst_signatory')}`} {...control('gst_signatory')} />
      </Field>
      <Field {...field('hsn_digits', 'HSN digits printed')}>
        <select className={`form-select settings-card__input${invalid('hsn_digits')}`} {...control('hsn_digits')}>
          <option value="4">4 digits</option>
          <option value="6">6 digits</option>
          <option value="8">8 digits</option>
        </select>
      </Field>
    </fieldset>
  );
}
