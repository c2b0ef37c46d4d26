import { type AdminBreach, type AdminBreachAudience, breachNoticeTemplate } from '@kapaas/contract';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useParams } from 'react-router';
import { ConfirmButton } from '#admin/components/ConfirmButton.tsx';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { Field, TextareaField, TextField } from '#admin/components/form/Field.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { ApiError, errorMessage } from '#admin/lib/api.ts';
import { formatDateTime } from '#admin/lib/format.ts';
import { fromLocalInput } from '#admin/lib/forms.ts';
import { privacyPaths, useBreach, useBreachNotices, useBreachPreview, useSendBreachNotice } from '../api/usePrivacy';

/** Who the notice names as the contact until the owner fills it in. */
/** Until Settings names a grievance officer, the notice says whom to name. */
const CONTACT_PLACEHOLDER = '[the grievance officer’s name and e-mail address, as on the privacy notice]';

/** One breach: its 72-hour deadline, and the drill (the people, the notice, sending it) or what was sent to whom. */
export function BreachPage() {
  const id = Number(useParams().id);
  const breach = useBreach(id);
  if (breach.isPending) return <LoadingState label="Loading the breach" />;
  if (breach.isError) return <QueryErrorAlert error={breach.error} onRetry={() => void breach.refetch()} />;
  const b = breach.data;
  return (
    <>
      <PageHeader title={b.title} back={{ to: privacyPaths.breaches, label: 'All breaches' }} />
      <Deadline breach={b} />
      {b.notified_at ? <SentNotice breach={b} /> : <NoticeDrill key={b.id} breach={b} />}
    </>
  );
}

/** The Board's detailed report is due 72 hours after the breach was recorded (rule 7(2)(b)). */
function Deadline({ breach }: { breach: AdminBreach }) {
  const past = Date.parse(breach.report_due_at) < Date.now();
  return (
    <Card className="mb-3">
      <Card.Body>
        <h2 className="h6">Report to the Data Protection Board</h2>
        <p className="mb-1">
          Detailed report due by <strong>{formatDateTime(breach.report_due_at)}</strong>{' '}
          {past && <Badge bg="danger">Past the 72 hours</Badge>}
        </p>
        <p className="small text-body-secondary mb-0">
          Recorded {formatDateTime(breach.recorded_at)} by {breach.recorded_by}. Tell the Board without delay; the
          detailed report follows within 72 hours (see the runbook in docs/privacy.md).
        </p>
        <p className="review-text mt-2 mb-0">{breach.what_happened}</p>
      </Card.Body>
    </Card>
  );
}

/** What was sent, to how many, chosen how, and the list of whom: for the report to the Board. */
function SentNotice({ breach }: { breach: AdminBreach }) {
  const notices = useBreachNotices(breach.id, true);
  return (
    <Card>
      <Card.Body>
        <h2 className="h6">Notice sent</h2>
        <p>
          Sent {formatDateTime(breach.notified_at)} to {breach.notified_count} people: {breach.audience}.
        </p>
        <p className="fw-semibold mb-1">{breach.notice_subject}</p>
        <p className="review-text">{breach.notice_body}</p>
        <h3 className="h6">Sent to</h3>
        {notices.isError && <QueryErrorAlert error={notices.error} onRetry={() => void notices.refetch()} />}
        <ul aria-label="Sent to" className="mb-0">
          {notices.data?.data.map((notice) => (
            <li key={notice.email}>
              {notice.email} <span className="small text-body-secondary">{formatDateTime(notice.queued_at)}</span>
            </li>
          ))}
        </ul>
      </Card.Body>
    </Card>
  );
}

/** The audience the inputs say: a window (local times made instants) or the pasted list. */
function audienceOf(by: 'window' | 'list', span: { from: string; to: string }, emails: string): AdminBreachAudience {
  if (by === 'list') return { by, emails };
  return { by, from: fromLocalInput(span.from) ?? '', to: fromLocalInput(span.to) ?? '' };
}

/** The server's problem for a field (its path), if the last call was refused. */
const problemOf = (error: unknown, path: string) => (error instanceof ApiError ? error.errors[path]?.[0] : undefined);

