import type { ProductSize } from '@kapaas/contract';
import { useZodForm } from '@kapaas/web-kit';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { z } from 'zod';
import { ApiError, errorMessage } from '#storefront/lib/api.ts';
import { readIdentity } from '#storefront/lib/session.ts';
import { useStockAlert } from '../../api/useStockAlert';

/** The same rules and words as the newsletter box's e-mail field and the server's. */
const notifySchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'Email is required', abort: true })
    .max(254, 'The e-mail address can be at most 254 characters.')
    .pipe(z.email('Invalid email format')),
});

interface NotifyMeFormProps {
  id: string;
  productId: number;
  size: ProductSize;
}

/**
 * The small form "Notify me" opens under a sold-out size: an e-mail address (a logged-in shopper's own, filled in),
 * sent with `stock_alert`; the shop's answer shows beside the button, a refusal beside the field.
 */
export function NotifyMeForm({ id, productId, size }: NotifyMeFormProps) {
  const ids = useId();
  const alert = useStockAlert();
  const identity = readIdentity();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(notifySchema, { defaultValues: { email: identity.kind === 'user' ? (identity.email ?? '') : '' } });

  const onSubmit = async (request: z.output<typeof notifySchema>) => {
    alert.reset();
    try {
      await alert.mutateAsync({ product_id: productId, size_id: size.size_id, email: request.email });
    } catch (error) {
      const [fieldError] = error instanceof ApiError ? (error.errors.email ?? []) : [];
      setError('email', { message: fieldError ?? errorMessage(error) });
    }
  };

  const emailId = `${ids}-email`;
  const errorId = `${ids}-error`;
  const invalid = errors.email !== undefined;

  return (
    <form
      id={id}
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      className="notify-me"
      aria-label={`Notify me: ${size.size}`}
    >
      <label htmlFor={emailId} className="notify-me__label">
        Size {size.size} is sold out. We will write to you once when it is back.
      </label>
      <div className="notify-me__row">
        <input
          id={emailId}
          type="email"
          autoComplete="email"
          placeholder="Your e-mail address"
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          disabled={isSubmitting}
          {...register('email', { onChange: () => alert.isSuccess && alert.reset() })}
        />
        <Button type="submit" variant="outline-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Notify me'}
        </Button>
        <p className="notify-me__answer" role="status">
          {alert.isSuccess ? alert.data.message : ''}
        </p>
      </div>
      {invalid && (
        <p id={errorId} className="notify-me__error">
          {errors.email?.message}
        </p>
      )}
    </form>
  );
}
