import { type AdminReturn, RETURN_REASON_LABELS } from '@kapaas/contract';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link, useParams } from 'react-router';
import { Thumb } from '#admin/components/cells.tsx';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { HistoryCard } from '#admin/components/HistoryCard.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { formatDateTime, formatRupees } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { useReturn } from '../api/useReturns';
import { ReturnActions } from './ReturnActions';
import { ReturnPhoto } from './ReturnPhoto';
import { PickupCard } from './ReturnPickup';
import { RETURN_STATUS, ReturnStatusBadge } from './ReturnStatusBadge';

const REFUND_METHODS: Record<NonNullable<AdminReturn['refund']>['method'], string> = {
  provider: 'through the payment provider',
  bank: 'by bank transfer',
  upi: 'by UPI',
};

/** One return: its order and customer, the pieces and photos, the history, the refund and exchange, and the next step. */
export function ReturnDetailPage() {
  const id = Number(useParams().id);
  const ret = useReturn(id);

  if (ret.isPending) return <LoadingState label="Loading the return" />;
  if (ret.isError) return <QueryErrorAlert error={ret.error} onRetry={() => void ret.refetch()} />;
  const r = ret.data;

  return (
    <>
      <PageHeader
        title={`Return #${r.id}`}
        back={{ to: paths.returns, label: 'All returns' }}
        actions={<ReturnStatusBadge status={r.status} />}
      />
      <p className="text-body-secondary">
        Asked {formatDateTime(r.created_at)} · for <Link to={paths.order(r.order_id)}>order #{r.order_id}</Link> ·{' '}
        <span className="text-body">{r.customer}</span> (<a href={`mailto:${r.email}`}>{r.email}</a>)
        {r.payment_method === 'cod' && (
          <>
            {' · '}
            <strong className="text-body">Cash on delivery</strong>
          </>
        )}
      </p>

      <div className="order-grid">
        <Card className="order-grid__wide">
          <Card.Body>
            <h2 className="h6">Next step</h2>
            <ReturnActions ret={r} />
          </Card.Body>
        </Card>

        <Card className="order-grid__wide">
          <Card.Body>
            <h2 className="h6">Pieces</h2>
            <ReturnLinesTable ret={r} />
            {r.photos.length > 0 && (
              <>
                <h3 className="h6 mt-3">Photos from the customer</h3>
                <ul className="list-inline mb-0">
                  {r.photos.map((url, index) => (
                    <li key={url} className="list-inline-item">
                      <ReturnPhoto url={url} alt={`Customer's attachment ${index + 1}`} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </Card.Body>
        </Card>

        {r.pickup && <PickupCard pickup={r.pickup} />}

        <HistoryCard entries={r.history} label={(status) => RETURN_STATUS[status].label} />

        <Card>
          <Card.Body>
            <h2 className="h6">Refund and exchange</h2>
            <Settlement ret={r} />
          </Card.Body>
        </Card>
      </div>
    </>
  );
}

function ReturnLinesTable({ ret }: { ret: AdminReturn }) {
  return (
    <div className="table-responsive">
      <Table size="sm" className="align-middle mb-2">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Asked</th>
            <th scope="col" className="text-end">
              Qty
            </th>
            <th scope="col">Reason</th>
            <th scope="col" className="text-end">
              Value
            </th>
          </tr>
        </thead>
        <tbody>
          {ret.lines.map((line) => (
            <tr key={`${line.product_id}-${line.size_id}-${line.kind}`}>
              <td>
                <span className="d-inline-flex align-items-center gap-2">
                  <Thumb src={line.product_image} />
                  {line.product_name}
                </span>
              </td>
              <td>
                {line.kind === 'exchange' ? (
                  <>
                    <Badge bg="info" text="dark">
                      Exchange
                    </Badge>{' '}
                    {line.size} → {line.new_size}
                  </>
                ) : (
                  <>
                    <Badge bg="secondary">Return</Badge> {line.size}
                  </>
                )}
              </td>
              <td className="text-end">{line.quantity}</td>
              <td>
                {RETURN_REASON_LABELS[line.reason]}
                {line.note && <span className="d-block small text-body-secondary">“{line.note}”</span>}
              </td>
              <td className="text-end">{formatRupees(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function Settlement({ ret }: { ret: AdminReturn }) {
  const { refund, exchange_shipment: shipment } = ret;
  return (
    <dl className="mb-0">
      {ret.has_return && (
        <>
          <dt>Refund</dt>
          <dd>
            {refund ? (
              <>
                {formatRupees(refund.amount)} {REFUND_METHODS[refund.method]} on {formatDateTime(refund.at)}
                {refund.reference && <span className="d-block small">Reference: {refund.reference}</span>}
                {refund.provider_refund_id && (
                  <span className="d-block small text-body-secondary">{refund.provider_refund_id}</span>
                )}
              </>
            ) : ret.status === 'rejected' ? (
              'None: the request was rejected.'
            ) : (
              <>{formatRupees(ret.refund_amount)} to refund once the parcel is back.</>
            )}
          </dd>
        </>
      )}
      {ret.has_exchange && (
        <>
          <dt>Exchange</dt>
          <dd>
            {shipment ? (
              <>
                Shipped {formatDateTime(shipment.at)}
                <span className="d-block small">{shipment.tracking_note}</span>
              </>
            ) : ret.status === 'rejected' ? (
              'None: the request was rejected.'
            ) : (
              'Not shipped yet.'
            )}
          </dd>
        </>
      )}
      {ret.decision_message && (
        <>
          <dt>Message to the customer</dt>
          <dd className="mb-0">“{ret.decision_message}”</dd>
        </>
      )}
    </dl>
  );
}
