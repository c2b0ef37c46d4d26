import { AdminForgotPasswordRequest } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { describedBy, Field } from '#admin/components/form/Field.tsx';
import { showServerErrors } from '#admin/lib/forms.ts';
import { useForgotPassword } from '../api/usePasswordReset';

/** Asks for a reset link; the shop answers the same for any address, so the screen repeats what it said. */
export function ForgotPasswordForm() {
  const id = useId();
  const forgot = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(AdminForgotPasswordRequest, { defaultValues: { email: '' } });

  const submit = async (fields: { email: string }) => {
    try {
      setSent((await forgot.mutateAsync(fields)).message);
    } catch (error) {
      showServerErrors(error, setError);
    }
  };

  const emailError = errors.email?.message;
  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="login-form">
      <fieldset disabled={isSubmitting || sent !== null}>
        <legend className="visually-hidden">Your e-mail</legend>
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
      </fieldset>
      <FormOutcome error={errors.root?.server?.message} success={sent} />
      {sent === null && (
        <Button type="submit" className="w-100" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send the link'}
        </Button>
      )}
    </form>
  );
}
