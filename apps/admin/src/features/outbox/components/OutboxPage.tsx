import type { AdminOutboxStatus, AdminOutboxSummary } from '@kapaas/contract';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { type ListHeading, ListResults } from '#admin/components/resource/ListResults.tsx';
import { useListParams } from '#admin/components/resource/ResourceListPage.tsx';
import { SearchBox } from '#admin/components/SearchBox.tsx';
import { formatDateTime } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { useOutboxList } from '../api/useOutbox';
import { OutboxStatus } from './OutboxStatus';

/** The statuses in the owner's words, for the filter. */
export const STATUS_CHOICES: { value: AdminOutboxStatus; label: string }[] = [
  { value: 'queued', label: 'Waiting to go out' },
  { value: 'sending', label: 'Being sent' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
  { value: 'skipped', label: 'Not sent' },
];

/** The channels in the owner's words, for the filter. */
const CHANNEL_CHOICES = [
  { value: 'email', label: 'E-mail' },
  { value: 'whatsapp', label: 'WhatsApp' },
] as const;

/** Meta's statuses of a WhatsApp message in the owner's words. */
const WHATSAPP_STATUS: Record<NonNullable<NonNullable<AdminOutboxSummary['whatsapp']>['status']>, string> = {
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
};

const OUTBOX_HEADINGS: ListHeading[] = [
  { header: 'Message' },
  { header: 'To', className: 'd-none d-sm-table-cell' },
  { header: 'Status' },
  { header: 'Written', className: 'd-none d-sm-table-cell' },
];

/** Every message the shop sent or is to send, newest first: by status, kind, channel, or recipient and subject. */
export function OutboxPage() {
  const { page, q, filters, query, change } = useListParams(['status', 'kind', 'channel']);
  const list = useOutboxList(query);

  return (
    <>
      <PageHeader title="Messages sent" />
      {list.data && !list.data.mail_server && (
        <Alert variant="warning">
          No mail server is set (SMTP_URL): messages are written and wait here. They go out once one is set.
        </Alert>
      )}
      <div className="list-tools">
        <SearchBox value={q} label="Search by recipient or subject" onSearch={(text) => change({ q: text })} />
        <select
          className="form-select list-tools__filter"
          aria-label="Status"
          value={filters.status}
          onChange={(event) => change({ status: event.target.value })}
        >
          <option value="">Any status</option>
          {STATUS_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <select
          className="form-select list-tools__filter"
          aria-label="Kind of message"
          value={filters.kind}
          onChange={(event) => change({ kind: event.target.value })}
        >
          <option value="">Every kind</option>
          {(list.data?.kinds ?? []).map((kind) => (
            <option key={kind.value} value={kind.value}>
              {kind.label}
            </option>
          ))}
        </select>
        <select
          className="form-select list-tools__filter"
          aria-label="Channel"
          value={filters.channel}
          onChange={(event) => change({ channel: event.target.value })}
        >
          <option value="">Every channel</option>
          {CHANNEL_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <ListResults
        list={list}
        noun="messages"
        empty="No messages here."
        headings={OUTBOX_HEADINGS}
        tableClassName="outbox-table"
        page={page}
        onPage={(next) => change({ page: String(next) })}
        row={(message) => <OutboxRow key={message.id} message={message} />}
      />
    </>
  );
}

function OutboxRow({ message }: { message: AdminOutboxSummary }) {
  return (
    <tr>
      <td>
        <Link to={paths.outboxMessage(message.id)} className="fw-semibold">
          {message.subject ?? `${message.kind_label} (being written)`}
        </Link>
        <span className="d-block small text-body-secondary">
          {message.kind_label}
          {message.resent_from !== null && <> · copy of #{message.resent_from}</>}
        </span>
        {/* On a phone the recipient and the date sit under the subject, their columns hidden. */}
        <span className="d-block d-sm-none small outbox-table__to">
          {`To ${message.recipient ?? '—'} · ${formatDateTime(message.created_at)}`}
        </span>
      </td>
      <td className="outbox-table__to d-none d-sm-table-cell">{message.recipient ?? '—'}</td>
      <td>
        <OutboxStatus message={message} />
        {message.status !== 'sent' && (message.attempts > 0 || message.last_reply) && (
          <span className="d-block small text-body-secondary">
            {message.attempts > 0 && `${message.attempts} ${message.attempts === 1 ? 'attempt' : 'attempts'}`}
            {message.attempts > 0 && message.last_reply && ': '}
            {message.last_reply}
          </span>
        )}
        <WhatsAppLine message={message} />
      </td>
      <td className="d-none d-sm-table-cell">
        {formatDateTime(message.created_at)}
        {message.sent_at && (
          <span className="d-block small text-body-secondary">sent {formatDateTime(message.sent_at)}</span>
        )}
      </td>
    </tr>
  );
}

/** A WhatsApp message's number and Meta's furthest status, and why it went by e-mail when it did. */
export function WhatsAppLine({ message }: { message: AdminOutboxSummary }) {
  const { whatsapp } = message;
  if (!whatsapp && !message.fallback_reason) return null;
  return (
    <>
      {whatsapp && message.channel === 'whatsapp' && (
        <span className="d-block small">
          {`WhatsApp to +${whatsapp.phone}: ${whatsapp.status ? WHATSAPP_STATUS[whatsapp.status] : 'Waiting'}`}
        </span>
      )}
      {message.fallback_reason && <span className="d-block small text-body-secondary">{message.fallback_reason}</span>}
    </>
  );
}
