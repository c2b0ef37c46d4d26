import type { AdminOutboxMessage } from '@kapaas/contract';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { errorMessage } from '#admin/lib/api.ts';
import { formatDateTime } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { useOutboxMessage, useResend } from '../api/useOutbox';
import { WhatsAppLine } from './OutboxPage';
import { OutboxStatus } from './OutboxStatus';

/** One e-mail: to whom, where it stands, each attempt and the server's reply, the message itself, and "Resend". */
export function OutboxMessagePage() {
  const id = Number(useParams().id);
  const message = useOutboxMessage(id);

  if (message.isPending) return <LoadingState label="Loading the message" />;
  if (message.isError) return <QueryErrorAlert error={message.error} onRetry={() => void message.refetch()} />;
  const m = message.data;

  return (
    <>
      <PageHeader
        title={m.subject ?? `${m.kind_label} (being written)`}
        back={{ to: paths.outbox, label: 'All messages sent' }}
        actions={<OutboxStatus message={m} />}
      />
      <div className="order-grid">
        <Card>
          <Card.Body>
            <h2 className="h6">Message</h2>
            <Facts message={m} />
          </Card.Body>
        </Card>
        <Card>
          <Card.Body>
            <h2 className="h6">Send again</h2>
            <ResendPanel key={m.id} message={m} />
          </Card.Body>
        </Card>
        <Card className="order-grid__wide">
          <Card.Body>
            <h2 className="h6">Attempts</h2>
            <Attempts message={m} />
          </Card.Body>
        </Card>
        <Card className="order-grid__wide">
          <Card.Body>
            <h2 className="h6">As the recipient sees it</h2>
            {m.html === null ? (
              <p className="text-body-secondary mb-0">Not written yet: the shop writes a message within seconds.</p>
            ) : (
              // An empty sandbox: nothing in the message runs (no scripts, forms, pop-ups or navigation of the
              // console), and it has an origin of its own, so it cannot reach the console or its session.
              <iframe
                sandbox=""
                srcDoc={m.html}
                title="The message as the recipient sees it"
                className="outbox-preview"
              />
            )}
          </Card.Body>
        </Card>
        <Card className="order-grid__wide">
          <Card.Body>
            <h2 className="h6">Plain text</h2>
            {m.text === null ? (
              <p className="text-body-secondary mb-0">Not written yet.</p>
            ) : (
              <pre className="outbox-text">{m.text}</pre>
            )}
          </Card.Body>
        </Card>
        <Card className="order-grid__wide">
          <Card.Body>
            <h2 className="h6">Headers</h2>
            <dl className="details outbox-headers">
              {Object.entries(m.headers).map(([name, value]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </Card.Body>
        </Card>
      </div>
    </>
  );
}

function Facts({ message: m }: { message: AdminOutboxMessage }) {
  return (
    <dl className="details outbox-facts">
      <dt>To</dt>
      <dd>{m.recipient ?? '—'}</dd>
      <dt>Kind</dt>
      <dd>
        {m.kind_label}
        {m.marketing && (
          <span className="d-block small text-body-secondary">Marketing: carries an unsubscribe link</span>
        )}
      </dd>
      {m.whatsapp && (
        <>
          <dt>WhatsApp</dt>
          <dd>
            {`+${m.whatsapp.phone}, template ${m.whatsapp.template} (${m.whatsapp.language})`}
            {m.whatsapp.message_id && (
              <span className="d-block small text-body-secondary">{m.whatsapp.message_id}</span>
            )}
            <WhatsAppLine message={m} />
            {m.whatsapp.error && <span className="d-block small text-danger">{m.whatsapp.error}</span>}
          </dd>
        </>
      )}
      <dt>Written</dt>
      <dd>{formatDateTime(m.created_at)}</dd>
      {m.sent_at && (
        <>
          <dt>Sent</dt>
          <dd>{formatDateTime(m.sent_at)}</dd>
        </>
      )}
      {m.status === 'queued' && m.mail_server && (
        <>
          <dt>Next attempt</dt>
          <dd>{formatDateTime(m.next_attempt_at)}</dd>
        </>
      )}
      {m.last_reply && (
        <>
          <dt>Last reply</dt>
          <dd>{m.last_reply}</dd>
        </>
      )}
      {m.resent_from !== null && (
        <>
          <dt>Copy of</dt>
          <dd>
            <Link to={paths.outboxMessage(m.resent_from)}>Message #{m.resent_from}</Link>
          </dd>
        </>
      )}
      {m.resent_as.length > 0 && (
        <>
          <dt>Sent again as</dt>
          <dd>
            {m.resent_as.map((copy, index) => (
              <span key={copy}>
                {index > 0 && ', '}
                <Link to={paths.outboxMessage(copy)}>Message #{copy}</Link>
              </span>
            ))}
          </dd>
        </>
      )}
    </dl>
  );
}

function Attempts({ message: m }: { message: AdminOutboxMessage }) {
  if (m.attempt_history.length === 0) {
    return (
      <p className="text-body-secondary mb-0">
        {m.status === 'queued' && !m.mail_server
          ? 'No attempt yet: no mail server is set (SMTP_URL), so the message waits.'
          : 'No attempt yet.'}
      </p>
    );
  }
  return (
    <div className="table-responsive">
      <Table size="sm" className="align-middle mb-0">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Started</th>
            <th scope="col">Result</th>
            <th scope="col">Server’s reply</th>
          </tr>
        </thead>
        <tbody>
          {m.attempt_history.map((attempt) => (
            <tr key={attempt.attempt}>
              <td>{attempt.attempt}</td>
              <td>{formatDateTime(attempt.started_at)}</td>
              <td>{attempt.ok === null ? 'Unfinished' : attempt.ok ? 'Accepted' : 'Not accepted'}</td>
              <td className="outbox-reply">{attempt.reply ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** "Resend": disabled with the reason when the message cannot be resent now; on success, the copy's link. */
function ResendPanel({ message: m }: { message: AdminOutboxMessage }) {
  const resend = useResend(m.id);
  const reasonId = useId();
  const copy = resend.data?.data.id;
  return (
    <>
      <p className="small text-body-secondary">
        Queues a copy as a new message to {m.recipient ?? 'the same recipients'}, written again as it reads now.
      </p>
      <Button
        variant="primary"
        disabled={m.resend_refusal !== null || resend.isPending}
        aria-describedby={m.resend_refusal ? reasonId : undefined}
        onClick={() => resend.mutate()}
      >
        Resend
      </Button>
      {m.resend_refusal && (
        <p id={reasonId} className="small text-body-secondary mt-2 mb-0">
          {m.resend_refusal}
        </p>
      )}
      {copy !== undefined && (
        <Alert variant="success" role="status" className="mt-3 mb-0">
          Queued again. <Link to={paths.outboxMessage(copy)}>Open message #{copy}</Link>
        </Alert>
      )}
      {resend.isError && (
        <Alert variant="danger" className="mt-3 mb-0">
          {errorMessage(resend.error)}
        </Alert>
      )}
    </>
  );
}
