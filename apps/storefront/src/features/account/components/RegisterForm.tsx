import { type ConsentPurpose, RegisterRequest } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConsentBoxes } from '#storefront/components/ConsentBoxes.tsx';
import { PasswordInput } from '#storefront/components/PasswordInput.tsx';
import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '#storefront/lib/api.ts';
import { ACCOUNT_TEXTS } from '../accountTexts';
import { useRegister } from '../api/useRegister';
import type { PendingItem } from '../pendingItem';
import { ContinueAsGuestButton } from './ContinueAsGuestButton';
import '../account.css';
import { paths } from '#storefront/lib/paths.ts';
import { useNoticeVersion } from '#storefront/lib/queries/usePrivacyNotice.ts';
import { serverAnswered, serverMessage } from '#storefront/lib/serverMessage.ts';

interface RegisterFields {
  name: string;
  email: string;
  phone: string;
  password: string;
  password_confirmation: string;
}

const FIELDS: { name: keyof RegisterFields; label: string; type: string; autoComplete: string }[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Mobile number', type: 'tel', autoComplete: 'tel-national' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'password_confirmation', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
];

/** What the sign-up form offers to send besides the account's own messages (issue 35). */
const SIGN_UP_CONSENTS: readonly ConsentPurpose[] = ['marketing_email', 'cart_reminders'];

/** Product.md §8: the error map's messages joined with spaces, else the server's message, else 'Registration failed'. */
export function registerFailureText(error: unknown): string {
  if (!serverAnswered(error)) return NETWORK_ERROR_MESSAGE;
  const joined = error instanceof ApiError ? Object.values(error.errors).flat().join(' ') : '';
  return joined || serverMessage(error) || ACCOUNT_TEXTS.registerFailed;
}

interface RegisterFormProps {
  item?: PendingItem;
  onSessionStarted?: () => void;
}

/** Registration (product.md §2, §5): on success the notice, then the login page with the item passed along (product.md §4). */
export function RegisterForm({ item, onSessionStarted }: RegisterFormProps) {
  const ids = useId();
  const registerAccount = useRegister();
  const popup = usePopup();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(RegisterRequest, {
    defaultValues: { name: '', email: '', phone: '', password: '', password_confirmation: '' },
  });

  const [registered, setRegistered] = useState(false);
  const [consents, setConsents] = useState<ConsentPurpose[]>([]);
  const noticeVersion = useNoticeVersion();

  const submit = async (fields: RegisterFields) => {
    try {
      const version = await noticeVersion();
      await registerAccount.mutateAsync({
        ...fields,
        ...(consents.length > 0 ? { consents } : {}),
        ...(version === undefined ? {} : { notice_version: version }),
      });
      setRegistered(true);
      popup.success(ACCOUNT_TEXTS.registered);
      navigate(paths.login, item ? { state: item } : undefined);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const { name } of FIELDS) {
          const [message] = error.errors[name] ?? [];
          if (message) setError(name, { message });
        }
      }
      setError('root.server', { message: registerFailureText(error) });
    }
  };

  return (
    <div className="account-card">
      <form noValidate onSubmit={handleSubmit(submit)}>
        <fieldset disabled={isSubmitting || registered}>
          <legend className="visually-hidden">Your details</legend>
          {FIELDS.map(({ name, label, type, autoComplete }) => {
            const invalid = errors[name] !== undefined;
            const common = {
              id: `${ids}-${name}`,
              autoComplete,
              className: `form-control${invalid ? ' is-invalid' : ''}`,
              'aria-invalid': invalid,
              'aria-describedby': invalid ? `${ids}-${name}-error` : undefined,
              ...register(name),
            };
            return (
              <div className="mb-3" key={name}>
                <label htmlFor={`${ids}-${name}`} className="form-label">
                  {label}
                </label>
                {type === 'password' ? (
                  <PasswordInput {...common} toggleLabel={label.toLowerCase()} />
                ) : (
                  <input
                    {...common}
                    type={type}
                    inputMode={name === 'phone' ? 'numeric' : undefined}
                    maxLength={name === 'phone' ? 10 : undefined}
                  />
                )}
                {invalid && (
                  <div id={`${ids}-${name}-error`} className="invalid-feedback d-block">
                    {errors[name]?.message}
                  </div>
                )}
              </div>
            );
          })}
          <ConsentBoxes offered={SIGN_UP_CONSENTS} ticked={consents} onChange={setConsents} />
        </fieldset>
        <FormOutcome error={errors.root?.server?.message} />
        <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Register'}
        </button>
      </form>
      <div className="account-card__divider">
        <span>or</span>
      </div>
      <ContinueAsGuestButton item={item} onStarted={onSessionStarted} />
      <p className="account-card__switch">
        Already have an account?{' '}
        <Link to={paths.login} state={item}>
          Login
        </Link>
      </p>
    </div>
  );
}
