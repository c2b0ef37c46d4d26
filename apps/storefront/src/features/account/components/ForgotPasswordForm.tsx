import { ForgotPasswordRequest } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, NETWORK_ERROR_MESSAGE } from '#storefront/lib/api.ts';
import { paths } from '#storefront/lib/paths.ts';
import { serverAnswered, serverMessage } from '#storefront/lib/serverMessage.ts';
import { useForgotPassword } from '../api/usePasswordReset';
import '../account.css';

type ForgotFields = { email: string };

/** Asks for a reset link: the shop answers the same for any address, so the page only repeats what it said. */
export function ForgotPasswordForm() {
  const ids = useId();
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(ForgotPasswordRequest, { defaultValues: { email: '' } });

  const submit = async (fields: ForgotFields) => {
    try {
      setSent((await forgot.mutateAsync(fields)).message);
    } catch (error) {
      const [fieldError] = error instanceof ApiError ? (error.errors.email ?? []) : [];
      if (fieldError) setError('email', { message: fieldError });
      setError('root.server', {
        message: serverAnswered(error) ? (serverMessage(error) ?? NETWORK_ERROR_MESSAGE) : NETWORK_ERROR_MESSAGE,
      });
    }
  };

  const invalid = errors.email !== undefined;
  return (
    <div className="account-card">
      <form noValidate onSubmit={handleSubmit(submit)} aria-describedby={`${ids}-intro`}>
        <p id={`${ids}-intro`} className="account-card__intro">
          Enter the e-mail address of your account. We will send you a link to choose a new password.
        </p>
        <fieldset disabled={isSubmitting || sent !== null}>
          <legend className="visually-hidden">Your e-mail</legend>
          <div className="mb-3">
            <label htmlFor={`${ids}-email`} className="form-label">
              E-mail
            </label>
            <input
              id={`${ids}-email`}
              type="email"
              autoComplete="email"
              className={`form-control${invalid ? ' is-invalid' : ''}`}
              aria-invalid={invalid}
              aria-describedby={invalid ? `${ids}-email-error` : undefined}
              {...register('email')}
            />
            {invalid && (
              <div id={`${ids}-email-error`} className="invalid-feedback d-block">
                {errors.email?.message}
              </div>
            )}
          </div>
        </fieldset>
        <FormOutcome error={errors.root?.server?.message} success={sent} />
        {sent === null && (
          <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Send the link'}
          </button>
        )}
      </form>
      <p className="account-card__switch">
        Remembered it? <Link to={paths.login}>Back to login</Link>
      </p>
    </div>
  );
}
