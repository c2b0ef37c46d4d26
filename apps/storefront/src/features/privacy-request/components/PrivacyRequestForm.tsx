import { PRIVACY_REQUEST_KIND_VALUES, type PrivacyRequestKind } from '@kapaas/contract';
import { useZodForm } from '@kapaas/web-kit';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, errorMessage } from '#storefront/lib/api.ts';
import { useIdentity } from '#storefront/lib/session.ts';
import { useSendPrivacyRequest } from '../api/usePrivacyRequest';

/** Each right, in the shopper's words. */
const KINDS: Record<PrivacyRequestKind, { label: string; hint: string }> = {
  access: {
    label: 'See my data',
    hint: 'A summary of the personal data Kapaas keeps about me and what it is used for.',
  },
  correction: { label: 'Correct my data', hint: 'Something Kapaas keeps about me is wrong or out of date.' },
  erasure: {
    label: 'Erase my data',
    hint: 'Delete what Kapaas need not keep (tax invoices are kept as the law requires).',
  },
  grievance: { label: 'Make a complaint', hint: 'A grievance about how Kapaas handled my personal data.' },
};

export const EMAIL_NEEDED = 'Give your e-mail address, so that we can confirm the request and answer you.';

/** The form's rules: the contract's, with the e-mail required of anyone not logged in (the server says so too). */
function formSchema(needsEmail: boolean) {
  const email = z.string().trim().max(254, 'The e-mail address can be at most 254 characters.');
  return z.object({
    kind: z.enum(PRIVACY_REQUEST_KIND_VALUES, { error: 'Choose what you ask for.' }),
    message: z.string().trim().min(1, 'Message is required').max(5000, 'The message can be at most 5000 characters.'),
    email: needsEmail
      ? email.min(1, { error: EMAIL_NEEDED, abort: true }).pipe(z.email('Invalid email format'))
      : email,
  });
}

type Values = { kind: PrivacyRequestKind | ''; message: string; email: string };
const EMPTY: Values = { kind: '', message: '', email: '' };
const FIELDS: FieldPath<Values>[] = ['kind', 'message', 'email'];

/**
 * A rights request under India's DPDP Act: a logged-in shopper's is their account's; anyone else gives an address and
 * confirms from the message sent there. The shop answers within 90 days.
 */
export function PrivacyRequestForm() {
  const identity = useIdentity();
  const needsEmail = identity.kind !== 'user';
  const send = useSendPrivacyRequest();
  const [done, setDone] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm<Values, ReturnType<typeof formSchema>>(formSchema(needsEmail), {
    defaultValues: EMPTY,
    toBody: (values) => values,
  });

  const onSubmit = async (values: z.output<ReturnType<typeof formSchema>>) => {
    setDone(null);
    const body = { kind: values.kind, message: values.message, ...(needsEmail ? { email: values.email } : {}) };
    try {
      const answer = await send.mutateAsync(body);
      reset(EMPTY);
      setDone(answer.message);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const [first] = error.errors[field] ?? [];
          if (first) setError(field, { message: first });
        }
      }
    }
  };
  const described = (name: FieldPath<Values>) => (errors[name] ? `privacy-${name}-error` : undefined);

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="privacy-request-title">
      <h2 id="privacy-request-title" className="h4">
        Your request
      </h2>
      {done && <Alert variant="success">{done}</Alert>}
      {send.isError && !done && !(send.error instanceof ApiError && Object.keys(send.error.errors).length > 0) && (
        <Alert variant="danger">{errorMessage(send.error)}</Alert>
      )}
      <fieldset className="mb-3" aria-describedby={described('kind')}>
        <legend className="form-label">What do you ask for?</legend>
        {PRIVACY_REQUEST_KIND_VALUES.map((kind) => (
          <Form.Check
            key={kind}
            type="radio"
            id={`privacy-kind-${kind}`}
            value={kind}
            label={
              <>
                <span className="fw-semibold">{KINDS[kind].label}</span>
                <span className="d-block small text-body-secondary">{KINDS[kind].hint}</span>
              </>
            }
            isInvalid={errors.kind !== undefined}
            {...register('kind')}
          />
        ))}
        {errors.kind && (
          <div id="privacy-kind-error" className="invalid-feedback d-block">
            {errors.kind.message}
          </div>
        )}
      </fieldset>
      <Form.Group className="mb-3" controlId="privacy-message">
        <Form.Label>Message</Form.Label>
        <Form.Control
          as="textarea"
          rows={5}
          isInvalid={errors.message !== undefined}
          aria-describedby={described('message')}
          {...register('message')}
        />
        <Form.Control.Feedback type="invalid" id="privacy-message-error">
          {errors.message?.message}
        </Form.Control.Feedback>
      </Form.Group>
      {needsEmail ? (
        <Form.Group className="mb-3" controlId="privacy-email">
          <Form.Label>Email</Form.Label>
          <Form.Control
            type="email"
            autoComplete="email"
            isInvalid={errors.email !== undefined}
            aria-describedby={described('email')}
            {...register('email')}
          />
          <Form.Text>We send a link there: the request counts once you follow it.</Form.Text>
          <Form.Control.Feedback type="invalid" id="privacy-email-error">
            {errors.email?.message}
          </Form.Control.Feedback>
        </Form.Group>
      ) : (
        <p className="small text-body-secondary">We answer at your account’s e-mail address.</p>
      )}
      <Button type="submit" className="px-4" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send the request'}
      </Button>
    </Form>
  );
}
