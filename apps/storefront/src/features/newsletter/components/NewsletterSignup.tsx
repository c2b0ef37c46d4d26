import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError, errorMessage } from '#storefront/lib/api.ts';
import { paths } from '#storefront/lib/paths.ts';
import { useNoticeVersion } from '#storefront/lib/queries/usePrivacyNotice.ts';
import { useNewsletterSubscribe } from '../api/useNewsletterSubscribe';
import '../newsletter.css';

/**
 * zod's e-mail pattern (`z.regexes.email`), which the server's `ContactEmail` checks with: copied rather than imported,
 * so that the footer on every page builds no zod schema and starts no form library (issue 40).
 */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The same rules and words as the contact form's e-mail field (product.md §5) and the server's; null when it passes. */
export function newsletterEmailError(email: string): string | null {
  if (email === '') return 'Email is required';
  if (email.length > 254) return 'The e-mail address can be at most 254 characters.';
  return EMAIL_PATTERN.test(email) ? null : 'Invalid email format';
}

/** The footer's newsletter box: checks the address when sent, subscribes it and thanks the shopper. */
export function NewsletterSignup() {
  const ids = useId();
  const subscribe = useNewsletterSubscribe();
  const noticeVersion = useNoticeVersion();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '').trim();
    subscribe.reset();
    const invalid = newsletterEmailError(email);
    setError(invalid);
    if (invalid !== null) return;
    setSubmitting(true);
    try {
      const version = await noticeVersion();
      await subscribe.mutateAsync({ email, ...(version === undefined ? {} : { notice_version: version }) });
      form.reset();
    } catch (failure) {
      const [fieldError] = failure instanceof ApiError ? (failure.errors.email ?? []) : [];
      setError(fieldError ?? errorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  };

  const emailId = `${ids}-email`;
  const errorId = `${ids}-error`;
  const invalid = error !== null;

  return (
    <form noValidate onSubmit={onSubmit} className="newsletter">
      <label htmlFor={emailId} className="newsletter__label">
        Get gentle notes on new collections and offers.
      </label>
      <div className="newsletter__row">
        <input
          id={emailId}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="Your e-mail address"
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          readOnly={submitting}
          onChange={() => subscribe.isSuccess && subscribe.reset()}
        />
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      <p className="newsletter__notice">
        You can stop them from any of our e-mails. See our <Link to={paths.privacy}>privacy notice</Link>.
      </p>
      {invalid && (
        <p id={errorId} className="newsletter__error">
          {error}
        </p>
      )}
      <p className="newsletter__thanks" role="status">
        {subscribe.isSuccess ? subscribe.data.message : ''}
      </p>
    </form>
  );
}
