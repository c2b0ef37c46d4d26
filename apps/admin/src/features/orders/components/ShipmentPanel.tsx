import type { AdminShipment, ShipmentStatus } from '@kapaas/contract';
import Card from 'react-bootstrap/Card';
import { DownloadButton } from '#admin/components/DownloadButton.tsx';

/** Each state of a parcel in the owner's words (an undelivered parcel says more: see `statusText`). */
export const SHIPMENT_STATUS: Record<ShipmentStatus, string> = {
  booked: 'Booked: waiting for pickup',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  undelivered: 'Undelivered',
  delivered: 'Delivered',
  rto_initiated: 'Being sent back to the shop',
  rto_delivered: 'Back at the shop',
  cancelled: 'Cancelled',
  lost: 'Lost by the courier',
};

/** States the owner may have to act on: a failed attempt, a parcel coming back or gone. */
const NEEDS_ATTENTION: readonly ShipmentStatus[] = ['undelivered', 'rto_initiated', 'rto_delivered', 'lost'];

/** States of a parcel still on its way to the shopper, when the courier's expected date means something. */
const ON_ITS_WAY: readonly ShipmentStatus[] = ['booked', 'picked_up', 'in_transit', 'out_for_delivery', 'undelivered'];

/** The status's colour: red when the owner may have to act, green once delivered. */
function statusClass(status: ShipmentStatus): string {
  if (NEEDS_ATTENTION.includes(status)) return 'text-danger fw-semibold';
  return status === 'delivered' ? 'text-success fw-semibold' : 'fw-semibold';
}

/** The parcel's state; a failed delivery says how many attempts failed. */
export function statusText(shipment: Pick<AdminShipment, 'status' | 'attempts'>): string {
  if (shipment.status !== 'undelivered') return SHIPMENT_STATUS[shipment.status];
  return `Undelivered: ${shipment.attempts} failed attempt${shipment.attempts === 1 ? '' : 's'}.`;
}

// The courier's expected date is a day on India's calendar, whatever the computer's clock says.
const etdDay = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

/** A link to the courier's site, in a new tab that cannot reach back into the console. */
function CourierLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="btn btn-outline-primary">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/**
 * The parcel booked with the courier ("Ship with courier"): who carries it, its AWB, where it is, the courier's
 * tracking page, and its label as a PDF (GET /orders/:id/label.pdf asks the courier for it each time).
 */
export function ShipmentPanel({ orderId, shipment }: { orderId: number; shipment: AdminShipment }) {
  return (
    <Card>
      <Card.Body>
        <h2 className="h6">Shipment</h2>
        <dl className="shipment-facts">
          <dt>Courier</dt>
          <dd>{shipment.courier_name ?? 'Not named yet'}</dd>
          <dt>AWB</dt>
          <dd className="font-monospace text-break">{shipment.awb}</dd>
          <dt>Status</dt>
          <dd>
            <span className={statusClass(shipment.status)}>{statusText(shipment)}</span>
            {/* The reason stays with the last failed attempt; once delivered or sent back it is history. */}
            {shipment.status === 'undelivered' && shipment.last_reason && (
              <>
                {' '}
                <span className="d-block">The courier says: “{shipment.last_reason}”</span>
              </>
            )}
          </dd>
          {shipment.etd && ON_ITS_WAY.includes(shipment.status) && (
            <>
              <dt>Expected delivery</dt>
              <dd>{etdDay.format(new Date(shipment.etd))}</dd>
            </>
          )}
        </dl>
        <div className="d-flex flex-wrap gap-2">
          {shipment.tracking_url && <CourierLink href={shipment.tracking_url}>Track</CourierLink>}
          <DownloadButton
            label="Label (PDF)"
            path={`orders/${orderId}/label.pdf`}
            filename={() => `kapaas-label-${orderId}.pdf`}
          />
        </div>
      </Card.Body>
    </Card>
  );
}
