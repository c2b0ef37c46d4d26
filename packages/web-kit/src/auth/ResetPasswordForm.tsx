import { type ComponentPropsWithRef, type ComponentType, useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api-error';
import { FormOutcome } from '../FormOutcome';
import { controlAria, Field } from '../form/Field';
import { useZodForm } from '../useZodForm';
import type { PasswordFormApi } from './passwordForms';

type ResetFields = { token: string; password: string; password_confirmation: string };

const FIELDS: { name: 'password' | 'password_confirmation'; label: string }[] = [
  { name: 'password', label: 'New password' },
  { name: 'password_confirmation', label: 'Confirm new password' },
];

/** The server's codes for a link that can no longer be used: a new link is needed, not another try. */
const DEAD_LINK = new Set(['RESET_LINK_INVALID', 'RESET_LINK_USED', 'RESET_LINK_EXPIRED']);

export const INCOMPLETE_LINK = 'This link is not complete. Open the link from the e-mail again, or ask for a new one.';

/** A password input: a plain one, or the shop's with its show/hide toggle (`toggleLabel` names the field). */
export type PasswordControl = ComponentType<ComponentPropsWithRef<'input'> & { toggleLabel?: string }>;

function PlainPassword({ toggleLabel: _unused, ...props }: ComponentPropsWithRef<'input'> & { toggleLabel?: string }) {
  return <input {...props} type="password" />;
}

export interface ResetPasswordFormProps extends PasswordFormApi<ResetFields> {
  /** The token of the e-mail's link (`?token=`); empty when the link was cut short. */
  token: string;
  /** Where "Log in" and "Ask for a new link" go in this app. */
  paths: { login: string; forgotPassword: string };
  PasswordInput?: PasswordControl;
  /** Told once the password changed: every session of the account ended, this browser's too. */
  onChanged?: () => void;
}

/** A button-styled link to `to`. */
function ButtonLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} className="btn btn-primary w-100">
      {children}
    </Link>
  );
}

/**
 * Chooses a new password through the e-mail's link, in the shop and in the console; on success says so and offers
 * the login; a dead link (used, expired, unknown) offers a new one instead of another try.
 */
export function ResetPasswordForm(props: ResetPasswordFormProps) {
  const { token, schema, send, showFailure, className, intro, paths, PasswordInput = PlainPassword } = props;
  const id = useId();
  const [changed, setChanged] = useState<string | null>(null);
  const [deadLink, setDeadLink] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(schema, { defaultValues: { token, password: '', password_confirmation: '' } });

  const submit = async (fields: ResetFields) => {
    try {
      setChanged((await send({ ...fields, token })).message);
      props.onChanged?.();
    } catch (error) {
      if (error instanceof ApiError && error.code && DEAD_LINK.has(error.code)) setDeadLink(true);
      showFailure(error, setError);
    }
  };

  if (!token) {
    return (
      <>
        <FormOutcome error={INCOMPLETE_LINK} />
        <ButtonLink to={paths.forgotPassword}>Ask for a new link</ButtonLink>
      </>
    );
  }
  return (
    <>
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
        <fieldset disabled={isSubmitting || changed !== null || deadLink}>
          <legend className="visually-hidden">Your new password</legend>
          {FIELDS.map(({ name, label }) => {
            const error = errors[name]?.message;
            return (
              <Field key={name} id={`${id}-${name}`} label={label} error={error}>
                <PasswordInput
                  id={`${id}-${name}`}
                  autoComplete="new-password"
                  toggleLabel={label.toLowerCase()}
                  className={`form-control${error ? ' is-invalid' : ''}`}
                  {...controlAria(`${id}-${name}`, error)}
                  {...register(name)}
                />
              </Field>
            );
          })}
        </fieldset>
        <FormOutcome error={errors.root?.server?.message} success={changed} />
        {changed === null && !deadLink && (
          <button type="submit" className="btn btn-primary w-100" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save the new password'}
          </button>
        )}
      </form>
      {changed !== null && <ButtonLink to={paths.login}>Log in</ButtonLink>}
      {deadLink && <ButtonLink to={paths.forgotPassword}>Ask for a new link</ButtonLink>}
    </>
  );
}
