import { type ComponentPropsWithRef, useState } from 'react';
import './passwordInput.css';

type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  /** The field's name, read out on the toggle: "Show password", "Show new password". */
  toggleLabel?: string;
};

/** A password field with a show/hide toggle (product.md §2: the password fields have show/hide toggles). */
export function PasswordInput({ toggleLabel = 'password', className = 'form-control', ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="input-group password-input">
      <input {...props} type={visible ? 'text' : 'password'} className={className} />
      <button
        type="button"
        className="btn btn-outline-secondary password-input__toggle"
        aria-label={`${visible ? 'Hide' : 'Show'} ${toggleLabel}`}
        onClick={() => setVisible((shown) => !shown)}
        disabled={props.disabled}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}
