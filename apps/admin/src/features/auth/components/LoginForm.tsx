import { AdminLoginRequest } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { describedBy, Field } from '#admin/components/form/Field.tsx';
import { showServerErrors } from '#admin/lib/forms.ts';
import { lastSignedOutReason } from '#admin/lib/session.ts';
import { useLogin } from '../api/useLogin';

type LoginFields = { email: string; password: string };

const SIGNED_OUT_NOTICE = {
  none: null,
  logout: 'You have logged out.',
  expired: 'Your session has ended. Please log in again.',
} as const;

/** The console's door: e-mail and password, checked as the server checks them. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const id = useId();
  const login = useLogin();
  const notice = SIGNED_OUT_NOTICE[lastSignedOutReason()];
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(AdminLoginRequest, { defaultValues: { email: '', password: '' } });

  const submit = async (fields: LoginFields) => {
    try {
      await login.mutateAsync(fields);
      onLoggedIn();
    } catch (error) {
      showServerErrors(error, setError);
    }
  };

  const emailError = errors.email?.message;
  const passwordError = errors.password?.message;
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="login-form">
      {notice && !errors.root?.server && (
        <Alert variant="info" role="status">
          {notice}
        </Alert>
      )}
      <fieldset disabled={isSubmitting}>
        <legend className="visually-hidden">Your login</legend>
        <Field id={`${id}-email`} label="E-mail" error={emailError}>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="username"
            className={`form-control${emailError ? ' is-invalid' : ''}`}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={describedBy(`${id}-email`, emailError)}
            {...register('email')}
          />
        </Field>
        <Field id={`${id}-password`} label="Password" error={passwordError}>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            className={`form-control${passwordError ? ' is-invalid' : ''}`}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={describedBy(`${id}-password`, passwordError)}
            {...register('password')}
          />
        </Field>
      </fieldset>
      <FormOutcome error={errors.root?.server?.message} />
      <Button type="submit" className="w-100" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in…' : 'Log in'}
      </Button>
    </form>
  );
}
