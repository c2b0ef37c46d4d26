import type { OrderShipment } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { eventsOf, forwardShipmentOf } from './shipping.repository';

/**
 * An order's parcel as the shopper sees it (order_details, track_order): only a forward shipment the courier has
 * booked (an AWB), with its events oldest first as the shop's statuses, the time and the place. The courier's raw
 * payload and reasons stay in the shop: they are the courier's words, sometimes about the shopper.
 */
export async function shipmentForShopper(db: Queryable, orderId: number): Promise<OrderShipment | null> {
  const shipment = await forwardShipmentOf(db, orderId);
  if (shipment?.booking !== 'booked' || shipment.awb === null) return null;
  const events = await eventsOf(db, shipment.id);
  return {
    awb: shipment.awb,
    courier_name: shipment.courierName,
    tracking_url: shipment.trackingUrl,
    status: shipment.status,
    events: events.map((event) => ({
      status: event.status,
      at: event.at.toISOString(),
      location: event.location,
    })),
  };
}
