import { type AdminOrderSummary, PAID_BY_LABELS, PAID_BY_VALUES } from '@kapaas/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Nav from 'react-bootstrap/Nav';
import { Link } from 'react-router';
import { DownloadButton } from '#admin/components/DownloadButton.tsx';
import { ORDER_STATUS, type OrderStatus, OrderStatusBadge } from '#admin/components/OrderStatusBadge.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { PaidByBadge } from '#admin/components/PaidBy.tsx';
import { type ListHeading, ListResults } from '#admin/components/resource/ListResults.tsx';
import { useListParams } from '#admin/components/resource/ResourceListPage.tsx';
import { SearchBox } from '#admin/components/SearchBox.tsx';
import { formatDateTime, formatRupees, localDay } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { useOrderList } from '../api/useOrders';
import { GstReportDownload } from './GstReportDownload';
import { OrderRowActions, type RowOutcome } from './OrderRowActions';
import { ChooseCell, PrintBar, type PrintSelection, usePrintSelection } from './PrintOrders';

/**
 * The tabs of the list: the statuses the owner works through, the orders holding a payment whose
 * refund failed (money to give back by hand), then everything else in a select.
 */
const TABS: { status: OrderStatus | ''; payment_status: '' | 'refund_failed'; label: string }[] = [
  { status: 'paid', payment_status: '', label: 'To pack' },
  { status: 'packed', payment_status: '', label: 'Packed' },
  { status: 'shipped', payment_status: '', label: 'Shipped' },
  { status: 'delivered', payment_status: '', label: 'Delivered' },
  { status: '', payment_status: 'refund_failed', label: 'Refund failed' },
  { status: '', payment_status: '', label: 'All orders' },
];
const OTHER_STATUSES: OrderStatus[] = [
  'cod_pending_confirmation',
  'cod_confirmed',
  'returned_to_origin',
  'pending_payment',
  'payment_failed',
  'expired',
  'cancelled',
  'refunded',
];

const ORDER_HEADINGS: ListHeading[] = [
  { header: 'Choose to print', hidden: true },
  { header: 'Order' },
  { header: 'Placed' },
  { header: 'Customer' },
  { header: 'Status' },
  { header: 'Items', className: 'text-end' },
  { header: 'Total', className: 'text-end' },
  { header: 'Actions', hidden: true },
];

/** How an order is paid, for the list's filter. */
const PAYMENT_METHODS = [
  { value: '', label: 'Any payment' },
  { value: 'online', label: 'Paid online' },
  { value: 'cod', label: 'Cash on delivery' },
] as const;

/** How an order was paid, for the list's second filter. */
const PAID_BY_FILTERS = [
  { value: '', label: 'Any method' },
  ...PAID_BY_VALUES.map((value) => ({ value, label: PAID_BY_LABELS[value] })),
];

