import { z } from 'zod';
import {
  type Address,
  type Courier,
  CourierError,
  type CourierOption,
  type CreatedShipment,
  type CreateReturnInput,
  type CreateShipmentInput,
  formatShiprocketTime,
  type NdrAction,
  type NdrShipment,
  type ParcelSize,
  parseShiprocketTime,
  SHIPROCKET_STATUS_IDS,
  type ShipmentItem,
  type TrackingUpdate,
} from './courier';

/*
 * The Shiprocket adapter of the courier port: Shiprocket's REST API (apiv2.shiprocket.in/v1/external) over HTTP with
 * a Bearer token from POST /auth/login. The same code talks to Shiprocket and to the built-in sandbox
 * (/sandbox/shiprocket/v1/external); only the base, the credentials and the `fetch` it is handed differ. Answers are
 * read with zod, keeping only the fields the shop uses; the shop's paise and grams become Shiprocket's rupees and kg.
 */

export const SHIPROCKET_API_BASE = 'https://apiv2.shiprocket.in/v1/external';
export const SHIPROCKET_TRACKING_BASE = 'https://shiprocket.co/tracking/';

/** The subset of `fetch` the client uses: global fetch, or the sandbox's in-process one. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; text(): Promise<string>; arrayBuffer(): Promise<ArrayBuffer> }>;

export interface ShiprocketClientOptions {
  /** The API user's e-mail and password (Shiprocket panel: Settings → API → Add new API user). */
  email: string;
  password: string;
  /** e.g. https://apiv2.shiprocket.in/v1/external, or the shop's origin + /sandbox/shiprocket/v1/external. */
  apiBase: string;
  /** Where an AWB's public tracking page is: this + the AWB. */
  trackingBase?: string;
  fetch?: FetchLike;
  /** Per request; default 15 s. */
  timeoutMs?: number;
  /** How long a token lasts; Shiprocket's last 10 days. */
  tokenLifetimeMs?: number;
  /** A token this close to its end is renewed before it is used; default 1 day. */
  renewBeforeMs?: number;
}

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Answers, with Shiprocket's field names.

const num = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const int = num.pipe(z.number().int());

const LoginAnswer = z.object({ token: z.string().min(1) });

/** Shiprocket's error body: `{ message, status_code?, errors? }`. */
const ErrorBody = z.object({
  message: z.string(),
  status_code: z.number().optional(),
  errors: z.record(z.string(), z.union([z.array(z.string()), z.string()])).optional(),
});

const ServiceabilityAnswer = z
  .object({
    status: z.number().optional(),
    message: z.string().optional(),
    data: z
      .object({
        available_courier_companies: z.array(
          z.object({
            courier_company_id: int,
            courier_name: z.string(),
            rate: num,
            cod: num.optional(),
            etd: z.string().nullish(),
            estimated_delivery_days: z.union([z.string(), z.number()]).nullish(),
          }),
        ),
        recommended_courier_company_id: int.nullish(),
      })
      .optional(),
  })
  // Couriers, or Shiprocket's word on why there are none: an answer with neither is not one.
  .refine((answer) => answer.data !== undefined || answer.message !== undefined, 'no couriers and no message');

const OrderAnswer = z.object({ order_id: int, shipment_id: int, status: z.string() });

const digits = z.union([z.string(), z.number().transform(String)]);

/** GET /settings/company/pickup: the pickup locations of the account, with their addresses. */
const PickupLocationsAnswer = z.object({
  data: z.object({
    shipping_address: z.array(
      z.object({
        pickup_location: z.string(),
        name: z.string().nullish(),
        email: z.string().nullish(),
        phone: digits,
        address: z.string(),
        address_2: z.string().nullish(),
        city: z.string(),
        state: z.string(),
        country: z.string().nullish(),
        pin_code: digits,
      }),
    ),
    company_name: z.string().nullish(),
  }),
});

const AwbAnswer = z.object({
  awb_assign_status: num,
  response: z.object({
    data: z.object({
      awb_code: z.union([z.string(), z.number().transform(String)]).nullish(),
      courier_company_id: int.nullish(),
      courier_name: z.string().nullish(),
      shipment_id: int.nullish(),
      pickup_scheduled_date: z.string().nullish(),
      awb_assign_error: z.string().nullish(),
    }),
  }),
});

