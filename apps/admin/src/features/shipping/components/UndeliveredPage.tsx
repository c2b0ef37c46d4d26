import type { AdminShipmentListItem } from '@kapaas/contract';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { ConfirmDialog } from '#admin/components/ConfirmDialog.tsx';
import { LoadingState } from '#admin/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#admin/components/feedback/QueryErrorAlert.tsx';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { Pager } from '#admin/components/Pager.tsx';
import { formatDateTime } from '#admin/lib/format.ts';
import { paths } from '#admin/lib/paths.ts';
import { UNDELIVERED_PER_PAGE, useNdrAction, useUndeliveredShipments } from '../api/useUndelivered';
import { ReattemptDialog } from './ReattemptDialog';

/** What the page says after an action, above the list. */
interface Outcome {
  awb: string;
  text: string;
}

/**
 * The undelivered queue (issue 33): every parcel whose delivery the courier reports failed, with the shopper to call,
 * the courier's reason, the failed attempts and since when. The owner asks the courier to try again (a day, a
 * corrected phone or address) or to bring the parcel back; a parcel leaves the list when the courier reports its next
 * step (the sandbox and Shiprocket do so by webhook).
 */
export function UndeliveredPage() {
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const list = useUndeliveredShipments(page);

  let body: React.ReactNode;
  if (list.isPending) body = <LoadingState label="Loading the undelivered parcels" />;
  else if (list.isError) body = <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.data.length === 0) {
    body = (
      <p className="text-body-secondary">
        No failed deliveries to act on. Parcels the courier could not deliver show here.
      </p>
    );
  } else {
    body = (
      <>
        <ul className="list-unstyled d-grid gap-3 mb-0" aria-label="Undelivered parcels">
          {list.data.data.map((shipment) => (
            <li key={shipment.awb}>
              <UndeliveredParcel
                shipment={shipment}
                asked={outcome?.awb === shipment.awb ? outcome.text : null}
                onDone={(text) => setOutcome({ awb: shipment.awb, text })}
              />
            </li>
          ))}
        </ul>
        <Pager page={page} perPage={UNDELIVERED_PER_PAGE} total={list.data.total} onPage={setPage} />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Undelivered parcels" />
      <p className="text-body-secondary">
        The courier could not deliver these parcels. Call the shopper, then ask the courier to try again (on a day, or
        at a corrected phone number or address) or to bring the parcel back to the shop. A cash-on-delivery parcel
        brought back costs the freight both ways.
      </p>
      {outcome && (
        <Alert variant="success" role="status">
          {outcome.text}
        </Alert>
      )}
      {body}
    </>
  );
}

/** Who answered the last failed attempt, and where (the shopper's answers need no call). */
const ANSWERED_VIA: Record<NonNullable<AdminShipmentListItem['answered']>['via'], string> = {
  console: 'in the console',
  link: 'by the shopper, from the message’s link',
  whatsapp: 'by the shopper on WhatsApp',
};

/** The words for the failed attempts: "1 failed attempt", "2 failed attempts". */
const attemptsText = (attempts: number) => `${attempts} failed attempt${attempts === 1 ? '' : 's'}`;

interface UndeliveredParcelProps {
  shipment: AdminShipmentListItem;
  /** What the owner asked for this parcel on this page, until the courier moves it. */
  asked: string | null;
  onDone: (text: string) => void;
}

/** One failed delivery: the order, the shopper to call, the courier's reason, and the owner's two answers. */
function UndeliveredParcel({ shipment, asked, onDone }: UndeliveredParcelProps) {
  const [dialog, setDialog] = useState<'re-attempt' | 'return' | null>(null);
  const action = useNdrAction(shipment.awb);
  const courier = shipment.courier_name ?? 'the courier';
  const order = `order #${shipment.order_id}`;
  const headingId = `undelivered-${shipment.awb}`;

  return (
    <Card as="section" aria-labelledby={headingId}>
      <Card.Body>
        <h2 id={headingId} className="h6">
          <Link to={paths.order(shipment.order_id)}>Order #{shipment.order_id}</Link>
        </h2>
        <dl className="shipment-facts">
          <dt>Shopper</dt>
          <dd>
            {shipment.customer_name}, <a href={`tel:+91${shipment.phone_number}`}>{shipment.phone_number}</a>
          </dd>
          <dt>Courier</dt>
          <dd>
            {courier} · AWB <span className="font-monospace text-break">{shipment.awb}</span>
          </dd>
          <dt>The courier says</dt>
          <dd className="text-danger fw-semibold">{shipment.last_reason ?? 'No reason given'}</dd>
          <dt>Attempts</dt>
          <dd>{attemptsText(shipment.attempts)}</dd>
          <dt>Since</dt>
          <dd>{formatDateTime(shipment.status_at)}</dd>
        </dl>
        {!asked && shipment.answered && (
          <p className="small text-success fw-semibold">
            Answered {ANSWERED_VIA[shipment.answered.via]}, {formatDateTime(shipment.answered.at)}. Waiting for the
            courier’s next update.
          </p>
        )}
        {asked && <p className="small text-body-secondary">{asked} Waiting for the courier’s next update.</p>}
        <div className="d-flex flex-wrap gap-2">
          <Button variant="primary" onClick={() => setDialog('re-attempt')}>
            Re-attempt…
          </Button>
          <Button variant="outline-danger" onClick={() => setDialog('return')}>
            Return to origin…
          </Button>
        </div>
      </Card.Body>
      <ReattemptDialog
        show={dialog === 're-attempt'}
        courier={courier}
        orderId={shipment.order_id}
        phone={shipment.phone_number}
        onClose={() => setDialog(null)}
        onSend={async (body) => {
          await action.mutateAsync(body);
          const day = body.action === 're-attempt' && body.date ? ` on ${body.date}` : '';
          onDone(`Asked ${courier} to try ${order} again${day}.`);
        }}
      />
      <ConfirmDialog
        show={dialog === 'return'}
        onClose={() => setDialog(null)}
        title={`Bring ${order} back to the shop?`}
        body={
          <p className="mb-0">
            {courier} stops trying and returns the parcel (AWB {shipment.awb}); the return freight is charged. Once a
            cash-on-delivery parcel is back, its shopper cannot pay on delivery again for 90 days.
          </p>
        }
        confirmLabel="Yes, return to origin"
        onConfirm={async () => {
          await action.mutateAsync({ action: 'return' });
          onDone(`Asked ${courier} to bring ${order} back to the shop.`);
        }}
      />
    </Card>
  );
}
