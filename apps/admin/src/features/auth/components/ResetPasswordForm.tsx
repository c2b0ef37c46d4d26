import { AdminResetPasswordRequest } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { describedBy, Field } from '#admin/components/form/Field.tsx';
import { ApiError } from '#admin/lib/api.ts';
import { showServerErrors } from '#admin/lib/forms.ts';
import { paths } from '#admin/lib/paths.ts';
import { useResetPassword } from '../api/usePasswordReset';

type PasswordField = 'password' | 'password_confirmation';

const FIELDS: { name: PasswordField; label: string }[] = [
  { name: 'password', label: 'New password' },
  { name: 'password_confirmation', label: 'Confirm new password' },
];

/** The server's codes for a link that can no longer be used: the admin needs a new one, not another try. */
const DEAD_LINK = new Set(['RESET_LINK_INVALID', 'RESET_LINK_USED', 'RESET_LINK_EXPIRED']);

export const INCOMPLETE_LINK = 'This link is not complete. Open the link from the e-mail again, or ask for a new one.';

/** Chooses a new password through the e-mail's link (`token`); on success says so and offers the login. */
export function ResetPasswordForm({ token }: { token: string }) {
  const id = useId();
  const resetPassword = useResetPassword();
  const [changed, setChanged] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(AdminResetPasswordRequest, { defaultValues: { token, password: '', password_confirmation: '' } });

  const submit = async (fields: AdminResetPasswordRequest) => {
    try {
      setChanged((await resetPassword.mutateAsync({ ...fields, token })).message);
    } catch (error) {
      if (error instanceof ApiError && error.code && DEAD_LINK.has(error.code)) setDeadLink(true);
      showServerErrors(error, setError);
    }
  };

  if (!token) {
    return (
      <>
        <FormOutcome error={INCOMPLETE_LINK} />
        <Link to={paths.forgotPassword} className="btn btn-primary w-100">
          Ask for a new link
        </Link>
      </>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="login-form">
      <fieldset disabled={isSubmitting || changed !== null || deadLink}>
        <legend className="visually-hidden">Your new password</legend>
        {FIELDS.map(({ name, label }) => {
          const error = errors[name]?.message;
          return (
            <Field key={name} id={`${id}-${name}`} label={label} error={error}>
              <input
                id={`${id}-${name}`}
                type="password"
                autoComplete="new-password"
                className={`form-control${error ? ' is-invalid' : ''}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(`${id}-${name}`, error)}
                {...register(name)}
              />
            </Field>
          );
        })}
      </fieldset>
      <FormOutcome error={errors.root?.server?.message} success={changed} />
      {changed === null && !deadLink && (
        <Button type="submit" className="w-100" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save the new password'}
        </Button>
      )}
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
    </form>
  );
}