const PickupAnswer = z.object({
  pickup_status: num,
  response: z.object({
    pickup_scheduled_date: z.string().nullish(),
    pickup_token_number: z.string().nullish(),
    data: z.string().nullish(),
  }),
});

const LabelAnswer = z.object({
  label_created: num,
  label_url: z.string().nullish(),
  response: z.string().nullish(),
});

const TrackAnswer = z.object({
  tracking_data: z.object({
    track_status: num,
    shipment_status: int.nullish(),
    error: z.string().nullish(),
    shipment_track: z
      .array(z.object({ awb_code: z.string().nullish(), current_status: z.string().nullish() }))
      .nullish(),
    shipment_track_activities: z
      .array(
        z.object({
          date: z.string(),
          activity: z.string().nullish(),
          location: z.string().nullish(),
          'sr-status': z.union([z.string(), z.number()]).nullish(),
        }),
      )
      .nullish(),
    etd: z.string().nullish(),
  }),
});

const NdrAnswer = z.object({
  data: z.array(
    z.object({
      awb_code: z.union([z.string(), z.number().transform(String)]),
      shipment_id: int,
      reason: z.string().nullish(),
      attempts: int.nullish(),
      ndr_raised_at: z.string().nullish(),
      customer_name: z.string().nullish(),
      customer_phone: z.string().nullish(),
      history: z
        .array(
          z.object({
            ndr_attempt: int.nullish(),
            ndr_reason: z.string().nullish(),
            comment: z.string().nullish(),
            ndr_raised_at: z.string().nullish(),
          }),
        )
        .nullish(),
    }),
  ),
  meta: z.object({ pagination: z.object({ current_page: int, total_pages: int }).partial().optional() }).optional(),
});

/** Shiprocket answers 202 `{ status: 'Data Updated Sucessfully' }`; any 2xx is taken as done. */
const NdrActionAnswer = z.unknown();

// ---------------------------------------------------------------------------------------------
// Sending and reading.

type Answer = { status: number; text: string };

/** Sends one request within `timeoutMs`; no answer is a TIMEOUT, a failed request a NETWORK_ERROR. */
async function send(doFetch: FetchLike, url: string, init: Parameters<FetchLike>[1], timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new CourierError('TIMEOUT', `No answer from Shiprocket in ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    const request = (async (): Promise<Answer> => {
      const answer = await doFetch(url, init);
      return { status: answer.status, text: await answer.text() };
    })();
    request.catch(() => undefined); // a late failure after the timeout is not unhandled
    return await Promise.race([request, timeout]);
  } catch (error) {
    if (error instanceof CourierError) throw error;
    const message = error instanceof Error ? error.message : 'The request failed';
    throw new CourierError('NETWORK_ERROR', `Shiprocket could not be reached: ${message}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

function jsonOf(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A non-2xx answer as a CourierError carrying Shiprocket's message and field errors. */
function refusal(request: string, answer: Answer): CourierError {
  const parsed = ErrorBody.safeParse(jsonOf(answer.text));
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(parsed.data?.errors ?? {})) {
    errors[field] = Array.isArray(messages) ? messages : [messages];
  }
  const firstFieldError = Object.values(errors)[0]?.[0];
  const message = parsed.success
    ? firstFieldError && !parsed.data.message.includes(firstFieldError)
      ? `${parsed.data.message} ${firstFieldError}`
      : parsed.data.message
    : `HTTP ${answer.status} from ${request}`;
  const status = answer.status;
  const code =
    status >= 500
      ? 'SERVER_ERROR'
      : status === 429
        ? 'RATE_LIMITED'
        : status === 401 || status === 403
          ? 'AUTH_FAILED'
          : status === 404
            ? 'NOT_FOUND'
            : 'REFUSED';
  return new CourierError(code, message, { status, errors });
}

function readAnswer<T>(schema: z.ZodType<T>, request: string, answer: Answer): T {
  if (answer.status < 200 || answer.status >= 300) throw refusal(request, answer);
  const parsed = schema.safeParse(jsonOf(answer.text));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CourierError(
      'INVALID_RESPONSE',
      `Unexpected answer to ${request}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`.trim(),
      { status: answer.status },
    );
  }
  return parsed.data;
}

// ---------------------------------------------------------------------------------------------
// The shop's units to Shiprocket's.

const rupees = (paise: number) => Math.round(paise) / 100;
const kg = (grams: number) => Math.max(1, Math.round(grams)) / 1000;
/** A 10-digit Indian mobile number from what the shopper typed (+91, spaces, a leading 0 dropped). */
export const tenDigits = (phone: string) => phone.replace(/\D/g, '').replace(/^(91|0)(?=\d{10}$)/, '');

function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/);
  return { first: parts[0] ?? name, last: parts.slice(1).join(' ') };
}