/** Orders, newest first: by status, by date, or by customer name and e-mail. */
export function OrdersPage() {
  const { page, q, filters, query, change } = useListParams([
    'status',
    'payment_status',
    'payment_method',
    'paid_by',
    'from',
    'to',
  ]);
  const list = useOrderList(query);
  const status = filters.status ?? '';
  const paymentStatus = filters.payment_status ?? '';
  const [outcome, setOutcome] = useState<RowOutcome | null>(null);
  const selection = usePrintSelection();

  return (
    <>
      <PageHeader
        title="Orders"
        actions={
          <>
            <GstReportDownload />
            <DownloadButton
              label="Download (CSV)"
              path="orders.csv"
              filename={() => `kapaas-orders-${localDay()}.csv`}
              query={{ q, ...filters }}
            />
          </>
        }
      />
      <Nav variant="tabs" className="mb-3" as="ul">
        {TABS.map((tab) => (
          <Nav.Item as="li" key={tab.label}>
            <Nav.Link
              as="button"
              type="button"
              active={status === tab.status && paymentStatus === tab.payment_status}
              aria-current={status === tab.status && paymentStatus === tab.payment_status ? 'page' : undefined}
              onClick={() => change({ status: tab.status, payment_status: tab.payment_status })}
            >
              {tab.label}
            </Nav.Link>
          </Nav.Item>
        ))}
      </Nav>
      <div className="list-tools">
        <SearchBox value={q} label="Search by customer" onSearch={(text) => change({ q: text })} />
        <select
          className="form-select list-tools__filter"
          aria-label="Other statuses"
          value={OTHER_STATUSES.includes(status as OrderStatus) ? status : ''}
          onChange={(event) => change({ status: event.target.value, payment_status: '' })}
        >
          <option value="">Other statuses…</option>
          {OTHER_STATUSES.map((other) => (
            <option key={other} value={other}>
              {ORDER_STATUS[other].label}
            </option>
          ))}
        </select>
        <select
          className="form-select list-tools__filter"
          aria-label="Payment method"
          value={filters.payment_method}
          onChange={(event) => change({ payment_method: event.target.value })}
        >
          {PAYMENT_METHODS.map((method) => (
            <option key={method.value} value={method.value}>
              {method.label}
            </option>
          ))}
        </select>
        <select
          className="form-select list-tools__filter"
          aria-label="Paid by"
          value={filters.paid_by}
          onChange={(event) => change({ paid_by: event.target.value })}
        >
          {PAID_BY_FILTERS.map((method) => (
            <option key={method.value} value={method.value}>
              {method.label}
            </option>
          ))}
        </select>
        <label className="list-tools__date">
          <span>From</span>
          <input
            type="date"
            className="form-control"
            value={filters.from}
            onChange={(event) => change({ from: event.target.value })}
          />
        </label>
        <label className="list-tools__date">
          <span>To</span>
          <input
            type="date"
            className="form-control"
            value={filters.to}
            onChange={(event) => change({ to: event.target.value })}
          />
        </label>
      </div>
      {outcome && (
        <Alert
          variant={outcome.variant}
          role={outcome.variant === 'success' ? 'status' : 'alert'}
          dismissible
          onClose={() => setOutcome(null)}
        >
          {outcome.text}
        </Alert>
      )}
      <PrintBar selection={selection} shown={list.data?.data ?? []} />
      <ListResults
        list={list}
        noun="orders"
        empty="No orders here."
        headings={ORDER_HEADINGS}
        page={page}
        onPage={(next) => change({ page: String(next) })}
        row={(order) => <OrderRow key={order.id} order={order} selection={selection} onOutcome={setOutcome} />}
      />
    </>
  );
}

interface OrderRowProps {
  order: AdminOrderSummary;
  selection: PrintSelection;
  onOutcome: (outcome: RowOutcome) => void;
}

function OrderRow({ order, selection, onOutcome }: OrderRowProps) {
  return (
    <tr>
      <ChooseCell order={order} selection={selection} />
      <td>
        <Link to={paths.order(order.id)} className="fw-semibold">
          #{order.id}
        </Link>
      </td>
      <td>{formatDateTime(order.created_at)}</td>
      <td>
        {order.customer.name}
        <span className="d-block small text-body-secondary">
          {order.customer.kind === 'guest' ? 'Guest · ' : ''}
          {order.customer.email}
        </span>
      </td>
      <td>
        <OrderStatusBadge status={order.status} />
        {order.payment_method === 'cod' && (
          <Badge bg="light" text="dark" className="ms-1 border" title="Cash on delivery">
            COD
          </Badge>
        )}
        <PaidByBadge paidBy={order.paid_by} />
      </td>
      <td className="text-end">{order.total_items}</td>
      <td className="text-end">
        {formatRupees(order.total)}
        {order.cod_to_collect > 0 && (
          <span className="d-block small text-body-secondary">
            {order.cod_advance > 0 && `advance ${formatRupees(order.cod_advance)} paid, `}
            {formatRupees(order.cod_to_collect)} to collect
          </span>
        )}
        {order.refunded > 0 && (
          <span className="d-block small text-danger">{formatRupees(order.refunded)} refunded</span>
        )}
      </td>
      <td className="text-end">
        <OrderRowActions order={order} onOutcome={onOutcome} />
      </td>
    </tr>
  );
}
