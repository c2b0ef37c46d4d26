import type { AdminReturn, AdminReturnPickup, ShipmentStatus } from '@kapaas/contract';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { errorMessage } from '#admin/lib/api.ts';
import { formatDateTime } from '#admin/lib/format.ts';
import { useBookPickup } from '../api/useReturns';

/**
 * Where a return's parcel is, in the owner's words: the courier goes from the customer to the shop, so "delivered" is
 * back at the shop, and a failed attempt is a pickup that did not happen.
 */
export const PICKUP_STATUS: Record<ShipmentStatus, string> = {
  booked: 'Booked: waiting for the courier',
  picked_up: 'Picked up from the customer',
  in_transit: 'In transit to the shop',
  out_for_delivery: 'Out for delivery to the shop',
  undelivered: 'Not delivered to the shop yet: the courier will try again',
  delivered: 'Back at the shop',
  rto_initiated: 'Being sent back to the customer',
  rto_delivered: 'Back with the customer',
  cancelled: 'Cancelled',
  lost: 'Lost by the courier',
};

/** The message shown once the courier's pickup is booked. */
function bookedMessage(pickup: AdminReturnPickup): string {
  return `Pickup booked with ${pickup.courier_name ?? 'the courier'}: AWB ${pickup.awb}. The customer is told.`;
}

/**
 * "Book pickup" on an approved return without one: the courier fetches the parcel from the customer's address and
 * brings it to the shop (POST /returns/:id/pickup). Pressed twice, it is still one pickup; the courier's refusal, or
 * its being unreachable, is shown as the server words it, and the button stays to try again.
 */
export function BookPickup({ ret, onDone }: { ret: AdminReturn; onDone: (message: string) => void }) {
  const book = useBookPickup(ret.id);
  const press = async () => {
    try {
      const answer = await book.mutateAsync({});
      if (answer.data.pickup) onDone(bookedMessage(answer.data.pickup));
    } catch {
      // Shown below from the mutation's error.
    }
  };
  return (
    <div className="mb-3">
      <p className="mb-2">
        Book a pickup and the courier fetches the parcel from the customer; the return is received by itself when the
        parcel reaches you.
      </p>
      <Button disabled={book.isPending} onClick={() => void press()}>
        {book.isPending ? 'Booking the courier…' : 'Book pickup'}
      </Button>
      {book.isError && (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {errorMessage(book.error)}
        </Alert>
      )}
    </div>
  );
}

/** The courier's pickup of a return, once booked: who comes, the AWB, where the parcel is, and its tracking page. */
export function PickupCard({ pickup }: { pickup: AdminReturnPickup }) {
  return (
    <Card>
      <Card.Body>
        <h2 className="h6">Courier pickup</h2>
        <dl className="shipment-facts">
          <dt>Courier</dt>
          <dd>{pickup.courier_name ?? 'Not named yet'}</dd>
          <dt>AWB</dt>
          <dd className="font-monospace text-break">{pickup.awb}</dd>
          <dt>Status</dt>
          <dd className={pickup.status === 'delivered' ? 'text-success fw-semibold' : 'fw-semibold'}>
            {PICKUP_STATUS[pickup.status]}
          </dd>
          <dt>Booked</dt>
          <dd>{formatDateTime(pickup.booked_at)}</dd>
        </dl>
        {pickup.tracking_url && (
          <a href={pickup.tracking_url} target="_blank" rel="noopener noreferrer" className="btn btn-outline-primary">
            Track
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </Card.Body>
    </Card>
  );
}