function parcelFields(parcel: ParcelSize) {
  return {
    length: parcel.lengthCm,
    breadth: parcel.breadthCm,
    height: parcel.heightCm,
    weight: kg(parcel.weightGrams),
  };
}

function itemFields(items: ShipmentItem[]) {
  return items.map((item) => ({
    name: item.name,
    sku: item.sku,
    units: item.units,
    selling_price: rupees(item.unitPricePaise),
    discount: 0,
    tax: 0,
    hsn: item.hsn ?? '',
  }));
}

function addressFields(prefix: 'billing' | 'shipping' | 'pickup', address: Address) {
  const { first, last } = splitName(address.name);
  return {
    [`${prefix}_customer_name`]: first,
    [`${prefix}_last_name`]: last,
    [`${prefix}_address`]: address.line1,
    [`${prefix}_address_2`]: address.line2 ?? '',
    [`${prefix}_city`]: address.city,
    [`${prefix}_state`]: address.state,
    [`${prefix}_country`]: address.country ?? 'India',
    [`${prefix}_pincode`]: address.pin,
    [`${prefix}_email`]: address.email ?? '',
    [`${prefix}_phone`]: tenDigits(address.phone),
  };
}

/**
 * The adhoc order's body. Shiprocket collects (for COD) sub_total + shipping_charges − total_discount, so what the
 * order's total differs from its items goes in as shipping charges (or a discount), and the courier collects the total.
 */
export function adhocOrderBody(input: CreateShipmentInput) {
  const itemsPaise = input.items.reduce((sum, item) => sum + item.unitPricePaise * item.units, 0);
  const difference = input.totalPaise - itemsPaise;
  return {
    order_id: input.orderRef,
    order_date: formatShiprocketTime(input.orderDate).slice(0, 16),
    pickup_location: input.pickupLocation,
    ...addressFields('billing', input.deliverTo),
    shipping_is_billing: true,
    order_items: itemFields(input.items),
    payment_method: input.paymentMethod === 'cod' ? 'COD' : 'Prepaid',
    shipping_charges: difference > 0 ? rupees(difference) : 0,
    total_discount: difference < 0 ? rupees(-difference) : 0,
    sub_total: rupees(itemsPaise),
    ...parcelFields(input.parcel),
  };
}

export function returnOrderBody(input: CreateReturnInput) {
  const itemsPaise = input.items.reduce((sum, item) => sum + item.unitPricePaise * item.units, 0);
  return {
    order_id: input.returnRef,
    order_date: formatShiprocketTime(input.orderDate).slice(0, 10),
    ...addressFields('pickup', input.pickupFrom),
    ...addressFields('shipping', input.returnTo),
    order_items: itemFields(input.items),
    payment_method: 'PREPAID',
    total_discount: 0,
    sub_total: rupees(itemsPaise),
    ...parcelFields(input.parcel),
  };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Serviceability's `etd` ("Jul 01, 2024", or a date-time) as YYYY-MM-DD, or null. */
export function etdDay(value: string | null | undefined): string | null {
  if (!value) return null;
  const words = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}), (\d{4})$/.exec(value.trim());
  if (words) {
    const month = MONTHS.indexOf((words[1] ?? '').toLowerCase());
    if (month >= 0) return `${words[3]}-${String(month + 1).padStart(2, '0')}-${(words[2] ?? '').padStart(2, '0')}`;
  }
  const time = parseShiprocketTime(value);
  return time ? formatShiprocketTime(time).slice(0, 10) : null;
}

