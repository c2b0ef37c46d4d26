import { and, eq, type Queryable, shipments, sql } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import type { Step } from '../../lib/workflow';
import { CourierError, type CourierSetup } from '../shiprocket';
import type { ShipmentRow } from './shipping.repository';

/*
 * How a parcel is booked once though the courier's calls are not idempotent (ADR 044), shared by an order's forward
 * booking (booking.ts) and a return's pickup (pickup.ts): the shipment row is claimed under the lock of what it is
 * for, before the courier is asked; each step's answer is kept on it as it comes; a booking in progress holds it for
 * a lease, so a click meanwhile is refused and a click after a crash takes over; a booking that fails lets go at once.
 */

/** How long a booking in progress holds its row before another click may take it over. */
export const BOOKING_LEASE_SECONDS = 120;

/**
 * Takes over a booking left half-way: one that failed, or whose lease ran out (compare-and-set on updated_at). A
 * booking still under way is refused with `busy`.
 */
export async function takeOver(tx: Queryable, earlier: ShipmentRow, busy: () => AppError): Promise<ShipmentRow> {
  const [row] = await tx
    .update(shipments)
    .set({ booking: 'booking', updatedAt: sql`now()` })
    .where(
      and(
        eq(shipments.id, earlier.id),
        sql`(${shipments.booking} = 'failed' OR ${shipments.updatedAt} < now() - make_interval(secs => ${BOOKING_LEASE_SECONDS}))`,
      ),
    )
    .returning();
  if (row) return row;
  throw busy();
}

/** Keeps a step's answer on the shipment, and renews its lease. */
export async function keep(db: Queryable, shipmentId: number, changes: Partial<typeof shipments.$inferInsert>) {
  const [row] = await db
    .update(shipments)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(shipments.id, shipmentId))
    .returning();
  if (!row) throw new Error(`shipment ${shipmentId} vanished`);
  return row;
}

/**
 * A later step failed (the courier refused or could not be reached): the claim lets go at once, keeping what the
 * courier already made, so that the next click resumes the booking instead of waiting for the lease to run out.
 */
export async function letGo(db: Queryable, shipment: ShipmentRow | undefined): Promise<void> {
  if (!shipment) return;
  await db
    .update(shipments)
    .set({ booking: 'failed', updatedAt: sql`now()` })
    .where(and(eq(shipments.id, shipment.id), eq(shipments.booking, 'booking')));
}

/**
 * The courier's failure, in the owner's words: unreachable (502 COURIER_UNAVAILABLE, try again; `stays` says what is
 * left as it was), or what it refused (409 COURIER_REFUSED with the courier's words).
 */
export function courierFailure(error: unknown, stays: string): never {
  if (!(error instanceof CourierError)) throw error;
  if (error.retriable) {
    throw new AppError('PROVIDER_UNAVAILABLE', `The courier could not be reached. ${stays}: try again.`, {
      code: 'COURIER_UNAVAILABLE',
    });
  }
  throw new AppError('CONFLICT', `The courier refused: ${error.message}`, { code: 'COURIER_REFUSED' });
}

/** Runs a courier call, turning its failure into the owner's words. */
export async function askCourier<T>(call: () => Promise<T>, stays: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    courierFailure(error, stays);
  }
}

/** What the AWB step reads and writes of a booking's context (an order's parcel, or a return's pickup). */
interface AwbContext {
  shipment?: ShipmentRow;
  done?: boolean;
  /** The courier the booking chose; the aggregator picks when absent. */
  courierId?: number;
}

/**
 * The step both bookings share: once the courier's shipment exists, it is given an AWB (with the chosen courier, if
 * any) and the AWB, the courier's name and the tracking page are kept on the row. Skipped once booked, or once the
 * AWB is there (a resumed booking).
 */
export function awbStep<C extends AwbContext>(deps: { db: Queryable; courier: CourierSetup }, stays: string): Step<C> {
  return {
    name: 'assign the AWB',
    run: async (context) => {
      const { shipment } = context;
      if (context.done || !shipment?.providerShipmentId || shipment.awb) return;
      const shipmentId = Number(shipment.providerShipmentId);
      const assigned = await askCourier(() => deps.courier.client.assignAwb(shipmentId, context.courierId), stays);
      context.shipment = await keep(deps.db, shipment.id, {
        awb: assigned.awb,
        courierName: assigned.courierName,
        trackingUrl: deps.courier.client.trackingUrl(assigned.awb),
      });
    },
  };
}
