import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database, Queryable, SandboxShiprocketAddress } from '@kapaas/db';
import { z } from 'zod';
import { formatShiprocketTime } from '../../modules/shiprocket/courier';
import {
  pinService,
  SANDBOX_COURIERS,
  SANDBOX_EMAIL,
  SANDBOX_PASSWORD,
  SANDBOX_PICKUP_LOCATION,
  SANDBOX_PICKUP_PIN,
  SANDBOX_TOKEN_SECRET,
  SANDBOX_WAREHOUSE,
  type SandboxCourier,
  TOKEN_LIFETIME_MS,
} from './sandbox.constants';
import * as repo from './sandbox.repository';

/*
 * The rules of the emulated Shiprocket: logins and their tokens, serviceability by PIN code, adhoc and return orders,
 * AWBs, pickups and labels. Tracking, NDR and the webhooks they send are in sandbox.tracking.ts.
 */

// ---------------------------------------------------------------------------------------------
// Errors, in Shiprocket's shape `{ message, status_code, errors? }`.

export interface ShiprocketErrorBody {
  message: string;
  status_code: number;
  errors?: Record<string, string[]>;
}

export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ShiprocketErrorBody,
  ) {
    super(body.message);
    this.name = 'SandboxError';
  }
}

export const refused = (message: string, statusCode = 400) =>
  new SandboxError(statusCode, { message, status_code: statusCode });

/** Shiprocket's validation answer: 422 with every field's problem, in Laravel's words. */
export function parse<T>(schema: z.ZodType<T>, value: unknown, message = 'Oops! Invalid Data.'): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'body');
    const words = field.replaceAll('_', ' ');
    const text =
      issue.code === 'invalid_type' && issue.input === undefined
        ? `The ${words} field is required.`
        : issue.code === 'invalid_format' && issue.format === 'email'
          ? `The ${words} must be a valid email address.`
          : `The ${words} ${issue.message.replace(/^Invalid input: /, '')}`.trim();
    errors[field] ??= [];
    errors[field].push(text.endsWith('.') ? text : `${text}.`);
  }
  throw new SandboxError(422, { message, errors, status_code: 422 });
}

// ---------------------------------------------------------------------------------------------
// Logins: a token is `payload.signature`, signed with the sandbox's secret and good for 10 days.

const sign = (payload: string) => createHmac('sha256', SANDBOX_TOKEN_SECRET).update(payload).digest('base64url');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const LoginBody = z.object({ email: z.string(), password: z.string() });

/** POST /auth/login: the sandbox's API user gets a token; anyone else is refused, as Shiprocket does. */
export function login(body: unknown) {
  const { email, password } = parse(LoginBody, body);
  if (!sameText(email.toLowerCase(), SANDBOX_EMAIL) || !sameText(password, SANDBOX_PASSWORD)) {
    throw refused('Invalid email and password combination', 400);
  }
  const issuedAt = Date.now();
  const payload = Buffer.from(
    JSON.stringify({ sub: email, iat: issuedAt, exp: issuedAt + TOKEN_LIFETIME_MS }),
  ).toString('base64url');
  return {
    id: 1,
    first_name: 'Kapaas',
    last_name: 'Sandbox',
    email: SANDBOX_EMAIL,
    company_id: 1,
    created_at: formatShiprocketTime(new Date(issuedAt)),
    token: `${payload}.${sign(payload)}`,
  };
}