function courierOptions(answer: z.infer<typeof ServiceabilityAnswer>): CourierOption[] {
  return (answer.data?.available_courier_companies ?? [])
    .map((company) => {
      const days = Number(company.estimated_delivery_days);
      return {
        courierId: company.courier_company_id,
        courierName: company.courier_name,
        ratePaise: Math.round(company.rate * 100),
        cod: company.cod === undefined ? true : company.cod === 1,
        etd: etdDay(company.etd),
        etdDays: Number.isFinite(days) && days > 0 ? days : null,
      };
    })
    .sort((a, b) => a.ratePaise - b.ratePaise || a.courierId - b.courierId);
}

function trackingUpdate(awb: string, answer: z.infer<typeof TrackAnswer>): TrackingUpdate {
  const data = answer.tracking_data;
  if (data.track_status !== 1) {
    throw new CourierError('NOT_FOUND', data.error ?? `No tracking for AWB ${awb} yet`, { status: 200 });
  }
  const scans = (data.shipment_track_activities ?? [])
    .flatMap((activity) => {
      const at = parseShiprocketTime(activity.date);
      const id = Number(activity['sr-status']);
      const location = activity.location && activity.location !== 'NA' ? activity.location : null;
      return at
        ? [{ at, activity: activity.activity ?? '', location, statusId: Number.isInteger(id) ? id : null }]
        : [];
    })
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const newest = scans.at(-1);
  // No scan, no time to put on the update: Shiprocket has nothing to tell yet.
  if (!newest) throw new CourierError('NOT_FOUND', `No tracking activity for AWB ${awb} yet`, { status: 200 });
  const id = data.shipment_status ?? null;
  const status = (id !== null && SHIPROCKET_STATUS_IDS[id]) || 'other';
  return {
    awb,
    statusId: id,
    status,
    statusText: data.shipment_track?.[0]?.current_status ?? '',
    at: newest.at,
    location: newest.location,
    reason: status === 'undelivered' || status === 'rto_initiated' ? newest.activity : null,
    etd: parseShiprocketTime(data.etd),
    scans,
    orderRef: null,
    isReturn: false,
  };
}

function ndrShipments(answer: z.infer<typeof NdrAnswer>): NdrShipment[] {
  return answer.data.map((row) => ({
    awb: row.awb_code,
    shipmentId: row.shipment_id,
    reason: row.reason ?? '',
    attempts: row.attempts ?? 1,
    raisedAt: parseShiprocketTime(row.ndr_raised_at),
    customerName: row.customer_name ?? '',
    customerPhone: row.customer_phone ?? '',
    history: (row.history ?? []).map((entry) => ({
      attempt: entry.ndr_attempt ?? 1,
      reason: entry.ndr_reason ?? '',
      comment: entry.comment ?? null,
      at: parseShiprocketTime(entry.ndr_raised_at),
    })),
  }));
}

