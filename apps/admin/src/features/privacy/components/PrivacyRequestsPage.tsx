import { type AdminPrivacyRequest, PRIVACY_REQUEST_STATUS_VALUES } from '@kapaas/contract';
import { Link } from 'react-router';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { type ListHeading, ListResults } from '#admin/components/resource/ListResults.tsx';
import { useListParams } from '#admin/components/resource/ResourceListPage.tsx';
import { SearchBox } from '#admin/components/SearchBox.tsx';
import { formatDateTime } from '#admin/lib/format.ts';
import { privacyPaths, usePrivacyRequestList } from '../api/usePrivacy';
import { KIND_LABELS, RequestStatus, STATUS_LABELS } from './privacyWords';

const HEADINGS: ListHeading[] = [
  { header: 'Request' },
  { header: 'From', className: 'd-none d-md-table-cell' },
  { header: 'Due' },
  { header: 'Status' },
];

/**
 * The rights requests and grievances people confirmed (DPDP Act), soonest due first: the law gives the shop 90 days.
 * An overdue one is marked and its row stands out; each opens on its page with the answer form and the trail.
 */
export function PrivacyRequestsPage() {
  const { page, q, filters, query, change } = useListParams(['status']);
  const list = usePrivacyRequestList(query);
  return (
    <>
      <PageHeader title="Rights requests" />
      <p className="text-body-secondary">
        Access, correction, erasure and grievances. Each must be answered within 90 days of the person confirming it.
      </p>
      <div className="list-tools">
        <SearchBox value={q} label="Search by e-mail address" onSearch={(text) => change({ q: text })} />
        <select
          className="form-select list-tools__filter"
          aria-label="Status"
          value={filters.status}
          onChange={(event) => change({ status: event.target.value })}
        >
          <option value="">Every status</option>
          {PRIVACY_REQUEST_STATUS_VALUES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <ListResults
        list={list}
        noun="requests"
        empty="No requests here."
        headings={HEADINGS}
        page={page}
        onPage={(next) => change({ page: String(next) })}
        row={(request) => <RequestRow key={request.id} request={request} />}
      />
    </>
  );
}

/** The start of what the person wrote, on one line of the list. */
const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

function RequestRow({ request }: { request: AdminPrivacyRequest }) {
  return (
    <tr className={request.overdue ? 'table-danger' : undefined}>
      <td>
        <Link to={privacyPaths.request(request.id)} className="fw-semibold">
          {`#${request.id} ${KIND_LABELS[request.kind]}`}
        </Link>
        <span className="d-block small text-body-secondary">{excerpt(request.message)}</span>
        <span className="d-block d-md-none small text-body-secondary">{request.email}</span>
      </td>
      <td className="d-none d-md-table-cell">
        {request.email}
        <span className="d-block small text-body-secondary">{request.user_id === null ? 'guest' : 'account'}</span>
      </td>
      <td>{formatDateTime(request.due_at)}</td>
      <td>
        <RequestStatus request={request} />
      </td>
    </tr>
  );
}
