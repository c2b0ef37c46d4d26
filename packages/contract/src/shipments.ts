import { z } from 'zod';
import { PHONE_NUMBER_MESSAGE, PHONE_NUMBER_PATTERN } from './address-formats';

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

// ---------------------------------------------------------------------------------------------
// The shopper's answer to a failed delivery (issue 33): the undelivered message's link opens a page where the
// shopper asks the courier to try again on a chosen day, or gives a corrected phone number or address. No session:
// the link's token, signed by the shop and bound to the parcel and its failed attempt, says which parcel, until it
// expires.

/** The one text for a link the shop did not sign (or for a parcel it does not have), beside the token. */
export const NDR_LINK_INVALID =
  'This link is not valid. Use the link in the latest message about your parcel, or write to us.';
/** The text for a link whose time ran out. */
export const NDR_LINK_EXPIRED = 'This link has expired. Write to us and we will arrange the delivery with you.';
/** The text for a day outside the days the courier can be asked for. */
export const NDR_DATE_MESSAGE = 'Choose one of the next three days.';
/** The text for a corrected address too short or too long to be one. */
export const NDR_ADDRESS_MESSAGE = 'Write the full address: house, street and area (5 to 200 characters).';

/** An optional text field whose blank (a form's empty field) means not given; anything else must pass `check`. */
function blankAsUnset<T extends z.ZodType<string, string>>(check: T) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? undefined : 'Must be text.') })
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(check.optional())
    .optional();
}

const NdrToken = z
  .string({ error: NDR_LINK_INVALID })
  .trim()
  .min(1, NDR_LINK_INVALID)
  .max(200, NDR_LINK_INVALID)
  .regex(/^[A-Za-z0-9_.-]+$/, NDR_LINK_INVALID);

/** shipment_ndr_details: what the link's page shows before the shopper answers. */
export const ShipmentNdrDetailsRequest = z.strictObject({ token: NdrToken });
export type ShipmentNdrDetailsRequest = z.input<typeof ShipmentNdrDetailsRequest>;
export const ShipmentNdrDetails = z.object({
  order_id: z.number().int(),
  awb: z.string(),
  courier_name: z.string().nullable(),
  /** The courier's reason for the failed attempt, in its words. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  /** The days the shopper may ask for (YYYY-MM-DD, India's calendar): the next three. */
  dates: z.array(z.string()),
});
export type ShipmentNdrDetails = z.infer<typeof ShipmentNdrDetails>;
export const ShipmentNdrDetailsAnswer = z.object({ success: z.literal(true), data: ShipmentNdrDetails });
export type ShipmentNdrDetailsAnswer = z.infer<typeof ShipmentNdrDetailsAnswer>;

/**
 * shipment_ndr_response: the shopper asks for another attempt, on a day (one of the next three; unset: whenever the
 * courier comes next), and may correct the phone number or the address the courier uses. Each field is optional.
 */
export const ShipmentNdrResponseRequest = z.strictObject({
  token: NdrToken,
  // A form's empty field is "not given"; each check lets it through as undefined (one message per field, no union).
  date: blankAsUnset(z.iso.date({ error: NDR_DATE_MESSAGE })),
  phone: blankAsUnset(z.string().regex(PHONE_NUMBER_PATTERN, PHONE_NUMBER_MESSAGE)),
  address: blankAsUnset(z.string().min(5, NDR_ADDRESS_MESSAGE).max(200, NDR_ADDRESS_MESSAGE)),
});
export type ShipmentNdrResponseRequest = z.input<typeof ShipmentNdrResponseRequest>;
