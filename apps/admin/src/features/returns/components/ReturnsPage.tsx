import { type AdminReturnSummary, RETURN_STATUS_VALUES, type ReturnStatus } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';
import Nav from 'react-bootstrap/Nav';
import { Link } from 'react-router';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { type ListHeading, ListResults } from '#admin/components/resource/ListResults.tsx';
import { useListParams } from '#admin/components/resource/ResourceListPage.tsx';
import { SearchBox } from '#admin/components/SearchBox.tsx';
import { formatDateTime, formatRupees } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { useReturnList } from '../api/useReturns';
import { RETURN_STATUS, ReturnStatusBadge } from './ReturnStatusBadge';

/** The tabs: the statuses that wait for the owner, then every request. */
const TABS: { status: ReturnStatus | ''; label: string }[] = [
  { status: 'requested', label: 'To decide' },
  { status: 'approved', label: 'Awaiting parcel' },
  { status: 'received', label: 'To settle' },
  { status: '', label: 'All returns' },
];
const OTHER_STATUSES = RETURN_STATUS_VALUES.filter((status) => !TABS.some((tab) => tab.status === status));

const RETURN_HEADINGS: ListHeading[] = [
  { header: 'Return' },
  { header: 'Asked' },
  { header: 'Order' },
  { header: 'Customer' },
  { header: 'Status' },
  { header: 'What' },
  { header: 'Refund', className: 'text-end' },
];

/** Return and exchange requests, newest first: by status, or by order number, e-mail or name. */
export function ReturnsPage() {
  const { page, q, filters, query, change } = useListParams(['status']);
  const list = useReturnList(query);
  const status = filters.status ?? '';

  return (
    <>
      <PageHeader title="Returns" />
      <Nav variant="tabs" className="mb-3" as="ul">
        {TABS.map((tab) => (
          <Nav.Item as="li" key={tab.label}>
            <Nav.Link
              as="button"
              type="button"
              active={status === tab.status}
              aria-current={status === tab.status ? 'page' : undefined}
              onClick={() => change({ status: tab.status })}
            >
              {tab.label}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <div className="list-tools">
        <SearchBox value={q} label="Search by order, e-mail or name" onSearch={(text) => change({ q: text })} />
        <select
          className="form-select list-tools__filter"
          aria-label="Other statuses"
          value={OTHER_STATUSES.includes(status as ReturnStatus) ? status : ''}
          onChange={(event) => change({ status: event.target.value })}
        >
          <option value="">Other statuses…</option>
          {OTHER_STATUSES.map((other) => (
            <option key={other} value={other}>
              {RETURN_STATUS[other].label}
            </option>
          ))}
        </select>
      </div>
      <ListResults
        list={list}
        noun="returns"
        empty="No returns here."
        headings={RETURN_HEADINGS}
        page={page}
        onPage={(next) => change({ page: String(next) })}
        row={(item) => <ReturnRow key={item.id} item={item} />}
      />
    </>
  );
}

/** "2 pieces: return and exchange". */
function whatText(item: AdminReturnSummary): string {
  const kinds = [item.has_return ? 'return' : null, item.has_exchange ? 'exchange' : null].filter(Boolean);
  return `${item.pieces} ${item.pieces === 1 ? 'piece' : 'pieces'}: ${kinds.join(' and ')}`;
}

function ReturnRow({ item }: { item: AdminReturnSummary }) {
  return (
    <tr>
      <td>
        <Link to={paths.returnRequest(item.id)} className="fw-semibold">
          #{item.id}
        </Link>
      </td>
      <td>{formatDateTime(item.created_at)}</td>
      <td>
        <Link to={paths.order(item.order_id)}>Order #{item.order_id}</Link>
      </td>
      <td>
        {item.customer}
        <span className="d-block small text-body-secondary">{item.email}</span>
      </td>
      <td>
        <ReturnStatusBadge status={item.status} />
        {item.payment_method === 'cod' && (
          <Badge bg="light" text="dark" className="ms-1 border" title="Cash on delivery">
            COD
          </Badge>
        )}
      </td>
      <td>{whatText(item)}</td>
      <td className="text-end">{item.has_return ? formatRupees(item.refund_amount) : '—'}</td>
    </tr>
  );
}
