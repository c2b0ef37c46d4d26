import { ChangePasswordRequest } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { controlAria, Field } from '@kapaas/web-kit/form';
import { useId, useState } from 'react';
import { PasswordInput } from '#storefront/components/PasswordInput.tsx';
import { ApiError } from '#storefront/lib/api.ts';
import { serverAnswered, serverMessage } from '#storefront/lib/serverMessage.ts';
import { type PasswordChange, useChangePassword } from '../api/useChangePassword';
import { PROFILE_TEXTS } from '../profileTexts';

interface ChangePasswordFormProps {
  /** Called once the server has changed the password, with its notice; the caller logs out after 2 s. */
  onChanged: () => void;
  onCancel: () => void;
}

const FIELDS: { name: keyof PasswordChange; label: string; autoComplete: string }[] = [
  { name: 'old_password', label: 'Current password', autoComplete: 'current-password' },
  { name: 'password', label: 'New password', autoComplete: 'new-password' },
  { name: 'password_confirmation', label: 'Confirm new password', autoComplete: 'new-password' },
];

function failureText(error: unknown): string {
  if (serverAnswered(error)) return serverMessage(error) ?? PROFILE_TEXTS.passwordFailed;
  return PROFILE_TEXTS.passwordError;
}

/**
 * RESET PASSWORD (product.md §2, §5): current, new and confirm, each with show/hide; when new and confirm differ it
 * says 'New passwords do not match.' and sends nothing. Named for what it does, changing a known password, so that it
 * is not taken for web-kit's ResetPasswordForm, which sets a new one through the e-mail's link.
 */
export function ChangePasswordForm({ onChanged, onCancel }: ChangePasswordFormProps) {
  const ids = useId();
  const change = useChangePassword();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(ChangePasswordRequest, {
    defaultValues: { old_password: '', password: '', password_confirmation: '' },
  });

  const submit = async (fields: PasswordChange) => {
    try {
      await change.mutateAsync(fields);
      setDone(true);
      onChanged();
    } catch (error) {
      let fieldErrorShown = false;
      if (error instanceof ApiError) {
        for (const { name } of FIELDS) {
          const [message] = error.errors[name] ?? [];
          if (message) {
            setError(name, { message });
            fieldErrorShown = true;
          }
        }
      }
      if (!fieldErrorShown) setError('root.server', { message: failureText(error) });
    }
  };

  return (
    <section className="profile-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="profile-panel__title">
        Reset Password
      </h2>
      <form noValidate onSubmit={handleSubmit(submit)} className="profile-form">
        <fieldset disabled={isSubmitting || done}>
          <legend className="visually-hidden">Passwords</legend>
          {FIELDS.map(({ name, label, autoComplete }) => {
            const error = errors[name]?.message;
            return (
              <Field key={name} id={`${ids}-${name}`} label={label} error={error}>
                <PasswordInput
                  id={`${ids}-${name}`}
                  autoComplete={autoComplete}
                  toggleLabel={label.toLowerCase()}
                  className={`form-control${error ? ' is-invalid' : ''}`}
                  {...controlAria(`${ids}-${name}`, error)}
                  {...register(name)}
                />
              </Field>
            );
          })}
        </fieldset>
        <FormOutcome error={errors.root?.server?.message} success={done ? PROFILE_TEXTS.passwordReset : null} />
        <div className="profile-form__actions">
          <button type="submit" className="btn btn-primary" disabled={isSubmitting || done}>
            {isSubmitting ? 'Saving…' : 'Reset Password'}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
