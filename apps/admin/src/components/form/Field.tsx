import type { ReactNode } from 'react';

interface FieldProps {
  /** The id of the control inside, which the label points at. */
  id: string;
  label: string;
  /** The problem to show under the control. */
  error?: string | undefined;
  /** A hint under the label. */
  help?: string | undefined;
  /** For a group of controls (a grid, a chosen list): a fieldset whose legend names the group. */
  group?: boolean;
  className?: string;
  children: ReactNode;
}

/** The ids a control's aria-describedby should name: its hint and its error, when shown. */
export function describedBy(id: string, error: string | undefined, help?: string): string | undefined {
  const ids = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A labelled form control with its hint and its error, the same way on every screen. */
export function Field({ id, label, error, help, group, className = 'mb-3', children }: FieldProps) {
  const notes = (
    <>
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </>
  );
  if (group) {
    return (
      <fieldset className={`field-group ${className}`}>
        <legend id={`${id}-label`} className="form-label">
          {label}
        </legend>
        {children}
        {notes}
      </fieldset>
    );
  }
  return (
    <div className={className}>
      <label id={`${id}-label`} htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
      {notes}
    </div>
  );
}
