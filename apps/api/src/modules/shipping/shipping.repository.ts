import type { ShipmentStatus } from '@kapaas/contract';
import { and, asc, eq, ne, type Queryable, shipmentEvents, shipments, sql } from '@kapaas/db';
import type { ShipmentState, TrackingEvent } from './tracking';

/** A shipment row as stored. */
export type ShipmentRow = typeof shipments.$inferSelect;

/** The shipment a courier knows by this AWB, without a lock (to find its order, which is locked first). */
export async function shipmentByAwb(db: Queryable, awb: string): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.awb, awb));
  return row;
}

/** A shipment, locked until the transaction ends (its order's lock is taken before). */
export async function lockShipment(tx: Queryable, shipmentId: number): Promise<ShipmentRow | undefined> {
  const [row] = await tx.select().from(shipments).where(eq(shipments.id, shipmentId)).for('update');
  return row;
}

/** An order's forward shipment, if it has one. */
export async function forwardShipmentOf(db: Queryable, orderId: number): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.kind, 'forward')));
  return row;
}

/**
 * Whether an order's parcel is with the courier: a forward shipment being booked, booked, or left by a booking that
 * failed half-way (the courier may hold its order), anything but cancelled. A cash-on-delivery order with one is no
 * longer offered to pay online (issue 34): the courier's paperwork says cash on delivery. Read under the order's lock,
 * which the booking's claim holds when it writes the row.
 */
export async function hasParcel(db: Queryable, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shipments.id })
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.kind, 'forward'), ne(shipments.status, 'cancelled')));
  return row !== undefined;
}

/** A return's reverse pickup, if one was booked (or is being booked). */
export async function returnShipmentOf(db: Queryable, returnId: number): Promise<ShipmentRow | undefined> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.kind, 'return'), eq(shipments.returnId, returnId)));
  return row;
}

/**
 * Keeps what the courier said, once: the same status at the same moment again (a repeated webhook) is not stored.
 * Answers whether it was new.
 */
export async function recordShipmentEvent(
  tx: Queryable,
  shipmentId: number,
  event: TrackingEvent,
  raw: Record<string, unknown>,
): Promise<boolean> {
  const rows = await tx
    .insert(shipmentEvents)
    .values({
      shipmentId,
      status: event.status,
      at: event.at,
      location: event.location ?? null,
      reason: event.reason ?? null,
      raw,
    })
    .onConflictDoNothing()
    .returning({ id: shipmentEvents.id });
  return rows.length > 0;
}

/** Everything the courier said of a shipment, oldest first. */
export async function eventsOf(db: Queryable, shipmentId: number) {
  return db
    .select()
    .from(shipmentEvents)
    .where(eq(shipmentEvents.shipmentId, shipmentId))
    .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
}

/** Stores where the parcel stands now, and the courier's latest expected delivery date when it gave one. */
export async function saveShipmentState(
  tx: Queryable,
  shipmentId: number,
  state: ShipmentState,
  etd: Date | null,
): Promise<void> {
  await tx
    .update(shipments)
    .set({
      status: state.status,
      statusAt: state.at,
      attempts: state.attempts,
      lastReason: state.lastReason,
      ...(etd ? { etd } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(shipments.id, shipmentId));
}

/** Statuses of a shipment still on its way: the ones tracking can still move. */
export const OPEN_SHIPMENT_STATUSES: readonly ShipmentStatus[] = [
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'undelivered',
  'rto_initiated',
];
