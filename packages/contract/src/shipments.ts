import { z } from 'zod';

/**
 * Where a parcel stands with its courier (ADR 044), in the shop's words, whoever the courier is: booked (the courier
 * has the order and its AWB), picked up, in transit, out for delivery, undelivered (a failed attempt: an NDR), then
 * delivered, or sent back (rto_initiated) and back at the shop (rto_delivered); cancelled before pickup; lost by the
 * courier.
 */
export const SHIPMENT_STATUS_VALUES = [
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'undelivered',
  'delivered',
  'rto_initiated',
  'rto_delivered',
  'cancelled',
  'lost',
] as const;
export const ShipmentStatus = z.enum(SHIPMENT_STATUS_VALUES);
export type ShipmentStatus = z.infer<typeof ShipmentStatus>;

/** A parcel going to the shopper (forward) or coming back from them (a return's reverse pickup). */
export const SHIPMENT_KIND_VALUES = ['forward', 'return'] as const;
export type ShipmentKind = (typeof SHIPMENT_KIND_VALUES)[number];

/**
 * An order's parcel as the shopper sees it (order_details, track_order): the courier, the AWB, the courier's tracking
 * page and where it stands, with what the courier said, oldest first. The statuses are the shop's words for the
 * storefront to phrase; the courier's own payload never leaves the shop.
 */
export const OrderShipment = z.object({
  awb: z.string(),
  courier_name: z.string().nullable(),
  tracking_url: z.string().nullable(),
  status: ShipmentStatus,
  events: z.array(
    z.object({
      status: ShipmentStatus,
      /** ISO 8601: when the courier says it happened. */
      at: z.string(),
      /** The place of the scan when the courier names one. */
      location: z.string().nullable(),
    }),
  ),
});
export type OrderShipment = z.infer<typeof OrderShipment>;