/** Whether an Authorization header carries a token the sandbox signed and that has not expired. */
export function validToken(header: string | undefined): boolean {
  const match = /^Bearer\s+([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2] || !sameText(sign(match[1]), match[2])) return false;
  try {
    const { exp } = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof exp === 'number' && Date.now() < exp;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Serviceability.

const pin = z
  .union([z.string(), z.number().transform(String)])
  .pipe(z.string().regex(/^[1-9]\d{5}$/, 'must be a valid pincode'));
const decimal = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

const ServiceabilityQuery = z.object({
  pickup_postcode: pin,
  delivery_postcode: pin,
  weight: decimal.pipe(z.number().positive('must be greater than 0')),
  cod: z.enum(['0', '1', 'true', 'false']).transform((value) => value === '1' || value === 'true'),
  declared_value: decimal.optional(),
});

const IST_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Dec 01, 2026", as serviceability's `etd`. */
const etdWords = (date: Date) => {
  const [year, month, day] = formatShiprocketTime(date).slice(0, 10).split('-');
  return `${IST_MONTHS[Number(month) - 1]} ${day}, ${year}`;
};

/** The sandbox's freight (rupees) and days from pickup to the door, for a courier, a route and a weight. */
export function quote(courier: SandboxCourier, pickupPin: string, deliveryPin: string, weightKg: number) {
  const sameCity = pickupPin.slice(0, 3) === deliveryPin.slice(0, 3);
  const sameZone = pickupPin[0] === deliveryPin[0];
  const base = sameCity ? 38 : sameZone ? 48 : 64;
  const halves = Math.max(1, Math.ceil(weightKg / 0.5));
  const rate = Math.round((base + (halves - 1) * (base * 0.8)) * courier.priceFactor * 100) / 100;
  const days = (sameCity ? 1 : sameZone ? 3 : 5) + courier.extraDays;
  return { rate, days };
}

/** GET /courier/serviceability/: the couriers for a route, or Shiprocket's "not serviceable" answer. */
export function serviceability(query: unknown) {
  const input = parse(ServiceabilityQuery, query, 'Required field missing');
  const served = pinService(input.delivery_postcode);
  if (!served.served) {
    return { status: 404, message: `Courier is not serviceable for the delivery pincode ${input.delivery_postcode}` };
  }
  if (input.cod && !served.cod) {
    return {
      status: 404,
      message: `Cash on delivery is not available for the delivery pincode ${input.delivery_postcode}`,
    };
  }
  const companies = SANDBOX_COURIERS.map((courier) => {
    const { rate, days } = quote(courier, input.pickup_postcode, input.delivery_postcode, input.weight);
    return {
      courier_company_id: courier.id,
      courier_name: courier.name,
      rate,
      freight_charge: rate,
      cod: served.cod ? 1 : 0,
      cod_charges: input.cod ? 30 : 0,
      charge_weight: Math.max(0.5, Math.ceil(input.weight * 2) / 2),
      estimated_delivery_days: String(days),
      etd: etdWords(new Date(Date.now() + days * 86_400_000)),
      etd_hours: days * 24,
      postcode: input.delivery_postcode,
      is_surface: courier.id !== 24,
      rating: 4.5,
    };
  });
  const cheapest = [...companies].sort((a, b) => a.rate - b.rate)[0];
  return {
    status: 200,
    currency: 'INR',
    data: {
      available_courier_companies: companies,
      recommended_courier_company_id: cheapest?.courier_company_id,
      shiprocket_recommended_courier_id: cheapest?.courier_company_id,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Orders.

/** Shiprocket's ids for a sandbox row: its order_id and shipment_id. */
export const orderIdOf = (row: { id: number }) => 400_000_000 + row.id;
export const shipmentIdOf = (row: { id: number }) => 700_000_000 + row.id;
const rowIdOfShipment = (shipmentId: number) => shipmentId - 700_000_000;

const paise = (rupees: number) => Math.round(rupees * 100);
const phone = z
  .union([z.string(), z.number().transform(String)])
  .pipe(z.string().regex(/^[6-9]\d{9}$/, 'must be a valid 10-digit mobile number'));
const words = (max: number) => z.string().trim().min(1).max(max);
const optionalText = z.string().nullish();

const OrderItem = z.object({
  name: words(200),
  sku: words(100),
  units: decimal.pipe(z.number().int().min(1)),
  selling_price: decimal,
});

const parcel = {
  length: decimal.pipe(z.number().gt(0.5, 'must be more than 0.5')),
  breadth: decimal.pipe(z.number().gt(0.5, 'must be more than 0.5')),
  height: decimal.pipe(z.number().gt(0.5, 'must be more than 0.5')),
  weight: decimal.pipe(z.number().gt(0, 'must be more than 0')),
};

const AdhocOrder = z.object({
  order_id: z.union([z.string(), z.number().transform(String)]).pipe(words(50)),
  order_date: words(30),
  pickup_location: words(100),
  billing_customer_name: words(100),
  billing_last_name: optionalText,
  billing_address: z.string().trim().min(3),
  billing_address_2: optionalText,
  billing_city: words(30),
  billing_pincode: pin,
  billing_state: words(50),
  billing_country: words(50),
  billing_email: z.email(),
  billing_phone: phone,
  shipping_is_billing: z.union([z.boolean(), z.literal(1), z.literal('1'), z.literal('true')]),
  order_items: z.array(OrderItem).min(1),
  payment_method: z.string().regex(/^(cod|prepaid)$/i, 'must be COD or Prepaid'),
  shipping_charges: decimal.optional(),
  total_discount: decimal.optional(),
  sub_total: decimal,
  ...parcel,
});

function addressOf(body: Record<string, unknown>, prefix: string): SandboxShiprocketAddress {
  const field = (name: string) => {
    const value = body[`${prefix}_${name}`];
    return value === undefined || value === null ? '' : String(value);
  };
  return {
    name: [field('customer_name'), field('last_name')].filter(Boolean).join(' '),
    phone: field('phone'),
    email: field('email'),
    address: field('address'),
    address2: field('address_2'),
    city: field('city'),
    state: field('state'),
    pincode: field('pincode'),
    country: field('country'),
  };
}

function orderAnswer(row: repo.ShipmentRow) {
  return {
    order_id: orderIdOf(row),
    shipment_id: shipmentIdOf(row),
    status: row.status,
    status_code: row.statusId,
    onboarding_completed_now: 0,
    awb_code: row.awb,
    courier_company_id: row.courierId,
    courier_name: row.courierName,
  };
}

/**
 * POST /orders/create/adhoc. The pickup location must be the sandbox's one. A repeat of an order_id answers the order
 * already made for it, unchanged (Shiprocket: "does not change or affect the existing order").
 */
export async function createAdhocOrder(db: Database, body: unknown) {
  const input = parse(AdhocOrder, body);
  if (input.pickup_location !== SANDBOX_PICKUP_LOCATION) {
    throw new SandboxError(422, {
      message: `Wrong Pickup location entered. Your Pickup locations: ${SANDBOX_PICKUP_LOCATION}`,
      errors: { pickup_location: [`The pickup location must be ${SANDBOX_PICKUP_LOCATION}.`] },
      status_code: 422,
    });
  }
  const cod = /^cod$/i.test(input.payment_method);
  const subTotal = paise(input.sub_total);
  const collect = subTotal + paise(input.shipping_charges ?? 0) - paise(input.total_discount ?? 0);
  const created = await repo.insertShipment(db, {
    channelOrderId: input.order_id,
    pickupLocation: input.pickup_location,
    paymentMethod: cod ? 'COD' : 'Prepaid',
    codPaise: cod ? Math.max(0, collect) : 0,
    subTotalPaise: subTotal,
    weightGrams: Math.max(1, Math.round(input.weight * 1000)),
    dimensionsCm: [input.length, input.breadth, input.height],
    customer: addressOf(body as Record<string, unknown>, 'billing'),
    items: input.order_items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      sellingPricePaise: paise(item.selling_price),
    })),
    statusId: 1,
    status: 'NEW',
  });
  const row = created ?? (await repo.findByChannelOrder(db, input.order_id, false));
  if (!row) throw refused('The order could not be created', 500);
  return orderAnswer(row);
}

const ReturnOrder = z.object({
  order_id: z.union([z.string(), z.number().transform(String)]).pipe(words(50)),
  order_date: words(30),
  pickup_customer_name: words(100),
  pickup_address: z.string().trim().min(3),
  pickup_city: words(30),
  pickup_state: words(50),
  pickup_country: words(50),
  pickup_pincode: pin,
  pickup_email: z.email(),
  pickup_phone: phone,
  shipping_customer_name: words(100),
  shipping_address: z.string().trim().min(3),
  shipping_city: words(30),
  shipping_country: words(50),
  shipping_pincode: pin,
  shipping_state: words(50),
  shipping_phone: phone,
  order_items: z.array(OrderItem).min(1),
  payment_method: z.string().regex(/^prepaid$/i, 'must be PREPAID'),
  sub_total: decimal,
  ...parcel,
});

/** POST /orders/create/return: a reverse pickup from the shopper; its order_id is unique among returns. */
export async function createReturnOrder(db: Database, body: unknown) {
  const input = parse(ReturnOrder, body);
  if (!pinService(input.pickup_pincode).served) {
    throw refused(`Reverse pickup is not serviceable for the pincode ${input.pickup_pincode}`);
  }
  const created = await repo.insertShipment(db, {
    channelOrderId: input.order_id,
    isReturn: true,
    paymentMethod: 'Prepaid',
    subTotalPaise: paise(input.sub_total),
    weightGrams: Math.max(1, Math.round(input.weight * 1000)),
    dimensionsCm: [input.length, input.breadth, input.height],
    customer: addressOf(body as Record<string, unknown>, 'pickup'),
    returnTo: addressOf(body as Record<string, unknown>, 'shipping'),
    items: input.order_items.map((item) => ({
      name: item.name,
      sku: item.sku,
      units: item.units,
      sellingPricePaise: paise(item.selling_price),
    })),
    statusId: 1,
    status: 'RETURN PENDING',
  });
  if (!created) {
    throw new SandboxError(422, {
      message: 'Oops! Invalid Data.',
      errors: { order_id: ['The order id has already been taken.'] },
      status_code: 422,
    });
  }
  // Shiprocket's documented answer to a return order: these five fields, no AWB or courier yet.
  return {
    order_id: orderIdOf(created),
    shipment_id: shipmentIdOf(created),
    status: created.status,
    status_code: 21,
    company_name: SANDBOX_WAREHOUSE.name,
  };
}

/** GET /settings/company/pickup: the account's one pickup location, with its address, in Shiprocket's shape. */
export function pickupLocations() {
  return {
    data: {
      shipping_address: [
        {
          id: 1,
          pickup_location: SANDBOX_PICKUP_LOCATION,
          ...SANDBOX_WAREHOUSE,
          status: 2,
          phone_verified: 1,
          is_primary_location: 1,
        },
      ],
      allow_more: 'true',
      is_blackbox_seller: false,
      company_name: SANDBOX_WAREHOUSE.name,
      recent_addresses: [],
    },
  };
}

// ---------------------------------------------------------------------------------------------
// AWBs, pickups, labels.

const shipmentIdField = decimal.pipe(z.number().int().positive());

async function shipmentOrRefuse(db: Queryable, shipmentId: number, lock = false) {
  const row = await repo.findShipment(db, rowIdOfShipment(shipmentId), lock);
  if (!row) throw refused('Invalid shipment id');
  return row;
}

/** Where a shipment is picked up and delivered, for pricing and serviceability. */
export function routeOf(row: repo.ShipmentRow): { from: string; to: string } {
  return row.isReturn
    ? { from: row.customer.pincode, to: row.returnTo?.pincode ?? SANDBOX_PICKUP_PIN }
    : { from: SANDBOX_PICKUP_PIN, to: row.customer.pincode };
}

function randomAwb(courier: SandboxCourier): string {
  let awb = courier.awbPrefix;
  while (awb.length < courier.awbLength) awb += String(randomInt(10));
  return awb;
}

const AssignAwb = z.object({ shipment_id: shipmentIdField, courier_id: shipmentIdField.optional() });

function awbAnswer(row: repo.ShipmentRow) {
  const assigned = row.pickupScheduledAt ?? row.createdAt;
  return {
    awb_assign_status: 1,
    response: {
      data: {
        courier_company_id: row.courierId,
        awb_code: row.awb,
        cod: row.paymentMethod === 'COD' ? 1 : 0,
        order_id: orderIdOf(row),
        shipment_id: shipmentIdOf(row),
        awb_code_status: 1,
        assigned_date_time: { date: formatShiprocketTime(assigned), timezone_type: 3, timezone: 'Asia/Kolkata' },
        applied_weight: row.weightGrams / 1000,
        courier_name: row.courierName,
        pickup_scheduled_date: row.pickupScheduledAt ? formatShiprocketTime(row.pickupScheduledAt) : null,
        invoice_no: `SANDBOX-${row.channelOrderId}`,
      },
    },
  };
}

const notAssigned = (message: string) => ({ awb_assign_status: 0, response: { data: { awb_assign_error: message } } });

/**
 * POST /courier/assign/awb: the given courier, or the cheapest, if it serves the route (and COD for a COD order).
 * A shipment that has an AWB answers it again (the sandbox's choice: Shiprocket documents no repeat).
 */
export async function assignAwb(
  db: Database,
  body: unknown,
  onAssigned: (tx: Queryable, row: repo.ShipmentRow) => Promise<void>,
) {
  const input = parse(AssignAwb, body, 'Required field missing');
  return db.transaction(async (tx) => {
    const row = await shipmentOrRefuse(tx, input.shipment_id, true);
    if (row.awb) return awbAnswer(row);
    const route = routeOf(row);
    const service = pinService(route.to);
    if (!service.served || (row.paymentMethod === 'COD' && !service.cod)) {
      return notAssigned(`Courier not serviceable for the pincode ${route.to}${service.served ? ' with COD' : ''}`);
    }
    const quotes = SANDBOX_COURIERS.map((courier) => ({
      courier,
      ...quote(courier, route.from, route.to, row.weightGrams / 1000),
    }));
    const chosen =
      input.courier_id === undefined
        ? [...quotes].sort((a, b) => a.rate - b.rate)[0]
        : quotes.find((entry) => entry.courier.id === input.courier_id);
    if (!chosen) return notAssigned(`Courier ${input.courier_id} is not serviceable for this shipment`);
    const pickupScheduledAt = new Date(Date.now() + 86_400_000);
    for (let tries = 0; tries < 5; tries += 1) {
      const updated = await repo.setAwb(tx, row.id, {
        awb: randomAwb(chosen.courier),
        courierId: chosen.courier.id,
        courierName: chosen.courier.name,
        etd: new Date(pickupScheduledAt.getTime() + chosen.days * 86_400_000),
        pickupScheduledAt,
      });
      if (updated) {
        await onAssigned(tx, updated);
        return awbAnswer(updated);
      }
    }
    throw refused('Could not assign an AWB, please try again', 500);
  });
}

const ShipmentIds = z.object({ shipment_id: z.array(shipmentIdField).min(1) });

/** POST /courier/generate/pickup: the AWB must be assigned first; a repeat is refused as Shiprocket refuses it. */
export async function generatePickup(
  db: Database,
  body: unknown,
  onScheduled: (tx: Queryable, row: repo.ShipmentRow) => Promise<void>,
) {
  const input = parse(ShipmentIds, body, 'Invalid shipment id');
  return db.transaction(async (tx) => {
    const row = await shipmentOrRefuse(tx, input.shipment_id[0] as number, true);
    if (!row.awb) throw refused('Please assign AWB before generating the pickup');
    // Shiprocket refuses a second pickup request for a shipment with this answer; the client takes it as done.
    if (row.pickupToken) throw refused('Already in Pickup Queue.');
    const scheduled = await repo.updateShipment(tx, row.id, {
      pickupToken: `Reference No: ${row.courierId}_${row.awb}_${formatShiprocketTime(new Date()).slice(0, 10).replaceAll('-', '')}`,
      statusId: row.isReturn ? row.statusId : 3,
      status: row.isReturn ? row.status : 'PICKUP SCHEDULED',
    });
    await onScheduled(tx, scheduled);
    const when = scheduled.pickupScheduledAt ?? new Date();
    return {
      pickup_status: 1,
      response: {
        pickup_scheduled_date: formatShiprocketTime(when),
        pickup_token_number: scheduled.pickupToken,
        status: 3,
        pickup_generated_date: { date: formatShiprocketTime(new Date()), timezone_type: 3, timezone: 'Asia/Kolkata' },
        data: `Pickup is confirmed by ${scheduled.courierName} For AWB :- ${scheduled.awb}`,
      },
    };
  });
}

/** POST /courier/generate/label: one PDF for the shipments, each with an AWB, served at `labelUrl(ids)`. */
export async function generateLabel(db: Database, body: unknown, labelUrl: (shipmentIds: number[]) => string) {
  const input = parse(ShipmentIds, body, 'Invalid shipment id');
  const notCreated: number[] = [];
  for (const shipmentId of input.shipment_id) {
    const row = await repo.findShipment(db, rowIdOfShipment(shipmentId));
    if (!row?.awb) notCreated.push(shipmentId);
    else if (!row.labelGeneratedAt) await repo.updateShipment(db, row.id, { labelGeneratedAt: new Date() });
  }
  if (notCreated.length === input.shipment_id.length) {
    return { label_created: 0, response: 'AWB is not assigned for the shipments', not_created: notCreated };
  }
  const made = input.shipment_id.filter((id) => !notCreated.includes(id));
  return {
    label_created: 1,
    label_url: labelUrl(made),
    response: 'Label has been created and uploaded successfully!',
    not_created: notCreated,
  };
}

/** The rows of the shipment ids a label URL names, in order; those without an AWB are left out. */
export async function labelShipments(db: Queryable, shipmentIds: number[]) {
  const rows: repo.ShipmentRow[] = [];
  for (const shipmentId of shipmentIds) {
    const row = await repo.findShipment(db, rowIdOfShipment(shipmentId));
    if (row?.awb) rows.push(row);
  }
  return rows;
}
