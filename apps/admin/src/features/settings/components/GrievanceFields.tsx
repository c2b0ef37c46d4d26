import type { AdminSettings, AdminUpdateSettings } from '@kapaas/contract';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '#admin/components/form/Field.tsx';
import { sectionControls } from './sectionControls';

/** The grievance officer as typed (issue 35). */
export interface GrievanceValues {
  grievance_officer_name: string;
  grievance_officer_email: string;
}

/** The controls' starting values: the saved settings. */
export function grievanceValues(settings: AdminSettings): GrievanceValues {
  return {
    grievance_officer_name: settings.grievance_officer_name,
    grievance_officer_email: settings.grievance_officer_email,
  };
}

/** The part of PATCH /settings these controls say; the contract trims them and lower-cases the address. */
export function grievanceBody(values: GrievanceValues): AdminUpdateSettings {
  return {
    grievance_officer_name: values.grievance_officer_name,
    grievance_officer_email: values.grievance_officer_email,
  };
}

const HELP = {
  grievance_officer_name:
    'The person who answers complaints about personal data (DPDP Act). The privacy notice at /privacy names them.',
  grievance_officer_email: 'Where shoppers write to complain; shown on the privacy notice. Answer within 90 days.',
} as const satisfies Record<keyof GrievanceValues, string>;

interface GrievanceFieldsProps {
  /** The prefix of the controls' ids. */
  id: string;
  register: UseFormRegister<GrievanceValues>;
  errors: FieldErrors<GrievanceValues>;
  disabled: boolean;
}

/** Who answers complaints about personal data, as the privacy notice shows them (issue 35). */
export function GrievanceFields({ id, register, errors, disabled }: GrievanceFieldsProps) {
  const shown: Record<keyof GrievanceValues, string | undefined> = {
    grievance_officer_name: errors.grievance_officer_name?.message,
    grievance_officer_email: errors.grievance_officer_email?.message,
  };
  const { control, invalid, field } = sectionControls(id, register, shown, HELP);
  return (
    <fieldset disabled={disabled} className="mt-2">
      <legend className="h6">Grievance officer</legend>
      <Field {...field('grievance_officer_name', 'Grievance officer')}>
        <input
          type="text"
          autoComplete="off"
          className={`form-control${invalid('grievance_officer_name')}`}
          {...control('grievance_officer_name')}
        />
      </Field>
      <Field {...field('grievance_officer_email', 'Grievance officer’s e-mail')}>
        <input
          type="email"
          autoComplete="off"
          className={`form-control${invalid('grievance_officer_email')}`}
          {...control('grievance_officer_email')}
        />
      </Field>
    </fieldset>
  );
}
