import { z } from 'zod';

/*
 * The courier port: what the shop asks of a courier (or a courier aggregator), in the shop's own units: money in
 * paise, weight in grams, sizes in centimetres, times as Dates. An adapter (shiprocket.client.ts today; a Delhivery
 * one could follow) converts to its API's units and names. Every failure is a CourierError.
 */

/** The kinds of CourierError: the first four may succeed if asked again later, the others will not. */
export const RETRIABLE_CODES = ['NETWORK_ERROR', 'TIMEOUT', 'SERVER_ERROR', 'RATE_LIMITED'] as const;

/**
 * A failed courier call. `retriable`: the same request may succeed later (no answer, a timeout, a 5xx, a 429); false
 * for a refusal (a 4xx: a PIN it cannot serve, a field it refused, a shipment in the wrong state), whose `message` is
 * the courier's own. `code`: one of RETRIABLE_CODES, or UNSERVICEABLE, REFUSED, NOT_FOUND, AUTH_FAILED,
 * INVALID_RESPONSE, NOT_CONFIGURED (a production shop with no courier).
 */
export class CourierError extends Error {
  readonly retriable: boolean;
  readonly status: number | null;
  /** Field errors as the courier named them (`{ order_id: ['The order id has already been taken.'] }`). */
  readonly errors: Record<string, string[]>;

