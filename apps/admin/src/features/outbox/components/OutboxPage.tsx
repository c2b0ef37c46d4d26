import type { AdminOutboxStatus, AdminOutboxSummary } from '@kapaas/contract';
import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { Pager } from '#admin/components/Pager.tsx';
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

/** Every e-mail the shop sent or is to send, newest first: by status, by kind, or by recipient and subject. */
export function OutboxPage() {
  const { page, q, filters, query, change } = useListParams(['status', 'kind']);
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
      </div>
      {list.isPending ? (
        <LoadingState label="Loading messages" />
      ) : list.isError ? (
        <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <p className="empty-state">No messages here.</p>
      ) : (
        <>
          <div className="table-responsive">
            <Table hover className="align-middle outbox-table">
              <thead>
                <tr>
                  <th scope="col">Message</th>
                  <th scope="col" className="d-none d-sm-table-cell">
                    To
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col" className="d-none d-sm-table-cell">
                    Written
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.data.map((message) => (
                  <OutboxRow key={message.id} message={message} />
                ))}
              </tbody>
            </Table>
          </div>
          <Pager
            page={page}
            perPage={list.data.per_page}
            total={list.data.total}
            onPage={(next) => change({ page: String(next) })}
          />
        </>
      )}
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