/** Choose the people (preview the count), write the notice from the template, and send it once. */
function NoticeDrill({ breach }: { breach: AdminBreach }) {
  const id = useId();
  const template = breachNoticeTemplate({
    title: breach.title,
    what_happened: breach.what_happened,
    contact: breach.contact ?? CONTACT_PLACEHOLDER,
  });
  const [by, setBy] = useState<'window' | 'list'>('window');
  const [span, setSpan] = useState({ from: '', to: '' });
  const [emails, setEmails] = useState('');
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const preview = useBreachPreview(breach.id);
  const send = useSendBreachNotice(breach.id);
  const audience = audienceOf(by, span, emails);
  const refused = preview.error ?? send.error;
  const audienceProblem = problemOf(refused, 'audience') ?? problemOf(refused, 'audience.from');

  return (
    <Card>
      <Card.Body>
        <h2 className="h6">1. Who was affected</h2>
        <Field id={`${id}-by`} label="Choose them by" group>
          <div className="form-check">
            <input
              id={`${id}-window`}
              type="radio"
              className="form-check-input"
              checked={by === 'window'}
              onChange={() => setBy('window')}
            />
            <label htmlFor={`${id}-window`} className="form-check-label">
              Activity in a time window (accounts and guests created, sessions used, orders placed)
            </label>
          </div>
          <div className="form-check">
            <input
              id={`${id}-list`}
              type="radio"
              className="form-check-input"
              checked={by === 'list'}
              onChange={() => setBy('list')}
            />
            <label htmlFor={`${id}-list`} className="form-check-label">
              The e-mail addresses in the list that was exported
            </label>
          </div>
        </Field>
        {by === 'window' ? (
          <div className="d-flex flex-wrap gap-3">
            <TextField
              id={`${id}-from`}
              type="datetime-local"
              label="From"
              value={span.from}
              onChange={(event) => setSpan({ ...span, from: event.target.value })}
            />
            <TextField
              id={`${id}-to`}
              type="datetime-local"
              label="To"
              value={span.to}
              error={problemOf(refused, 'audience.to')}
              onChange={(event) => setSpan({ ...span, to: event.target.value })}
            />
          </div>
        ) : (
          <ExportedList id={id} emails={emails} onChange={setEmails} error={problemOf(refused, 'audience.emails')} />
        )}
        {audienceProblem && <Alert variant="danger">{audienceProblem}</Alert>}
        <Button variant="outline-primary" disabled={preview.isPending} onClick={() => preview.mutate(audience)}>
          {preview.isPending ? 'Counting…' : 'Preview the count'}
        </Button>
        {preview.data && (
          <div className="mt-2" aria-live="polite">
            <p className="fw-semibold mb-1">{`${preview.data.count} people will get the notice.`}</p>
            {preview.data.sample.length > 0 && (
              <p className="small text-body-secondary mb-1">{`For example: ${preview.data.sample.join(', ')}`}</p>
            )}
            {preview.data.invalid.length > 0 && (
              <p className="small text-danger mb-0">{`Lines without an e-mail address, left out: ${preview.data.invalid.join(' | ')}`}</p>
            )}
          </div>
        )}

        <h2 className="h6 mt-4">2. The notice</h2>
        <TextField
          id={`${id}-subject`}
          label="Subject"
          value={subject}
          error={problemOf(send.error, 'subject')}
          onChange={(event) => setSubject(event.target.value)}
        />
        <TextareaField
          id={`${id}-body`}
          label="Notice"
          help="Replace every [bracket] with the facts. It goes to each person as written, even to those who said no to offers: the law requires it."
          rows={16}
          value={body}
          error={problemOf(send.error, 'body')}
          onChange={(event) => setBody(event.target.value)}
        />
        {send.isError && !audienceProblem && <Alert variant="danger">{errorMessage(send.error)}</Alert>}
        <h2 className="h6 mt-4">3. Send</h2>
        <ConfirmButton
          variant="danger"
          disabled={!preview.data || preview.data.count === 0}
          title={`Send the notice to ${preview.data?.count ?? 0} people?`}
          body="Each person gets one e-mail through the outbox. A breach's notice is sent once; the shop keeps who got it and when."
          confirmLabel="Yes, send it"
          onConfirm={() => send.mutateAsync({ audience, subject, body })}
        >
          {preview.data ? `Send to ${preview.data.count} people` : 'Preview the count first'}
        </ConfirmButton>
      </Card.Body>
    </Card>
  );
}

/** The exported list: pasted, or read from the file (a CSV or a text file; any column may hold the addresses). */
function ExportedList(props: {
  id: string;
  emails: string;
  onChange: (emails: string) => void;
  error: string | undefined;
}) {
  const { id, emails, onChange, error } = props;
  return (
    <>
      <TextareaField
        id={`${id}-emails`}
        label="E-mail addresses"
        help="Paste the list, or choose the file below. Every address on a line counts; other columns are ignored."
        rows={6}
        value={emails}
        error={error}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="mb-3">
        <label htmlFor={`${id}-file`} className="form-label">
          Or the exported file
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="form-control"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (file) onChange(await file.text());
          }}
        />
      </div>
    </>
  );
}