/** NDR action's body: Shiprocket's `action` and `comments`, with the re-attempt's day, phone and address. */
export function ndrActionBody(action: NdrAction) {
  if (action.action === 'return') return { action: 'return', comments: action.comment ?? 'Return to origin' };
  const said = [
    action.date ? `deliver on ${action.date}` : '',
    action.phone ? `call ${action.phone}` : '',
    action.address ? `address: ${action.address}` : '',
    action.comment ?? '',
  ].filter(Boolean);
  return {
    action: 're-attempt',
    comments: said.length > 0 ? `Re-attempt: ${said.join('; ')}` : 'Re-attempt delivery',
    ...(action.date ? { deferred_date: action.date } : {}),
    ...(action.phone ? { phone: tenDigits(action.phone) } : {}),
    ...(action.address ? { address1: action.address } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// The client.

type Call = <T>(schema: z.ZodType<T>, method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;

/**
 * The token: fetched by POST /auth/login on first use, kept, and fetched again when it is within `renewBeforeMs` of
 * its end or when Shiprocket answers 401 (once per request). Concurrent callers share one login.
 */
function tokenKeeper(options: ShiprocketClientOptions, base: string, doFetch: FetchLike, timeoutMs: number) {
  const lifetime = options.tokenLifetimeMs ?? 10 * DAY_MS;
  const margin = options.renewBeforeMs ?? DAY_MS;
  let held: { value: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function login(): Promise<string> {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: options.email, password: options.password }),
    };
    const answer = await send(doFetch, `${base}/auth/login`, init, timeoutMs);
    if (answer.status >= 400 && answer.status < 500) {
      const refused = refusal('POST /auth/login', answer);
      throw new CourierError('AUTH_FAILED', `Shiprocket refused the API user: ${refused.message}`, {
        status: answer.status,
      });
    }
    const { token } = readAnswer(LoginAnswer, 'POST /auth/login', answer);
    held = { value: token, expiresAt: Date.now() + lifetime };
    return token;
  }

  return {
    async get(): Promise<string> {
      if (held && Date.now() < held.expiresAt - margin) return held.value;
      pending ??= login().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    /** Drops `token` (when it is still the one held), so that the next get() logs in again. */
    drop(token: string) {
      if (held?.value === token) held = undefined;
    },
  };
}

export interface ShiprocketClient extends Courier {
  readonly apiBase: string;
}

/** The Shiprocket REST client for `options.apiBase`: Shiprocket, or the sandbox. */
export function createShiprocketClient(options: ShiprocketClientOptions): ShiprocketClient {
  const base = options.apiBase.replace(/\/+$/, '');
  const doFetch: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const timeoutMs = options.timeoutMs ?? 15_000;
  const tokens = tokenKeeper(options, base, doFetch, timeoutMs);
  const trackingBase = options.trackingBase ?? SHIPROCKET_TRACKING_BASE;

  const call: Call = async (schema, method, path, body) => {
    const request = `${method} ${path.split('?')[0]}`;
    const attempt = async (token: string) => {
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const init = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
      return send(doFetch, `${base}${path}`, init, timeoutMs);
    };
    const token = await tokens.get();
    let answer = await attempt(token);
    if (answer.status === 401) {
      // Expired or revoked before its time: log in again, once.
      tokens.drop(token);
      answer = await attempt(await tokens.get());
    }
    return readAnswer(schema, request, answer);
  };

  return {
    name: 'shiprocket',
    apiBase: base,
    serviceability: (query) => serviceability(call, query),
    createShipment: async (input): Promise<CreatedShipment> => {
      const answer = await call(OrderAnswer, 'POST', '/orders/create/adhoc', adhocOrderBody(input));
      return { courierOrderId: answer.order_id, shipmentId: answer.shipment_id, status: answer.status };
    },
    assignAwb: (shipmentId, courierId) => assignAwb(call, shipmentId, courierId),
    requestPickup: (shipmentId) => requestPickup(call, shipmentId),
    label: async (shipmentIds) => {
      const answer = await call(LabelAnswer, 'POST', '/courier/generate/label', { shipment_id: shipmentIds });
      if (answer.label_created !== 1 || !answer.label_url) {
        throw new CourierError('REFUSED', answer.response ?? 'Shiprocket did not create the label');
      }
      return { url: answer.label_url };
    },
    downloadLabel: (url) => download(doFetch, url, timeoutMs),
    track: async (awb) =>
      trackingUpdate(awb, await call(TrackAnswer, 'GET', `/courier/track/awb/${encodeURIComponent(awb)}`)),
    ndrList: () => ndrList(call),
    ndrAction: async (awb, action) => {
      await call(NdrActionAnswer, 'POST', `/ndr/${encodeURIComponent(awb)}/action`, ndrActionBody(action));
    },
    createReturn: async (input) => {
      const answer = await call(OrderAnswer, 'POST', '/orders/create/return', returnOrderBody(input));
      return { courierOrderId: answer.order_id, shipmentId: answer.shipment_id, status: answer.status };
    },
    pickupAddress: (location) => pickupAddress(call, location),
    trackingUrl: (awb) => `${trackingBase}${encodeURIComponent(awb)}`,
  };
}

/** The address of the pickup location of this name, from the account's pickup locations. */
async function pickupAddress(call: Call, location: string): Promise<Address> {
  const answer = await call(PickupLocationsAnswer, 'GET', '/settings/company/pickup');
  const found = answer.data.shipping_address.find((entry) => entry.pickup_location === location);
  if (!found) {
    throw new CourierError('NOT_FOUND', `Shiprocket has no pickup location named ${location}`, { status: 200 });
  }
  return {
    name: found.name || answer.data.company_name || location,
    phone: found.phone,
    email: found.email ?? undefined,
    line1: found.address,
    line2: found.address_2 || undefined,
    city: found.city,
    state: found.state,
    pin: found.pin_code,
    country: found.country || undefined,
  };
}

async function serviceability(call: Call, query: Parameters<Courier['serviceability']>[0]) {
  const params = new URLSearchParams({
    pickup_postcode: query.pickupPin,
    delivery_postcode: query.deliveryPin,
    weight: String(kg(query.weightGrams)),
    cod: query.cod ? '1' : '0',
    ...(query.declaredValuePaise === undefined ? {} : { declared_value: String(rupees(query.declaredValuePaise)) }),
  });
  const answer = await call(ServiceabilityAnswer, 'GET', `/courier/serviceability/?${params}`);
  const options = courierOptions(answer);
  if (options.length === 0 || (answer.status !== undefined && answer.status !== 200)) {
    const why =
      answer.message ?? `No courier delivers to ${query.deliveryPin}${query.cod ? ' with cash on delivery' : ''}`;
    throw new CourierError('UNSERVICEABLE', why, { status: answer.status ?? 200 });
  }
  return { options, recommendedCourierId: answer.data?.recommended_courier_company_id ?? null };
}

/** Shiprocket's answer to a pickup asked for twice (HTTP 400). */
const ALREADY_QUEUED = /already in pickup queue/i;

/** Asks for the pickup; a repeat that Shiprocket refuses as already queued is a pickup already requested. */
async function requestPickup(call: Call, shipmentId: number) {
  let answer: z.infer<typeof PickupAnswer>;
  try {
    answer = await call(PickupAnswer, 'POST', '/courier/generate/pickup', { shipment_id: [shipmentId] });
  } catch (error) {
    if (error instanceof CourierError && error.code === 'REFUSED' && ALREADY_QUEUED.test(error.message)) {
      return { pickupScheduledAt: null, token: null, alreadyRequested: true };
    }
    throw error;
  }
  if (answer.pickup_status !== 1) {
    throw new CourierError('REFUSED', answer.response.data ?? 'Shiprocket did not schedule the pickup');
  }
  return {
    pickupScheduledAt: parseShiprocketTime(answer.response.pickup_scheduled_date),
    token: answer.response.pickup_token_number ?? null,
    alreadyRequested: false,
  };
}

async function assignAwb(call: Call, shipmentId: number, courierId: number | undefined) {
  const body = { shipment_id: shipmentId, ...(courierId === undefined ? {} : { courier_id: courierId }) };
  const answer = await call(AwbAnswer, 'POST', '/courier/assign/awb', body);
  const data = answer.response.data;
  if (answer.awb_assign_status !== 1 || !data.awb_code) {
    throw new CourierError('REFUSED', data.awb_assign_error ?? 'Shiprocket did not assign an AWB');
  }
  return {
    awb: data.awb_code,
    courierId: data.courier_company_id ?? courierId ?? 0,
    courierName: data.courier_name ?? '',
    shipmentId: data.shipment_id ?? shipmentId,
    pickupScheduledAt: parseShiprocketTime(data.pickup_scheduled_date),
  };
}

/** Every shipment in NDR, page by page (at most 20 pages of 100). */
async function ndrList(call: Call): Promise<NdrShipment[]> {
  const all: NdrShipment[] = [];
  for (let page = 1; page <= 20; page += 1) {
    const answer = await call(NdrAnswer, 'GET', `/ndr/all?page=${page}&per_page=100`);
    all.push(...ndrShipments(answer));
    const pages = answer.meta?.pagination;
    if (!pages?.total_pages || page >= pages.total_pages || answer.data.length === 0) break;
  }
  return all;
}

async function download(doFetch: FetchLike, url: string, timeoutMs: number): Promise<Buffer> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new CourierError('TIMEOUT', `The label did not come in ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    const request = (async () => {
      const answer = await doFetch(url, { method: 'GET', headers: { accept: 'application/pdf' } });
      if (answer.status !== 200) {
        throw new CourierError(
          answer.status >= 500 ? 'SERVER_ERROR' : 'NOT_FOUND',
          `The label answered ${answer.status}`,
          {
            status: answer.status,
          },
        );
      }
      return Buffer.from(await answer.arrayBuffer());
    })();
    request.catch(() => undefined);
    return await Promise.race([request, timeout]);
  } catch (error) {
    if (error instanceof CourierError) throw error;
    throw new CourierError('NETWORK_ERROR', 'The label could not be fetched', { cause: error });
  } finally {
    clearTimeout(timer);
  }
}
