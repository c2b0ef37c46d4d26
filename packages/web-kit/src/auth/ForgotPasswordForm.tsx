import { useId, useState } from 'react';
import { FormOutcome } from '../FormOutcome';
import { TextField } from '../form/Field';
import { useZodForm } from '../useZodForm';
import type { PasswordFormApi } from './passwordForms';

type EmailFields = { email: string };

export interface ForgotPasswordFormProps extends PasswordFormApi<EmailFields> {
  /** The e-mail field's autocomplete: `username` where it is the login's name (the console), else `email`. */
  emailAutoComplete: 'email' | 'username';
}

/**
 * Asks for a reset link, in the shop and in the console: the server answers the same for any address, so the form
 * only repeats what it said, and stays disabled after.
 */
export function ForgotPasswordForm({
  schema,
  send,
  showFailure,
  className,
  intro,
  emailAutoComplete,
}: ForgotPasswordFormProps) {
  const id = useId();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, { defaultValues: { email: '' } });

  const submit = async (fields: EmailFields) => {
    try {
      setSent((await send(fields)).message);
    } catch (error) {
      showFailure(error, setError);
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(submit)}
      className={className}
      aria-describedby={intro ? `${id}-intro` : undefined}
    >
      {intro && (
        <p id={`${id}-intro`} className={intro.className}>
          {intro.text}
        </p>
      )}
      <fieldset disabled={isSubmitting || sent !== null}>
        <legend className="visually-hidden">Your e-mail</legend>
        <TextField
          id={`${id}-email`}
          label="E-mail"
          type="email"
          autoComplete={emailAutoComplete}
          error={errors.email?.message}
          {...register('email')}
        />
      </fieldset>
      <FormOutcome error={errors.root?.server?.message} success={sent} />
      {sent === null && (
        <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send the link'}
        </button>
      )}
    </form>
  );
}
