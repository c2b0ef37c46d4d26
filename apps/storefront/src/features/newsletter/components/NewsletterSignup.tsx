import { useZodForm } from '@kapaas/web-kit';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { z } from 'zod';
import { ApiError, errorMessage } from '#storefront/lib/api.ts';
import { paths } from '#storefront/lib/paths.ts';
import { useNoticeVersion } from '#storefront/lib/queries/usePrivacyNotice.ts';
import { useNewsletterSubscribe } from '../api/useNewsletterSubscribe';
import '../newsletter.css';

/** The same rules and words as the contact form's e-mail field (product.md §5) and the server's. */
const newsletterSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(254, 'The e-mail address can be at most 254 characters.')
    .pipe(z.email('Invalid email format')),
});

/** The footer's newsletter box: checks the address, subscribes it and thanks the shopper. */
export function NewsletterSignup() {
  const ids = useId();
  const subscribe = useNewsletterSubscribe();
  const noticeVersion = useNoticeVersion();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(newsletterSchema, { defaultValues: { email: '' } });

  const onSubmit = async (request: z.output<typeof newsletterSchema>) => {
    subscribe.reset();
    try {
      const version = await noticeVersion();
      await subscribe.mutateAsync({ ...request, ...(version === undefined ? {} : { notice_version: version }) });
      reset({ email: '' });
    } catch (error) {
      const [fieldError] = error instanceof ApiError ? (error.errors.email ?? []) : [];
      setError('email', { message: fieldError ?? errorMessage(error) });
    }
  };

  const emailId = `${ids}-email`;
  const errorId = `${ids}-error`;
  const invalid = errors.email !== undefined;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="newsletter">
      <label htmlFor={emailId} className="newsletter__label">
        Get gentle notes on new collections and offers.
      </label>
      <div className="newsletter__row">
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          placeholder="Your e-mail address"
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          disabled={isSubmitting}
          {...register('email', { onChange: () => subscribe.isSuccess && subscribe.reset() })}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Subscribing…' : 'Subscribe'}
        </Button>
      </div>
      <p className="newsletter__notice">
        You can stop them from any of our e-mails. See our <Link to={paths.privacy}>privacy notice</Link>.
      </p>
      {invalid && (
        <p id={errorId} className="newsletter__error">
          {errors.email?.message}
        </p>
      )}
      <p className="newsletter__thanks" role="status">
        {subscribe.isSuccess ? subscribe.data.message : ''}
      </p>
    </form>
  );
}
