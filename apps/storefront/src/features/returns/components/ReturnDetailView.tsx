import type { ReturnDetail } from '@kapaas/contract';
import { Link, useLocation } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { ReturnStatusBadge } from '#storefront/components/returns/ReturnStatusBadge.tsx';
import { formatRupees } from '#storefront/lib/money.ts';
import { formatOrderDate, formatOrderMoment } from '#storefront/lib/orderDates.ts';
import { paths } from '#storefront/lib/paths.ts';
import { returnPaths } from '#storefront/lib/returnPaths.ts';
import { REFUND_METHOD_LABELS, RETURN_STATUS_LABELS } from '#storefront/lib/returnTexts.ts';
import { useReturnDetails } from '../api/returnQueries';
import { returnTimeline } from '../returnTimeline';
import type { ReturnSentState } from './ReturnForm';
import { ReturnLineList } from './ReturnLineList';
import '../returns.css';

function sentMessage(state: unknown): string | null {
  return typeof state === 'object' && state !== null && typeof (state as ReturnSentState).sent === 'string'
    ? (state as ReturnSentState).sent
    : null;
}

/** /returns/:returnId: the lines, where the return stands, the refund and the exchange's parcel. */
export function ReturnDetailView({ returnId }: { returnId: number }) {
  const detail = useReturnDetails(returnId);
  const sent = sentMessage(useLocation().state);
  if (detail.isPending) return <LoadingState label="Loading your return" />;
  if (detail.isError) return <QueryErrorAlert error={detail.error} onRetry={() => detail.refetch()} />;
  return <ReturnDetailContent detail={detail.data} sent={sent} />;
}

function ReturnDetailContent({ detail, sent }: { detail: ReturnDetail; sent: string | null }) {
  return (
    <div className="order-detail return-detail">
      {sent && (
        <div className="alert alert-success" role="status">
          {sent}
        </div>
      )}
      <div className="order-detail__head">
        <div>
          <h2 className="order-detail__title">Return #{detail.return_id}</h2>
          <p className="order-card__date">
            Asked on {formatOrderDate(detail.created_at)} · for{' '}
            <Link to={paths.orderDetail(detail.order_id)}>order #{detail.order_id}</Link>
          </p>
        </div>
        <ReturnStatusBadge status={detail.status} />
      </div>
      <div className="row g-4">
        <div className="col-lg-8">
          <section className="order-panel" aria-labelledby="return-lines-title">
            <h3 className="order-panel__title" id="return-lines-title">
              Pieces
            </h3>
            <ReturnLineList lines={detail.lines} detailed />
            {detail.photos.length > 0 && (
              <ul className="return-photos__list" aria-label="Your photos">
                {detail.photos.map((url, index) => (
                  <li key={url}>
                    <a href={url} target="_blank" rel="noopener">
                      <img src={url} alt={`Attachment ${index + 1}`} width={96} height={96} loading="lazy" />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <ReturnTimeline detail={detail} />
        </div>
        <div className="col-lg-4">
          <RefundPanel detail={detail} />
          <ExchangePanel detail={detail} />
        </div>
      </div>
      <Link to={returnPaths.returns} className="btn btn-outline-primary">
        Back to My Returns
      </Link>
    </div>
  );
}

function ReturnTimeline({ detail }: { detail: ReturnDetail }) {
  return (
    <section className="order-panel" aria-labelledby="return-status-title">
      <h3 className="order-panel__title" id="return-status-title">
        Return Status
      </h3>
      <ol className="order-timeline return-timeline">
        {returnTimeline(detail).map((step) => (
          <li
            key={step.status}
            className={`order-timeline__step${step.at === null ? ' return-timeline__step--todo' : ''}`}
            aria-current={step.status === detail.status ? 'step' : undefined}
          >
            <span className="order-timeline__status">{RETURN_STATUS_LABELS[step.status]}</span>
            {step.at === null ? (
              <span className="order-timeline__time">To come</span>
            ) : (
              <time className="order-timeline__time" dateTime={step.at}>
                {formatOrderMoment(step.at)}
              </time>
            )}
            {step.note && <span className="order-timeline__note">{step.note}</span>}
            {step.message && <span className="return-timeline__message">From the shop: “{step.message}”</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function RefundPanel({ detail }: { detail: ReturnDetail }) {
  if (!detail.lines.some((line) => line.kind === 'return')) return null;
  const refund = detail.refund;
  return (
    <section className="order-panel" aria-labelledby="return-refund-title">
      <h3 className="order-panel__title" id="return-refund-title">
        Refund
      </h3>
      {refund ? (
        <>
          <p className="mb-1">
            <strong>{formatRupees(refund.amount)}</strong> refunded {REFUND_METHOD_LABELS[refund.method]} on{' '}
            <time dateTime={refund.at}>{formatOrderDate(refund.at)}</time>.
          </p>
          {refund.reference && <p className="mb-0 small">Reference: {refund.reference}</p>}
        </>
      ) : detail.status === 'rejected' ? (
        <p className="mb-0">No refund: the request was not accepted.</p>
      ) : (
        <p className="mb-0">
          <strong>{formatRupees(detail.refund_amount)}</strong> comes back to you once we have the pieces back.
        </p>
      )}
    </section>
  );
}

function ExchangePanel({ detail }: { detail: ReturnDetail }) {
  if (!detail.lines.some((line) => line.kind === 'exchange')) return null;
  const shipment = detail.exchange_shipment;
  return (
    <section className="order-panel" aria-labelledby="return-exchange-title">
      <h3 className="order-panel__title" id="return-exchange-title">
        Exchange
      </h3>
      {shipment ? (
        <>
          <p className="mb-1">
            Your new size left us on <time dateTime={shipment.at}>{formatOrderDate(shipment.at)}</time>.
          </p>
          <p className="mb-0 return-detail__tracking">{shipment.tracking_note}</p>
        </>
      ) : detail.status === 'rejected' ? (
        <p className="mb-0">No exchange: the request was not accepted.</p>
      ) : (
        <p className="mb-0">We send the new size once we have the pieces back.</p>
      )}
    </section>
  );
}
