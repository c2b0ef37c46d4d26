import type { ShipmentStatus } from '@kapaas/contract';
import { and, count, desc, eq, type NdrAnswerVia, orders, type Queryable, shipments, sql } from '@kapaas/db';
import { AppError } from '../../lib/errors';
import { lockOrder, type OrderDeps, recordEvent } from '../orders';
import type { CourierSetup, NdrAction } from '../shiprocket';
import { courierRefusal } from './booking';
import { keep } from './claim';
import { lockShipment, type ShipmentRow, shipmentByAwb } from './shipping.repository';

/** A parcel of the list with the shopper's name and phone, for the owner to call. */
export interface ListedShipment {
  shipment: ShipmentRow;
  customerName: string;
  phone: string;
}

/**
 * The forward parcels in `status` (all booked ones without it), the latest change first, with the shopper's contact
 * from the order's address: the undelivered queue is `status = undelivered`.
 */
export async function listShipments(
  db: Queryable,
  query: { page: number; per_page: number; status?: ShipmentStatus | undefined },
): Promise<{ items: ListedShipment[]; total: number }> {
  const where = and(
    eq(shipments.kind, 'forward'),
    eq(shipments.booking, 'booked'),
    query.status ? eq(shipments.status, query.status) : undefined,
  );
  const rows = await db
    .select({ shipment: shipments, address: orders.addressSnapshot })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(where)
    .orderBy(desc(sql`coalesce(${shipments.statusAt}, ${shipments.createdAt})`), desc(shipments.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await db.select({ n: count() }).from(shipments).where(where);
  return {
    items: rows.map(({ shipment, address }) => ({
      shipment,
      customerName: `${address.first_name} ${address.last_name}`.trim(),
      phone: address.phone_number,
    })),
    total: total?.n ?? 0,
  };
}

/** What the history says the owner asked for. */
function askedFor(action: NdrAction): string {
  if (action.action === 'return') return 'to bring the parcel back to the shop';
  const parts = [
    action.date ? `on ${action.date}` : null,
    action.phone ? `calling ${action.phone}` : null,
    action.address ? `at ${action.address}` : null,
  ].filter(Boolean);
  return `to try the delivery again${parts.length > 0 ? ` ${parts.join(', ')}` : ''}`;
}

/**
 * POST /shipments/:awb/ndr-action (ADR 044): after a failed delivery, the owner asks the courier to try again or to
 * bring the parcel back. Only an undelivered parcel takes it (409 otherwise, 404 for an AWB the shop does not know);
 * the courier is asked first (unreachable: 502, refused: 409, nothing recorded), then the order's history says who
 * asked for what, and the parcel which failed attempt was answered, from where (`via`: the undelivered queue shows
 * it answered, a repeated WhatsApp tap is told so). The courier's next tracking update moves the parcel.
 */
export async function actOnFailedDelivery(
  deps: OrderDeps & { courier: CourierSetup },
  awb: string,
  action: NdrAction,
  by: string,
  via: NdrAnswerVia = 'console',
): Promise<ShipmentRow> {
  const found = await shipmentByAwb(deps.db, awb);
  if (found?.kind !== 'forward') throw new AppError('NOT_FOUND', 'No parcel has this AWB.');
  if (found.status !== 'undelivered') {
    const message = `Only a parcel whose delivery failed takes this; this one is ${found.status.replaceAll('_', ' ')}.`;
    throw new AppError('CONFLICT', message, { code: 'NOT_UNDELIVERED' });
  }
  try {
    await deps.courier.client.ndrAction(awb, action);
  } catch (error) {
    courierRefusal(error);
  }
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.orderId);
    const shipment = await lockShipment(tx, found.id);
    if (!order || !shipment) throw new AppError('NOT_FOUND', 'No parcel has this AWB.');
    const courier = shipment.courierName ?? 'the courier';
    await recordEvent(tx, order.id, order.status, `${by} asked ${courier} ${askedFor(action)} (AWB ${awb}).`);
    return keep(tx, shipment.id, { answeredAttempt: shipment.attempts, answeredVia: via, answeredAt: new Date() });
  });
}
