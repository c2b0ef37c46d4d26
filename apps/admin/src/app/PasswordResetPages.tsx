import { AdminForgotPasswordRequest, AdminResetPasswordRequest } from '@kapaas/contract';
import { ForgotPasswordForm, ResetPasswordForm } from '@kapaas/web-kit/auth';
import { Link, useSearchParams } from 'react-router';
import { useForgotPassword, useResetPassword } from '../features/auth/api/usePasswordReset';
import { showServerErrors } from '../lib/forms';
import { paths } from '../lib/paths';

/** /forgot-password: public, like the login; asks for a reset link by e-mail (the form is the shop's too). */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  return (
    <main className="login-page">
      <div className="login-card">
        <h1 className="login-card__title">Forgot password</h1>
        <p className="text-body-secondary">
          Enter the e-mail of your admin account. We will send you a link to choose a new password.
        </p>
        <ForgotPasswordForm
          schema={AdminForgotPasswordRequest}
          send={forgot.mutateAsync}
          showFailure={showServerErrors}
          emailAutoComplete="username"
          className="login-form"
        />
        <p className="mt-3 mb-0 text-center">
          <Link to={paths.login}>Back to login</Link>
        </p>
      </div>
    </main>
  );
}

/** /reset-password?token=…: the e-mail's link; public, like the login. */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const reset = useResetPassword();
  return (
    <main className="login-page">
      <div className="login-card">
        <h1 className="login-card__title">Choose a new password</h1>
        <p className="text-body-secondary">
          At least 12 characters. Every session of your account will end, here and on other devices.
        </p>
        <ResetPasswordForm
          token={token}
          schema={AdminResetPasswordRequest}
          send={reset.mutateAsync}
          showFailure={showServerErrors}
          paths={{ login: paths.login, forgotPassword: paths.forgotPassword }}
          className="login-form"
        />
      </div>
    </main>
  );
}
