import type { ShipmentStatus } from '@kapaas/contract';

/** One thing a courier said of a parcel: a status at a moment, with where and why. */
export interface TrackingEvent {
  readonly status: ShipmentStatus;
  readonly at: Date;
  readonly location?: string | null;
  readonly reason?: string | null;
}

/** Where a parcel stands, worked out from everything its courier said. */
export interface ShipmentState {
  readonly status: ShipmentStatus;
  readonly at: Date | null;
  /** Failed delivery attempts (NDRs) so far. */
  readonly attempts: number;
  /** The courier's reason for the latest failed attempt. */
  readonly lastReason: string | null;
}

/**
 * The legs of a parcel's life, in the order nothing can undo: on its way to the shopper; sent back to the shop (once
 * the courier says RTO, later scans are of the way back); at an end (delivered, back at the shop, cancelled, lost).
 */
const PHASE: Record<ShipmentStatus, number> = {
  booked: 0,
  picked_up: 0,
  in_transit: 0,
  out_for_delivery: 0,
  undelivered: 0,
  rto_initiated: 1,
  delivered: 2,
  rto_delivered: 2,
  cancelled: 2,
  lost: 2,
};

/** Within a phase, which of two statuses said at the same moment is the later step. */
const STEP: Record<ShipmentStatus, number> = {
  booked: 0,
  picked_up: 1,
  in_transit: 2,
  out_for_delivery: 3,
  undelivered: 4,
  rto_initiated: 5,
  delivered: 6,
  rto_delivered: 7,
  cancelled: 8,
  lost: 9,
};

/** Whether `a` is where the parcel stands rather than `b`: a later phase, else a later moment, else a later step. */
function after(a: TrackingEvent, b: TrackingEvent): boolean {
  if (PHASE[a.status] !== PHASE[b.status]) return PHASE[a.status] > PHASE[b.status];
  if (a.at.getTime() !== b.at.getTime()) return a.at.getTime() > b.at.getTime();
  return STEP[a.status] > STEP[b.status];
}

/**
 * The state of a parcel from its events, in any order and with any repeats (ADR 044): the status is that of the
 * latest event of the latest phase, so a late "in transit" after "delivered" changes nothing, and a webhook repeated
 * or arriving out of order ends where the events in order end. Attempts count the distinct failed deliveries.
 */
export function shipmentStateOf(events: readonly TrackingEvent[]): ShipmentState {
  let latest: TrackingEvent | null = null;
  let lastFailure: TrackingEvent | null = null;
  const failures = new Set<number>();
  for (const event of events) {
    if (latest === null || after(event, latest)) latest = event;
    if (event.status !== 'undelivered') continue;
    failures.add(event.at.getTime());
    if (lastFailure === null || event.at.getTime() > lastFailure.at.getTime()) lastFailure = event;
  }
  return {
    status: latest?.status ?? 'booked',
    at: latest?.at ?? null,
    attempts: failures.size,
    lastReason: lastFailure?.reason ?? null,
  };
}
