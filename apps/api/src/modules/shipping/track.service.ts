import type { ShipmentStatus } from '@kapaas/contract';
import type { ServiceDeps } from '../../lib/deps';
import {
  inOrderTransaction,
  lockOrder,
  moveOrder,
  type OrderDeps,
  type OrderTransaction,
  recordEvent,
} from '../orders';
import { followOnReturn } from './pickup';
import { tellShopperOfParcel } from './shipment-mail';
import {
  eventsOf,
  lockShipment,
  recordShipmentEvent,
  type ShipmentRow,
  saveShipmentState,
  shipmentByAwb,
} from './shipping.repository';
import { type ShipmentState, shipmentStateOf, type TrackingEvent } from './tracking';

/** What a courier reported of one parcel, in the shop's words (the adapter maps its own codes to these). */
export interface TrackingUpdate extends TrackingEvent {
  readonly awb: string;
  /** The courier's expected delivery date, when it says one. */
  readonly etd?: Date | null;
  /** The courier's payload as received, kept with the event. */
  readonly raw: Record<string, unknown>;
}

/** What became of a tracking update. */
export type TrackingOutcome =
  | { kind: 'unknown_awb' }
  | { kind: 'repeated'; orderId: number }
  | { kind: 'recorded'; orderId: number; status: ShipmentStatus; changed: boolean };

/**
 * Applies one tracking update (ADR 044), in one transaction under the order's lock, then the shipment's: the event is
 * stored once (a repeat changes nothing); the shipment's state is worked out again from all its events (so an update
 * arriving late never moves it back); and when the parcel's state changed, what follows for the order: delivered
 * moves the order to delivered (the return window, the review request and the cash to collect hang on it), back at
 * the shop moves it to returned_to_origin (the COD block), and the other steps are lines in its history. The shopper
 * hears of the parcel out for delivery and of a failed attempt (shipment-mail.ts), in the same transaction.
 */
export async function applyTrackingUpdate(
  deps: OrderDeps & Pick<ServiceDeps, 'mail'>,
  update: TrackingUpdate,
): Promise<TrackingOutcome> {
  const found = await shipmentByAwb(deps.db, update.awb);
  if (!found) return { kind: 'unknown_awb' };
  return inOrderTransaction(deps, async (t) => {
    await lockOrder(t.tx, found.orderId);
    const shipment = await lockShipment(t.tx, found.id);
    if (!shipment) return { kind: 'unknown_awb' };
    if (!(await recordShipmentEvent(t.tx, shipment.id, update, update.raw))) {
      return { kind: 'repeated', orderId: shipment.orderId };
    }
    const state = shipmentStateOf(await eventsOf(t.tx, shipment.id));
    await saveShipmentState(t.tx, shipment.id, state, update.etd ?? null);
    const changed = state.status !== shipment.status;
    if (changed) await followOnOrder(t, shipment, state);
    if (changed) await tellShopperOfParcel(t.tx, deps.mail.secret, shipment, state);
    return { kind: 'recorded', orderId: shipment.orderId, status: state.status, changed };
  });
}

/** The words of the order's history for a parcel's step, by the courier. */
const STEP_WORDS: Partial<Record<ShipmentStatus, string>> = {
  picked_up: 'picked up the parcel',
  in_transit: 'has the parcel in transit',
  out_for_delivery: 'is out to deliver the parcel',
  undelivered: 'could not deliver the parcel',
  rto_initiated: 'is sending the parcel back to the shop (RTO)',
  delivered: 'delivered the parcel',
  rto_delivered: 'brought the parcel back to the shop',
};

/** What the order does when its forward parcel's state changes; a return's pickup moves its return instead. */
async function followOnOrder(t: OrderTransaction, shipment: ShipmentRow, state: ShipmentState): Promise<void> {
  if (shipment.kind === 'return') return followOnReturn(t, shipment, state);
  const courier = shipment.courierName ?? 'The courier';
  const why = state.status === 'undelivered' && state.lastReason ? `: ${state.lastReason}` : '';
  const note = `${courier} ${STEP_WORDS[state.status] ?? `says ${state.status}`} (AWB ${shipment.awb})${why}.`;
  const target =
    state.status === 'delivered' ? 'delivered' : state.status === 'rto_delivered' ? 'returned_to_origin' : null;
  if (target) {
    const moved = await moveOrder(t, shipment.orderId, target, { by: 'courier', from: ['shipped'], note });
    if (moved.moved) return;
  }
  const order = await lockOrder(t.tx, shipment.orderId);
  if (order) await recordEvent(t.tx, order.id, order.status, note);
}
