import type { InputHTMLAttributes } from 'react';
import { describedBy } from './Field';

interface SwitchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  /** The id of the switch, which its label, hint and error are named after. */
  id: string;
  label: string;
  help?: string | undefined;
  error?: string | undefined;
}

/**
 * An on/off setting: a checkbox drawn as a switch, its label beside it, its hint and error under it. It stays a plain
 * checkbox to assistive technology: react-hook-form leaves it uncontrolled, so an aria-checked could go stale.
 */
export function SwitchField({ id, label, help, error, className = 'mb-3', ...input }: SwitchFieldProps) {
  return (
    <div className={`form-check form-switch ${className}`}>
      <input
        id={id}
        type="checkbox"
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, help)}
        {...input}
      />
      <label htmlFor={id} className="form-check-label">
        {label}
      </label>
      {help && (
        <div id={`${id}-help`} className="form-text mt-0">
          {help}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </div>
  );
}
