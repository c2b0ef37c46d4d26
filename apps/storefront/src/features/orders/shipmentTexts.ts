import type { ShipmentStatus } from '@kapaas/contract';

/** The shopper's words for where a parcel stands (ADR 044's statuses), whoever the courier is. */
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  booked: 'Handed to the courier',
  picked_up: 'Picked up by the courier',
  in_transit: 'On its way',
  out_for_delivery: 'Out for delivery',
  undelivered: 'Delivery attempt failed',
  delivered: 'Delivered',
  rto_initiated: 'Being sent back to the shop',
  rto_delivered: 'Returned to the shop',
  cancelled: 'Shipment cancelled',
  lost: 'Lost by the courier',
};

// The shop and its couriers are in India: a scan's time reads the same wherever the shopper opens the page.
const indiaMoment = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** "28 Nov 2026, 3:05 pm IST" from an ISO 8601 moment, in India's time. */
export function formatIndiaMoment(iso: string): string {
  return `${indiaMoment.format(new Date(iso))} IST`;
}
