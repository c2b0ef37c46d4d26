import type { AdminSettings, AdminUpdateSettings } from '@kapaas/contract';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field } from '#admin/components/form/Field.tsx';
import { numberOrEmpty } from '#admin/lib/forms.ts';
import { sectionControls } from './sectionControls';

/** Retention's periods as typed (issue 35), in days. */
export interface RetentionValues {
  retention_guest_days: string;
  retention_cart_days: string;
  retention_unconfirmed_signup_days: string;
  retention_outbox_body_days: string;
  retention_log_days: string;
}

/** The controls' starting values: the saved settings. */
export function retentionValues(settings: AdminSettings): RetentionValues {
  return {
    retention_guest_days: String(settings.retention_guest_days),
    retention_cart_days: String(settings.retention_cart_days),
    retention_unconfirmed_signup_days: String(settings.retention_unconfirmed_signup_days),
    retention_outbox_body_days: String(settings.retention_outbox_body_days),
    retention_log_days: String(settings.retention_log_days),
  };
}

/** The part of PATCH /settings these controls say; an empty box is NaN, so that the contract calls it missing. */
export function retentionBody(values: RetentionValues): AdminUpdateSettings {
  return {
    retention_guest_days: numberOrEmpty(values.retention_guest_days) ?? Number.NaN,
    retention_cart_days: numberOrEmpty(values.retention_cart_days) ?? Number.NaN,
    retention_unconfirmed_signup_days: numberOrEmpty(values.retention_unconfirmed_signup_days) ?? Number.NaN,
    retention_outbox_body_days: numberOrEmpty(values.retention_outbox_body_days) ?? Number.NaN,
    retention_log_days: numberOrEmpty(values.retention_log_days) ?? Number.NaN,
  };
}

const HELP = {
  retention_guest_days:
    'A guest who placed no order and has not come back for this long is deleted, with their cart and saved addresses. A guest with an order is kept.',
  retention_cart_days: 'A cart nobody has changed for this long is emptied and deleted.',
  retention_unconfirmed_signup_days:
    'An address that signed up for the newsletter but never followed the confirmation link is deleted after this long.',
  retention_outbox_body_days:
    'The text of e-mails sent longer ago is cleared; who each went to, what kind it was, when and how it went are kept.',
  retention_log_days:
    'The audit log and the record of e-mails sent are deleted after this long. The law asks for a year at least.',
} as const satisfies Record<keyof RetentionValues, string>;

interface RetentionFieldsProps {
  /** The prefix of the controls' ids. */
  id: string;
  register: UseFormRegister<RetentionValues>;
  errors: FieldErrors<RetentionValues>;
  disabled: boolean;
}

/** How long the shop keeps personal data (issue 35): a job deletes what is past its time once a day. */
export function RetentionFields({ id, register, errors, disabled }: RetentionFieldsProps) {
  const shown: Record<keyof RetentionValues, string | undefined> = {
    retention_guest_days: errors.retention_guest_days?.message,
    retention_cart_days: errors.retention_cart_days?.message,
    retention_unconfirmed_signup_days: errors.retention_unconfirmed_signup_days?.message,
    retention_outbox_body_days: errors.retention_outbox_body_days?.message,
    retention_log_days: errors.retention_log_days?.message,
  };
  const { control, invalid, field } = sectionControls(id, register, shown, HELP);
  const days = (name: keyof RetentionValues, label: string, least: number) => (
    <Field {...field(name, label)}>
      <div className="input-group settings-card__input">
        <input
          type="number"
          inputMode="numeric"
          step="1"
          min={least}
          max={3650}
          className={`form-control${invalid(name)}`}
          {...control(name)}
        />
        <span className="input-group-text">days</span>
      </div>
    </Field>
  );

  return (
    <fieldset disabled={disabled} className="mt-2">
      <legend className="h6">Keeping personal data</legend>
      <p className="small text-body-secondary">
        Once a day the shop deletes what is past its time. Sessions that ended and spent rate limits go too.
      </p>
      {days('retention_guest_days', 'Forget guests who never ordered after', 7)}
      {days('retention_cart_days', 'Delete carts left untouched for', 7)}
      {days('retention_unconfirmed_signup_days', 'Delete unconfirmed newsletter sign-ups and rights requests after', 1)}
      {days('retention_outbox_body_days', 'Clear sent e-mails’ text after', 7)}
      {days('retention_log_days', 'Keep processing logs for', 365)}
    </fieldset>
  );
}
