import { CONSENT_PURPOSES } from '@kapaas/contract';
import { controlAria, Field } from '@kapaas/web-kit/form';
import { type FormEvent, useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { ApiError, errorMessage } from '#storefront/lib/api.ts';
import { usePrivacyNotice } from '#storefront/lib/queries/usePrivacyNotice.ts';
import { useIdentity } from '#storefront/lib/session.ts';
import { useAddChild, useChildConsent, useChildConsentChange, useChildren, useDeleteChild } from '../api/useChildren';

type FieldName = 'consent' | 'first_name' | 'birth_month';

/** The server's words beside each field it named; the rest above the form. */
function errorsOf(error: unknown): Partial<Record<FieldName, string>> {
  if (!(error instanceof ApiError)) return {};
  const pick = (name: FieldName) => error.errors[name]?.[0];
  return { consent: pick('consent'), first_name: pick('first_name'), birth_month: pick('birth_month') };
}

const ageText = (months: number) =>
  months < 24 ? `${months} month${months === 1 ? '' : 's'}` : `${Math.floor(months / 12)} years ${months % 12} months`;

/**
 * "My children" on the profile (issue 38, ADR 059): the child_profile consent's box with its plain purpose, a form
 * for a first name (optional) and a birth month, and the children kept, each with Delete. The server checks everything
 * (the consent, the month's bounds, at most six) and its refusals show beside the field it names.
 */
export function MyChildren() {
  const ids = useId();
  const identity = useIdentity();
  const children = useChildren();
  const consent = useChildConsent();
  const notice = usePrivacyNotice();
  const consentChange = useChildConsentChange();
  const add = useAddChild();
  const remove = useDeleteChild();
  const [firstName, setFirstName] = useState('');
  const [birthMonth, setBirthMonth] = useState('');
  if (identity.kind !== 'user') return null;

  const given = consent.data ?? false;
  const errors = errorsOf(add.error);
  const consentError = errors.consent;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { birth_month: birthMonth, ...(firstName.trim() ? { first_name: firstName } : {}) },
      {
        onSuccess: () => {
          setFirstName('');
          setBirthMonth('');
        },
      },
    );
  };
  const switchConsent = (on: boolean) => {
    add.reset();
    consentChange.mutate({ given: on, ...(notice.data ? { notice_version: notice.data.version } : {}) });
  };

  return (
    <section className="profile-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="profile-panel__title">
        My children
      </h2>
      <p>
        Keep a child’s first name and birth month, and we suggest sizes for them: on a product page, and in your cart
        when a size looks too small or too big. Nothing else, never shared. Turning this off deletes the children saved.
      </p>
      <Form.Check
        type="checkbox"
        id={`${ids}-consent`}
        label={CONSENT_PURPOSES.child_profile}
        checked={given}
        disabled={consent.isPending || consentChange.isPending}
        isInvalid={Boolean(consentError)}
        {...controlAria(`${ids}-consent`, consentError)}
        onChange={(event) => switchConsent(event.currentTarget.checked)}
      />
      {consentError && (
        <div id={`${ids}-consent-error`} className="invalid-feedback d-block">
          {consentError}
        </div>
      )}
      {consentChange.isError && <Alert variant="danger">{errorMessage(consentChange.error)}</Alert>}
      {children.isPending && given && <LoadingState label="Loading your children…" />}
      {children.data && children.data.length > 0 && (
        <ul className="list-unstyled my-3" aria-label="Children saved">
          {children.data.map((child) => (
            <li key={child.id} className="d-flex align-items-center gap-3 mb-2">
              <span>
                {child.first_name ?? 'My child'}, {ageText(child.age_months)} (born {child.birth_month})
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                aria-label={`Delete ${child.first_name ?? 'this child'}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(child.id)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <Alert variant="danger">{errorMessage(remove.error)}</Alert>}
      <form noValidate onSubmit={submit} className="profile-form" aria-label="Add a child">
        <Field id={`${ids}-first_name`} label="First name (optional)" error={errors.first_name}>
          <input
            id={`${ids}-first_name`}
            className={`form-control${errors.first_name ? ' is-invalid' : ''}`}
            maxLength={60}
            autoComplete="off"
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            {...controlAria(`${ids}-first_name`, errors.first_name)}
          />
        </Field>
        <Field id={`${ids}-birth_month`} label="Birth month" error={errors.birth_month}>
          <input
            id={`${ids}-birth_month`}
            type="month"
            className={`form-control${errors.birth_month ? ' is-invalid' : ''}`}
            value={birthMonth}
            onChange={(event) => setBirthMonth(event.target.value)}
            {...controlAria(`${ids}-birth_month`, errors.birth_month)}
          />
        </Field>
        {add.isError && !errors.consent && !errors.first_name && !errors.birth_month && (
          <Alert variant="danger">{errorMessage(add.error)}</Alert>
        )}
        {add.isSuccess && <Alert variant="success">{add.data.message}</Alert>}
        <button type="submit" className="btn btn-primary" disabled={add.isPending}>
          {add.isPending ? 'Saving…' : 'Add child'}
        </button>
      </form>
    </section>
  );
}
