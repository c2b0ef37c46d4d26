import { ForgotPasswordRequest, ResetPasswordRequest } from '@kapaas/contract';
import { ForgotPasswordForm, ResetPasswordForm } from '@kapaas/web-kit/auth';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { Link } from 'react-router';
import { PasswordInput } from '#storefront/components/PasswordInput.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '#storefront/lib/api.ts';
import { paths } from '#storefront/lib/paths.ts';
import { serverMessage } from '#storefront/lib/serverMessage.ts';
import { useForgotPassword, useResetPassword } from '../api/usePasswordReset';
import '../account.css';

/**
 * Shows a refusal on one of the shop's password forms: the server's error for each of `fields` beside it, and above
 * the button the server's own words, or the network text when it never answered.
 */
function showRefusal<Fields extends FieldValues>(fields: Path<Fields>[]) {
  return (error: unknown, setError: UseFormSetError<Fields>) => {
    if (error instanceof ApiError) {
      for (const name of fields) {
        const [message] = error.errors[name] ?? [];
        if (message) setError(name, { message });
      }
    }
    setError('root.server', { message: serverMessage(error) ?? NETWORK_ERROR_MESSAGE });
  };
}

/** The shop's card around the shared form that asks for a reset link. */
export function ForgotPasswordCard() {
  const forgot = useForgotPassword();
  return (
    <div className="account-card">
      <ForgotPasswordForm
        schema={ForgotPasswordRequest}
        send={forgot.mutateAsync}
        showFailure={showRefusal<ForgotPasswordRequest>(['email'])}
        emailAutoComplete="email"
        intro={{
          text: 'Enter the e-mail address of your account. We will send you a link to choose a new password.',
          className: 'account-card__intro',
        }}
      />
      <p className="account-card__switch">
        Remembered it? <Link to={paths.login}>Back to login</Link>
      </p>
    </div>
  );
}

/** The shop's card around the shared form that chooses a new password through the e-mail's link. */
export function ResetPasswordCard({ token, onChanged }: { token: string; onChanged?: () => void }) {
  const reset = useResetPassword();
  return (
    <div className="account-card">
      <ResetPasswordForm
        token={token}
        schema={ResetPasswordRequest}
        send={reset.mutateAsync}
        showFailure={showRefusal<ResetPasswordRequest>(['password', 'password_confirmation'])}
        paths={{ login: paths.login, forgotPassword: paths.forgotPassword }}
        PasswordInput={PasswordInput}
        intro={{
          text: 'Choose a new password of at least 8 characters. Every device logged in to your account will be signed out.',
          className: 'account-card__intro',
        }}
        {...(onChanged ? { onChanged } : {})}
      />
    </div>
  );
}