  constructor(
    readonly code: string,
    message: string,
    options: { status?: number | null; errors?: Record<string, string[]>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'CourierError';
    this.status = options.status ?? null;
    this.errors = options.errors ?? {};
    this.retriable = (RETRIABLE_CODES as readonly string[]).includes(code);
  }
}

export interface ParcelSize {
  /** Grams, at least 1. */
  weightGrams: number;
  lengthCm: number;
  breadthCm: number;
  heightCm: number;
}

export interface ServiceabilityQuery {
  pickupPin: string;
  deliveryPin: string;
  weightGrams: number;
  cod: boolean;
  /** The parcel's value in paise (some couriers price insurance on it). */
  declaredValuePaise?: number;
}

export interface CourierOption {
  courierId: number;
  courierName: string;
  /** The freight the courier quotes, in paise. */
  ratePaise: number;
  cod: boolean;
  /** The expected delivery date as the courier gives it (a day, in India's time), or null. */
  etd: string | null;
  /** Days from pickup to delivery the courier expects, or null. */
  etdDays: number | null;
}

export interface Serviceability {
  /** Cheapest first. Never empty: no courier is a CourierError UNSERVICEABLE. */
  options: CourierOption[];
  /** The courier the aggregator recommends, when it does. */
  recommendedCourierId: number | null;
}

export interface Address {
  name: string;
  phone: string;
  email?: string | undefined;
  line1: string;
  line2?: string | undefined;
  city: string;
  state: string;
  pin: string;
  country?: string | undefined;
}

export interface ShipmentItem {
  name: string;
  sku: string;
  units: number;
  /** The price of one unit, in paise. */
  unitPricePaise: number;
  hsn?: string | undefined;
}

export interface CreateShipmentInput {
  /** The shop's own reference (its order number); the courier refuses a second order with it. */
  orderRef: string;
  orderDate: Date;
  /** The pickup location's name as set up in the courier's panel. */
  pickupLocation: string;
  /** Shiprocket requires the shopper's e-mail (billing_email), so it is not optional here. */
  deliverTo: Address & { email: string };
  items: ShipmentItem[];
  paymentMethod: 'cod' | 'prepaid';
  /** The order's total, in paise: what the courier collects for COD. */
  totalPaise: number;
  parcel: ParcelSize;
}

export interface CreatedShipment {
  courierOrderId: number;
  shipmentId: number;
  status: string;
}

export interface AssignedAwb {
  awb: string;
  courierId: number;
  courierName: string;
  shipmentId: number;
  /** When the courier plans to pick the parcel up, or null. */
  pickupScheduledAt: Date | null;
}

export interface PickupRequest {
  pickupScheduledAt: Date | null;
  /** The courier's reference for the pickup, or null. */
  token: string | null;
  /** The pickup had been asked for already (a repeat, after a lost answer): nothing new, and no details given. */
  alreadyRequested: boolean;
}

export const COURIER_STATUSES = [
  'pickup_scheduled',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'undelivered',
  'rto_initiated',
  'rto_delivered',
  'cancelled',
  'lost',
  'other',
] as const;
export type CourierStatus = (typeof COURIER_STATUSES)[number];

export interface Scan {
  at: Date;
  activity: string;
  location: string | null;
  /** The scan's status id (Shiprocket's sr-status), or null when the courier gives none. */
  statusId: number | null;
}

/** One tracking update, from a webhook or a tracking call: where a shipment is now. */
export interface TrackingUpdate {
  awb: string;
  /** The courier's own status id (Shiprocket's shipment_status_id). */
  statusId: number | null;
  status: CourierStatus;
  /** The courier's words for the status ("OUT FOR DELIVERY"). */
  statusText: string;
  /** When the status was reached. */
  at: Date;
  location: string | null;
  /** Why, for an undelivered attempt or an RTO; else null. */
  reason: string | null;
  /** The expected delivery time, or null. */
  etd: Date | null;
  /** Oldest first. */
  scans: Scan[];
  /** The shop's order reference the courier holds, or null. */
  orderRef: string | null;
  isReturn: boolean;
}

export interface NdrShipment {
  awb: string;
  shipmentId: number;
  reason: string;
  attempts: number;
  raisedAt: Date | null;
  customerName: string;
  customerPhone: string;
  /** Actions already taken, oldest first. */
  history: { attempt: number; reason: string; comment: string | null; at: Date | null }[];
}

export type NdrAction =
  | {
      action: 're-attempt';
      /** The day (YYYY-MM-DD) to deliver again, if the shopper chose one. */
      date?: string | undefined;
      phone?: string | undefined;
      address?: string | undefined;
      comment?: string | undefined;
    }
  | { action: 'return'; comment?: string | undefined };

export interface CreateReturnInput {
  /** The shop's reference for the return; unique at the courier. */
  returnRef: string;
  orderDate: Date;
  /** Where the courier picks the parcel up: the shopper. */
  pickupFrom: Address;
  /** Where it goes back to: the shop's warehouse. */
  returnTo: Address;
  items: ShipmentItem[];
  parcel: ParcelSize;
}

/** The port. Every method throws CourierError on failure. */
export interface Courier {
  /** Which courier (aggregator) this is, for logs and the console ("shiprocket"). */
  readonly name: string;
  serviceability(query: ServiceabilityQuery): Promise<Serviceability>;
  createShipment(input: CreateShipmentInput): Promise<CreatedShipment>;
  /** Assigns an AWB, with the given courier or the one the aggregator picks. Also for a return's shipment. */
  assignAwb(shipmentId: number, courierId?: number): Promise<AssignedAwb>;
  requestPickup(shipmentId: number): Promise<PickupRequest>;
  /** The label's URL (a PDF) for these shipments. */
  label(shipmentIds: number[]): Promise<{ url: string }>;
  /** The bytes of a label `label()` answered (through the same connection the client uses). */
  downloadLabel(url: string): Promise<Buffer>;
  track(awb: string): Promise<TrackingUpdate>;
  ndrList(): Promise<NdrShipment[]>;
  ndrAction(awb: string, action: NdrAction): Promise<void>;
  createReturn(input: CreateReturnInput): Promise<CreatedShipment>;
  /**
   * The address of the pickup location of this name, as set up in the courier's panel: where parcels leave from, and
   * so where a return's pickup is sent back to. NOT_FOUND when the panel has no location of that name.
   */
  pickupAddress(location: string): Promise<Address>;
  /** The public tracking page of an AWB. */
  trackingUrl(awb: string): string;
}

// ---------------------------------------------------------------------------------------------
// Shiprocket's status ids, and the webhook it sends.

/**
 * Shiprocket's shipment status ids (its "Shipment Status Codes") and what they mean to the shop. Ids not here are
 * `other` (AWB assigned, label generated, manifest, out for pickup…): nothing the order follows.
 */
export const SHIPROCKET_STATUS_IDS: Readonly<Record<number, CourierStatus>> = {
  3: 'pickup_scheduled',
  4: 'pickup_scheduled',
  15: 'pickup_scheduled',
  6: 'picked_up',
  42: 'picked_up',
  18: 'in_transit',
  22: 'in_transit',
  38: 'in_transit',
  17: 'out_for_delivery',
  7: 'delivered',
  21: 'undelivered',
  9: 'rto_initiated',
  14: 'rto_initiated',
  10: 'rto_delivered',
  8: 'cancelled',
  12: 'lost',
};

/** The id and words the sandbox (and a test) uses for each status, as Shiprocket sends them. */
export const SHIPROCKET_STATUS_OF: Readonly<Record<Exclude<CourierStatus, 'other'>, { id: number; text: string }>> = {
  pickup_scheduled: { id: 3, text: 'PICKUP SCHEDULED' },
  picked_up: { id: 42, text: 'PICKED UP' },
  in_transit: { id: 18, text: 'IN TRANSIT' },
  out_for_delivery: { id: 17, text: 'OUT FOR DELIVERY' },
  delivered: { id: 7, text: 'DELIVERED' },
  undelivered: { id: 21, text: 'UNDELIVERED' },
  rto_initiated: { id: 9, text: 'RTO INITIATED' },
  rto_delivered: { id: 10, text: 'RTO DELIVERED' },
  cancelled: { id: 8, text: 'CANCELED' },
  lost: { id: 12, text: 'LOST' },
};

/** Words of `current_status` Shiprocket uses, for a payload whose ids are missing or unknown. */
const STATUS_WORDS: [RegExp, CourierStatus][] = [
  [/^RTO[ _-]?(DELIVERED)/i, 'rto_delivered'],
  [/^RTO/i, 'rto_initiated'],
  [/^OUT FOR DELIVERY/i, 'out_for_delivery'],
  [/^UNDELIVERED|^NDR/i, 'undelivered'],
  [/^DELIVERED/i, 'delivered'],
  [/^IN TRANSIT|^REACHED AT DESTINATION/i, 'in_transit'],
  [/^PICKED UP|^SHIPPED/i, 'picked_up'],
  [/^CANCEL/i, 'cancelled'],
  [/^LOST/i, 'lost'],
];

const IST_OFFSET = '+05:30';

/**
 * A Shiprocket time, in India's time as it writes them: `2023-05-19 11:59:16` (scans, etd), `23 05 2023 11:43:52`
 * (the webhook's current_timestamp), or an ISO time with its own offset. Null when it is none of those.
 */
export function parseShiprocketTime(value: string | null | undefined): Date | null {
  if (!value) return null;
  const text = value.trim();
  let iso: string | undefined;
  let match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(\.\d+)?$/.exec(text);
  if (match) iso = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6] ?? '00'}${IST_OFFSET}`;
  match = iso ? null : /^(\d{2})[ -/](\d{2})[ -/](\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (match) iso = `${match[3]}-${match[2]}-${match[1]}T${match[4]}:${match[5]}:${match[6] ?? '00'}${IST_OFFSET}`;
  if (!iso && /^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:\d{2})$/.test(text)) iso = text;
  if (!iso && /^\d{4}-\d{2}-\d{2}$/.test(text)) iso = `${text}T00:00:00${IST_OFFSET}`;
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** India's wall-clock time as Shiprocket writes it: `2026-11-27 18:05:09`. */
export function formatShiprocketTime(date: Date): string {
  const ist = new Date(date.getTime() + 330 * 60_000);
  return ist.toISOString().slice(0, 19).replace('T', ' ');
}

const idField = z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]);
const text = z.union([z.string(), z.number().transform(String)]);

const ShiprocketScan = z.object({
  date: z.string(),
  activity: z.string().nullish(),
  location: z.string().nullish(),
  status: z.string().nullish(),
  'sr-status': z.union([z.string(), z.number()]).nullish(),
  'sr-status-label': z.string().nullish(),
});

/** Shiprocket's tracking webhook body, as its documentation shows it; unknown fields are ignored. */
export const ShiprocketTrackingWebhook = z.object({
  awb: text.pipe(z.string().min(1)),
  courier_name: z.string().nullish(),
  current_status: z.string().nullish(),
  current_status_id: idField.nullish(),
  shipment_status: z.string().nullish(),
  shipment_status_id: idField.nullish(),
  current_timestamp: z.string().nullish(),
  order_id: text.nullish(),
  sr_order_id: idField.nullish(),
  etd: z.string().nullish(),
  scans: z.array(ShiprocketScan).nullish(),
  is_return: z.union([z.number(), z.boolean(), z.string()]).nullish(),
  /** Not in every payload: the sandbox (and some couriers) say why an attempt failed. */
  reason: z.string().nullish(),
  ndr_reason: z.string().nullish(),
});
export type ShiprocketTrackingWebhook = z.infer<typeof ShiprocketTrackingWebhook>;

/** The status of a payload: by shipment_status_id, else current_status_id, else the words. */
function statusOf(body: ShiprocketTrackingWebhook): { id: number | null; status: CourierStatus } {
  for (const id of [body.shipment_status_id, body.current_status_id]) {
    if (id !== null && id !== undefined && SHIPROCKET_STATUS_IDS[id]) {
      return { id, status: SHIPROCKET_STATUS_IDS[id] as CourierStatus };
    }
  }
  const words = (body.shipment_status ?? body.current_status ?? '').trim();
  const found = STATUS_WORDS.find(([pattern]) => pattern.test(words));
  return { id: body.shipment_status_id ?? body.current_status_id ?? null, status: found ? found[1] : 'other' };
}

function scansOf(body: ShiprocketTrackingWebhook): Scan[] {
  const scans: Scan[] = [];
  for (const scan of body.scans ?? []) {
    const at = parseShiprocketTime(scan.date);
    if (!at) continue;
    const id = Number(scan['sr-status']);
    scans.push({
      at,
      activity: scan.activity ?? scan['sr-status-label'] ?? '',
      location: scan.location && scan.location !== 'NA' ? scan.location : null,
      statusId: Number.isInteger(id) ? id : null,
    });
  }
  return scans.sort((a, b) => a.at.getTime() - b.at.getTime());
}

export type ParsedWebhook = { ok: true; update: TrackingUpdate } | { ok: false; problem: string };

/**
 * Reads a Shiprocket tracking webhook into a TrackingUpdate. The time is `current_timestamp`, else the newest scan's;
 * a payload with neither, or without an AWB, is refused (`ok: false` with the problem), since an update without a
 * time cannot be told from a repeat.
 */
export function parseTrackingWebhook(input: unknown): ParsedWebhook {
  const parsed = ShiprocketTrackingWebhook.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, problem: `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}` };
  }
  const body = parsed.data;
  const scans = scansOf(body);
  const newest = scans.at(-1);
  const at = parseShiprocketTime(body.current_timestamp) ?? newest?.at ?? null;
  if (!at) return { ok: false, problem: 'current_timestamp: no time in the update' };
  const { id, status } = statusOf(body);
  const reason = body.reason ?? body.ndr_reason ?? null;
  return {
    ok: true,
    update: {
      awb: body.awb,
      statusId: id,
      status,
      statusText: (body.shipment_status ?? body.current_status ?? '').trim(),
      at,
      location: newest?.location ?? null,
      reason: reason || (status === 'undelivered' ? (newest?.activity ?? null) : null),
      etd: parseShiprocketTime(body.etd),
      scans,
      orderRef: body.order_id ?? null,
      isReturn: body.is_return === 1 || body.is_return === true || body.is_return === '1',
    },
  };
}
