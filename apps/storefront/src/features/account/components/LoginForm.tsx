import { LoginRequest } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PasswordInput } from '#storefront/components/PasswordInput.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '#storefront/lib/api.ts';
import { useDelayedNavigate } from '#storefront/lib/useDelayedNavigate.ts';
import { ACCOUNT_TEXTS, LOGIN_REDIRECT_MS } from '../accountTexts';
import { useLogin } from '../api/useLogin';
import type { PendingItem } from '../pendingItem';
import { ContinueAsGuestButton } from './ContinueAsGuestButton';
import '../account.css';
import { paths } from '#storefront/lib/paths.ts';
import { serverAnswered, serverMessage } from '#storefront/lib/serverMessage.ts';

/** Product.md §5: user_name (e-mail or mobile) and password required; the same rules as the server's. */
const loginSchema = LoginRequest.pick({ user_name: true, password: true });
type LoginFields = { user_name: string; password: string };

interface LoginFormProps {
  /** The item brought along from the product page (navigation state); it goes into the cart after login. */
  item?: PendingItem;
  /** Told once a session has started, so the header's cart badge can refresh (the server merged the guest cart). */
  onSessionStarted?: () => void;
}

function failureText(error: unknown): string {
  if (serverAnswered(error)) return serverMessage(error) ?? ACCOUNT_TEXTS.loginInvalid;
  return NETWORK_ERROR_MESSAGE;
}

/** Login with e-mail or mobile (product.md §2, §4): on success the name is remembered and the shopper goes home after 1 s. */
export function LoginForm({ item, onSessionStarted }: LoginFormProps) {
  const ids = useId();
  const login = useLogin();
  const navigateLater = useDelayedNavigate();
  const [welcome, setWelcome] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(loginSchema, { defaultValues: { user_name: '', password: '' } });

  const submit = async (fields: LoginFields) => {
    setWelcome(null);
    try {
      const answer = await login.mutateAsync({ ...fields, ...item });
      onSessionStarted?.();
      if (answer.cart_message) setError('root.server', { message: answer.cart_message });
      setWelcome(answer.message);
      navigateLater('/', LOGIN_REDIRECT_MS);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const name of ['user_name', 'password'] as const) {
          const [message] = error.errors[name] ?? [];
          if (message) setError(name, { message });
        }
      }
      setError('root.server', { message: failureText(error) });
    }
  };

  const busy = isSubmitting || welcome !== null;
  const described = (name: 'user_name' | 'password') => (errors[name] ? `${ids}-${name}-error` : undefined);

  return (
    <div className="account-card">
      <form noValidate onSubmit={handleSubmit(submit)} aria-describedby={`${ids}-intro`}>
        <p id={`${ids}-intro`} className="account-card__intro">
          Log in with your e-mail address or mobile number.
        </p>
        <fieldset disabled={busy}>
          <legend className="visually-hidden">Login details</legend>
          <div className="mb-3">
            <label htmlFor={`${ids}-user_name`} className="form-label">
              E-mail or mobile number
            </label>
            <input
              id={`${ids}-user_name`}
              type="text"
              autoComplete="username"
              className={`form-control${errors.user_name ? ' is-invalid' : ''}`}
              aria-invalid={errors.user_name !== undefined}
              aria-describedby={described('user_name')}
              {...register('user_name')}
            />
            {errors.user_name && (
              <div id={`${ids}-user_name-error`} className="invalid-feedback d-block">
                {errors.user_name.message}
              </div>
            )}
          </div>
          <div className="mb-3">
            <label htmlFor={`${ids}-password`} className="form-label">
              Password
            </label>
            <PasswordInput
              id={`${ids}-password`}
              autoComplete="current-password"
              className={`form-control${errors.password ? ' is-invalid' : ''}`}
              aria-invalid={errors.password !== undefined}
              aria-describedby={described('password')}
              {...register('password')}
            />
            {errors.password && (
              <div id={`${ids}-password-error`} className="invalid-feedback d-block">
                {errors.password.message}
              </div>
            )}
            <div className="mt-2 text-end">
              <Link to={paths.forgotPassword}>Forgot password?</Link>
            </div>
          </div>
        </fieldset>
        <FormOutcome error={errors.root?.server?.message} success={welcome} />
        <button type="submit" className="btn btn-primary w-100" disabled={busy}>
          {isSubmitting ? 'Logging in…' : 'Login'}
        </button>
      </form>
      <div className="account-card__divider">
        <span>or</span>
      </div>
      <ContinueAsGuestButton item={item} onStarted={onSessionStarted} />
      <p className="account-card__switch">
        New to Kapaas?{' '}
        <Link to={paths.register} state={item}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
