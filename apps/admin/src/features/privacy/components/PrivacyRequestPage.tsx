import { type AdminPrivacyRequestDetail, AdminPrivacyRequestReply } from '@kapaas/contract';
import { useZodForm } from '@kapaas/web-kit';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useParams } from 'react-router';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { Field, TextareaField } from '#admin/components/form/Field.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { PersonDataPanel } from '#admin/components/PersonDataPanel.tsx';
import { errorMessage } from '#admin/lib/api.ts';
import { formatDateTime } from '#admin/lib/format.ts';
import { showServerErrors } from '#admin/lib/forms.ts';
import { privacyPaths, usePrivacyRequest, usePrivacyRequestChange } from '../api/usePrivacy';
import { KIND_LABELS, RequestStatus } from './privacyWords';

/** What an erased person's request keeps of their address (the API's privacy/erasure.ts). */
const ERASED_EMAIL = 'erased@invalid';

/**
 * One rights request: what the person asked, when it is due, the answer (mailed to them when sent), and the trail of
 * who did what when, and the owner's export or erasure of the person's data (PersonDataPanel).
 */
export function PrivacyRequestPage() {
  const id = Number(useParams().id);
  const request = usePrivacyRequest(id);
  if (request.isPending) return <LoadingState label="Loading the request" />;
  if (request.isError) return <QueryErrorAlert error={request.error} onRetry={() => void request.refetch()} />;
  const r = request.data;
  return (
    <>
      <PageHeader
        title={`Request #${r.id}: ${KIND_LABELS[r.kind]}`}
        back={{ to: privacyPaths.requests, label: 'All requests' }}
        actions={<RequestStatus request={r} />}
      />
      <div className="order-grid">
        <Card>
          <Card.Body>
            <h2 className="h6">What they asked</h2>
            <p className="review-text">{r.message}</p>
            <dl className="details">
              <dt>From</dt>
              <dd>
                {r.email === ERASED_EMAIL ? (
                  'The person, whose account is erased'
                ) : (
                  <>
                    {r.email}
                    <span className="d-block small text-body-secondary">
                      {r.user_id === null ? 'a guest, who confirmed the address' : `account #${r.user_id}`}
                    </span>
                  </>
                )}
              </dd>
              <dt>Counting since</dt>
              <dd>{formatDateTime(r.confirmed_at)}</dd>
              <dt>Due by</dt>
              <dd className={r.overdue ? 'text-danger fw-semibold' : undefined}>
                {formatDateTime(r.due_at)}
                {r.overdue && ' (overdue)'}
              </dd>
            </dl>
          </Card.Body>
        </Card>
        <Card>
          <Card.Body>
            <h2 className="h6">Answer</h2>
            <AnswerPanel key={`${r.id}-${r.status}`} request={r} />
          </Card.Body>
        </Card>
        <Card>
          <Card.Body>
            <h2 className="h6">Export or erasure</h2>
            <PersonDataPanel base={`privacy-requests/${r.id}`} who={r.email} />
          </Card.Body>
        </Card>
        <Card className="order-grid__wide">
          <Card.Body>
            <h2 className="h6">Trail</h2>
            <ol className="list-unstyled mb-0" aria-label="Trail">
              {r.trail.map((step) => (
                <li key={`${step.at}-${step.action}`} className="mb-2">
                  <span className="fw-semibold">{formatDateTime(step.at)}</span> · {step.who} · {step.action}
                  {step.detail && <span className="d-block small text-body-secondary review-text">{step.detail}</span>}
                </li>
              ))}
            </ol>
          </Card.Body>
        </Card>
      </div>
    </>
  );
}

/** "Start working on it" for an open request; the answer form until it is answered or rejected; then the answer. */
function AnswerPanel({ request }: { request: AdminPrivacyRequestDetail }) {
  const change = usePrivacyRequestChange(request.id);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(AdminPrivacyRequestReply, { defaultValues: { outcome: 'answered', answer: '' } });

  const failure = errors.root?.server?.message ?? (change.isError ? errorMessage(change.error) : undefined);
  if (request.status === 'answered' || request.status === 'rejected') {
    return (
      <>
        {done && <Alert variant="success">{done}</Alert>}
        <p className="small text-body-secondary">
          {request.status === 'answered' ? 'Answered' : 'Rejected'} {formatDateTime(request.answered_at)}; mailed to{' '}
          {request.email}.
        </p>
        <p className="review-text mb-0">{request.answer}</p>
      </>
    );
  }
  return (
    <form
      noValidate
      aria-label="Answer the request"
      onSubmit={handleSubmit(async (reply) => {
        await change.mutateAsync({ start: false, reply }).then(
          () => setDone(`The answer was mailed to ${request.email}.`),
          (error: unknown) => showServerErrors(error, setError),
        );
      })}
    >
      {request.status === 'open' && (
        <p>
          <Button
            variant="outline-primary"
            size="sm"
            disabled={change.isPending}
            onClick={() => change.mutate({ start: true })}
          >
            Start working on it
          </Button>
        </p>
      )}
      <Field id={`${id}-outcome`} label="Outcome" error={errors.outcome?.message} group>
        <div className="form-check">
          <input
            id={`${id}-answered`}
            type="radio"
            value="answered"
            className="form-check-input"
            {...register('outcome')}
          />
          <label htmlFor={`${id}-answered`} className="form-check-label">
            Answered: done as asked, or the information given
          </label>
        </div>
        <div className="form-check">
          <input
            id={`${id}-rejected`}
            type="radio"
            value="rejected"
            className="form-check-input"
            {...register('outcome')}
          />
          <label htmlFor={`${id}-rejected`} className="form-check-label">
            Rejected: say why (for example, the law requires the shop to keep tax invoices)
          </label>
        </div>
      </Field>
      <TextareaField
        id={`${id}-answer`}
        label="Answer to the person"
        help="Sent by e-mail to the person as written, and kept with the request."
        rows={6}
        error={errors.answer?.message}
        {...register('answer')}
      />
      {failure && <Alert variant="danger">{failure}</Alert>}
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send the answer'}
      </Button>
    </form>
  );
}
