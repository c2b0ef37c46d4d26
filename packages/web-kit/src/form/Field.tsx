// Imported as `@kapaas/web-kit/form`, not through the main barrel, which every public page of the shop loads.
import type { ComponentPropsWithRef, ReactNode } from 'react';

/**
 * The error to show below the hint: none when the error says what the hint says (the product's "Pin code must be 6
 * digits"), which is shown once, as the hint in red.
 */
function errorBesideHint(error: string | undefined, help: string | undefined): string | undefined {
  return error && error !== help ? error : undefined;
}

/** The ids a control's aria-describedby should name: its hint and its error, when shown. */
export function describedBy(id: string, error: string | undefined, help?: string): string | undefined {
  const ids = [help ? `${id}-help` : null, errorBesideHint(error, help) ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The attributes that tie a control to its hint and error: what assistive technology reads with it. */
export function controlAria(id: string, error: string | undefined, help?: string) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, error, help) } as const;
}

/** The hint and the error beside a control, with the ids {@link describedBy} names. */
function FieldNotes({ id, error, help }: { id: string; error?: string | undefined; help?: string | undefined }) {
  const shownError = errorBesideHint(error, help);
  return (
    <>
      {help && (
        <div id={`${id}-help`} className={error === help ? 'form-text text-danger' : 'form-text'}>
          {help}
        </div>
      )}
      {shownError && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {shownError}
        </div>
      )}
    </>
  );
}

export interface FieldProps {
  /** The id of the control inside, which the label points at. */
  id: string;
  label: ReactNode;
  /** The problem to show under the control. */
  error?: string | undefined;
  /** A hint under the control. */
  help?: string | undefined;
  /** For a group of controls (a grid, a chosen list): a fieldset whose legend names the group. */
  group?: boolean;
  className?: string;
  children: ReactNode;
}

/** A labelled form control with its hint and its error, the same way on every screen of both apps. */
export function Field({ id, label, error, help, group, className = 'mb-3', children }: FieldProps) {
  if (group) {
    return (
      <fieldset className={`field-group ${className}`}>
        <legend id={`${id}-label`} className="form-label">
          {label}
        </legend>
        {children}
        <FieldNotes id={id} error={error} help={help} />
      </fieldset>
    );
  }
  return (
    <div className={className}>
      <label id={`${id}-label`} htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
      <FieldNotes id={id} error={error} help={help} />
    </div>
  );
}

/** What every field primitive takes besides its control's own attributes (`register(name)` spreads into those). */
interface ControlFieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  help?: string | undefined;
  /** The class of the wrapper; `mb-3` unless given. */
  fieldClassName?: string;
}

/** Bootstrap's class for a control, with `is-invalid` while it shows an error. */
function controlClass(base: string, error: string | undefined, extra?: string): string {
  return [base, error ? 'is-invalid' : '', extra ?? ''].filter(Boolean).join(' ');
}

export type TextFieldProps = ControlFieldProps & Omit<ComponentPropsWithRef<'input'>, 'id'>;

/** A labelled text input (text, e-mail, number, password…) with its hint and error. */
export function TextField({ id, label, error, help, fieldClassName, className, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} help={help} className={fieldClassName}>
      <input
        id={id}
        type="text"
        {...input}
        className={controlClass('form-control', error, className)}
        {...controlAria(id, error, help)}
      />
    </Field>
  );
}

export type TextareaFieldProps = ControlFieldProps & Omit<ComponentPropsWithRef<'textarea'>, 'id'>;

/** A labelled textarea with its hint and error. */
export function TextareaField({ id, label, error, help, fieldClassName, className, ...textarea }: TextareaFieldProps) {
  return (
    <Field id={id} label={label} error={error} help={help} className={fieldClassName}>
      <textarea
        id={id}
        {...textarea}
        className={controlClass('form-control', error, className)}
        {...controlAria(id, error, help)}
      />
    </Field>
  );
}

export type SelectFieldProps = ControlFieldProps &
  Omit<ComponentPropsWithRef<'select'>, 'id'> & {
    /** The choices, in order; `children` may give them instead. */
    options?: readonly { value: string; label: string }[];
  };

/** A labelled select with its hint and error. */
export function SelectField(props: SelectFieldProps) {
  const { id, label, error, help, fieldClassName, className, options, children, ...select } = props;
  return (
    <Field id={id} label={label} error={error} help={help} className={fieldClassName}>
      <select
        id={id}
        {...select}
        className={controlClass('form-select', error, className)}
        {...controlAria(id, error, help)}
      >
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
    </Field>
  );
}

export type CheckboxFieldProps = ControlFieldProps & Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'>;

/** A checkbox with its label after it, as Bootstrap's form-check lays it out, and its hint and error below. */
export function CheckboxField(props: CheckboxFieldProps) {
  const { id, label, error, help, fieldClassName = 'mb-3', className, ...input } = props;
  return (
    <div className={`form-check ${fieldClassName}`}>
      <input
        id={id}
        type="checkbox"
        {...input}
        className={controlClass('form-check-input', error, className)}
        {...controlAria(id, error, help)}
      />
      <label id={`${id}-label`} htmlFor={id} className="form-check-label">
        {label}
      </label>
      <FieldNotes id={id} error={error} help={help} />
    </div>
  );
}
