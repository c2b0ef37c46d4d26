import { ResetPasswordRequest } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PasswordInput } from '#storefront/components/PasswordInput.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '#storefront/lib/api.ts';
import { paths } from '#storefront/lib/paths.ts';
import { serverAnswered, serverMessage } from '#storefront/lib/serverMessage.ts';
import { useResetPassword } from '../api/usePasswordReset';
import '../account.css';

type PasswordField = 'password' | 'password_confirmation';

const FIELDS: { name: PasswordField; label: string }[] = [
  { name: 'password', label: 'New password' },
  { name: 'password_confirmation', label: 'Confirm new password' },
];

/** The server's codes for a link that can no longer be used: the shopper needs a new one, not another try. */
const DEAD_LINK = new Set(['RESET_LINK_INVALID', 'RESET_LINK_USED', 'RESET_LINK_EXPIRED']);

export const INCOMPLETE_LINK = 'This link is not complete. Open the link from the e-mail again, or ask for a new one.';

interface ResetPasswordFormProps {
  /** The token of the e-mail's link (`?token=`); empty when the link was cut short. */
  token: string;
  /** Told once the password changed: every session of the account ended, this browser's too. */
  onChanged?: () => void;
}

/** Chooses a new password through the e-mail's link; on success says so and offers the login. */
export function ResetPasswordForm({ token, onChanged }: ResetPasswordFormProps) {
  const ids = useId();
  const resetPassword = useResetPassword();
  const [changed, setChanged] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(ResetPasswordRequest, { defaultValues: { token, password: '', password_confirmation: '' } });

  const submit = async (fields: ResetPasswordRequest) => {
    try {
      const answer = await resetPassword.mutateAsync({ ...fields, token });
      setChanged(answer.message);
      onChanged?.();
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { name } of FIELDS) {
          const [message] = error.errors[name] ?? [];
          if (message) setError(name, { message });
        }
        if (error.code && DEAD_LINK.has(error.code)) setDeadLink(true);
      }
      const text = serverAnswered(error) ? serverMessage(error) : null;
      setError('root.server', { message: text ?? NETWORK_ERROR_MESSAGE });
    }
  };

  if (!token) {
    return (
      <div className="account-card">
        <FormOutcome error={INCOMPLETE_LINK} />
        <Link to={paths.forgotPassword} className="btn btn-primary w-100">
          Ask for a new link
        </Link>
      </div>
    );
  }

  return (
    <div className="account-card">
      <form noValidate onSubmit={handleSubmit(submit)} aria-describedby={`${ids}-intro`}>
        <p id={`${ids}-intro`} className="account-card__intro">
          Choose a new password of at least 8 characters. Every device logged in to your account will be signed out.
        </p>
        <fieldset disabled={isSubmitting || changed !== null || deadLink}>
          <legend className="visually-hidden">Your new password</legend>
          {FIELDS.map(({ name, label }) => {
            const invalid = errors[name] !== undefined;
            return (
              <div className="mb-3" key={name}>
                <label htmlFor={`${ids}-${name}`} className="form-label">
                  {label}
                </label>
                <PasswordInput
                  id={`${ids}-${name}`}
                  autoComplete="new-password"
                  toggleLabel={label.toLowerCase()}
                  className={`form-control${invalid ? ' is-invalid' : ''}`}
                  aria-invalid={invalid}
                  aria-describedby={invalid ? `${ids}-${name}-error` : undefined}
                  {...register(name)}
                />
                {invalid && (
                  <div id={`${ids}-${name}-error`} className="invalid-feedback d-block">
                    {errors[name]?.message}
                  </div>
                )}
              </div>
            );
          })}
        </fieldset>
        <FormOutcome error={errors.root?.server?.message} success={changed} />
        {changed === null && !deadLink && (
          <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save the new password'}
          </button>
        )}
      </form>
      {changed !== null && (
        <Link to={paths.login} className="btn btn-primary w-100">
          Log in
        </Link>
      )}
      {deadLink && (
        <Link to={paths.forgotPassword} className="btn btn-primary w-100">
          Ask for a new link
        </Link>
      )}
    </div>
  );
}
