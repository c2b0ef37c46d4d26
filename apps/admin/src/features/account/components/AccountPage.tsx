import { AdminChangePasswordRequest } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { describedBy, Field } from '#admin/components/form/Field.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { showServerErrors } from '#admin/lib/forms.ts';
import { useAdminSession } from '#admin/lib/session.ts';
import { useChangePassword } from '../api/useChangePassword';

type PasswordFields = { current_password: string; password: string; password_confirmation: string };

const EMPTY: PasswordFields = { current_password: '', password: '', password_confirmation: '' };

const FIELDS: { name: keyof PasswordFields; label: string; autoComplete: string; help?: string }[] = [
  { name: 'current_password', label: 'Current password', autoComplete: 'current-password' },
  {
    name: 'password',
    label: 'New password',
    autoComplete: 'new-password',
    help: 'At least 12 characters, not a common password or your name or e-mail.',
  },
  { name: 'password_confirmation', label: 'New password again', autoComplete: 'new-password' },
];

/** Who is signed in, and their own password: any admin changes it here without asking the owner. */
export function AccountPage() {
  const session = useAdminSession();
  const id = useId();
  const change = useChangePassword();
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, reset, setError, formState } = useZodForm(AdminChangePasswordRequest, {
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting } = formState;

  const submit = async (fields: PasswordFields) => {
    setDone(null);
    try {
      const answer = await change.mutateAsync(fields);
      reset(EMPTY);
      setDone(answer.message);
    } catch (error) {
      showServerErrors(error, setError);
    }
  };

  if (!session) return null;
  const { admin } = session;
  return (
    <>
      <PageHeader title="My account" />
      <Card className="mb-4 account-card">
        <Card.Body>
          <dl className="row mb-0">
            <dt className="col-sm-3">Name</dt>
            <dd className="col-sm-9">{admin.name}</dd>
            <dt className="col-sm-3">E-mail</dt>
            <dd className="col-sm-9">{admin.email}</dd>
            <dt className="col-sm-3">Role</dt>
            <dd className="col-sm-9 mb-0">
              {admin.role === 'owner'
                ? 'Owner: everything, the team and the settings included'
                : 'Staff: the catalogue, the home page and the orders'}
            </dd>
          </dl>
        </Card.Body>
      </Card>

      <Card className="account-card">
        <Card.Body>
          <h2 className="h5">Change my password</h2>
          <p className="text-body-secondary">You stay logged in here; everywhere else you are logged out.</p>
          <form noValidate onSubmit={handleSubmit(submit)}>
            <fieldset disabled={isSubmitting}>
              <legend className="visually-hidden">Change my password</legend>
              {FIELDS.map((field) => {
                const fieldId = `${id}-${field.name}`;
                const error = errors[field.name]?.message;
                return (
                  <Field key={field.name} id={fieldId} label={field.label} error={error} help={field.help}>
                    <input
                      id={fieldId}
                      type="password"
                      autoComplete={field.autoComplete}
                      className={`form-control${error ? ' is-invalid' : ''}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={describedBy(fieldId, error, field.help)}
                      {...register(field.name)}
                    />
                  </Field>
                );
              })}
            </fieldset>
            <FormOutcome error={errors.root?.server?.message} success={done} />
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : 'Change password'}
            </Button>
          </form>
        </Card.Body>
      </Card>
    </>
  );
}
