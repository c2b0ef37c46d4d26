import type { Database, Queryable } from '@kapaas/db';
import { z } from 'zod';
import { formatShiprocketTime } from '../../modules/shiprocket/courier';
import { ADVANCE_STATUSES, ADVANCES, type AdvanceStatus, SANDBOX_PICKUP_CITY } from './sandbox.constants';
import * as repo from './sandbox.repository';
import { orderIdOf, parse, refused, SandboxError, shipmentIdOf } from './sandbox.service';

/*
 * A sandbox shipment's journey: the scans its courier records, the tracking answer, the NDR list and actions, and the
 * tracking webhook each move sends the shop (written in the same transaction as the move: an outbox).
 */

interface ScanSpec {
  id: number;
  label: string;
  code: string;
  activity: string;
  location: string;
}

const cityOf = (address: { city: string; state: string } | null | undefined) =>
  address ? `${address.city} (${address.state})` : SANDBOX_PICKUP_CITY;

/** Where each move is scanned: the shopper's city for the door, the warehouse's for the pickup or the way back. */
function locationFor(row: repo.ShipmentRow, status: AdvanceStatus): string {
  const door = cityOf(row.isReturn ? row.returnTo : row.customer);
  const origin = row.isReturn ? cityOf(row.customer) : SANDBOX_PICKUP_CITY;
  if (status === 'picked_up' || status === 'rto_delivered') return origin;
  if (status === 'in_transit') return 'Gurgaon_Bilaspur_HB (Haryana)';
  return door;
}

/** Records a scan, at least a second after the shipment's last one (Shiprocket's times are to the second). */
async function recordScan(tx: Queryable, row: repo.ShipmentRow, spec: ScanSpec) {
  const scans = await repo.scansOf(tx, row.id);
  const last = scans.at(-1)?.at.getTime() ?? 0;
  const now = Math.floor(Date.now() / 1000) * 1000;
  const at = new Date(Math.max(now, last + 1000));
  const scan = await repo.insertScan(tx, {
    shipmentId: row.id,
    statusId: spec.id,
    status: spec.label,
    activity: spec.activity,
    location: spec.location,
    at,
  });
  return { scan, scans: [...scans, scan] };
}

function scanFields(scan: repo.ScanRow) {
  return {
    date: formatShiprocketTime(scan.at),
    status: scan.status,
    activity: scan.activity,
    location: scan.location,
    'sr-status': String(scan.statusId),
    'sr-status-label': scan.status,
  };
}

/** The webhook body Shiprocket sends for a scan, with its documented fields (and every scan so far). */
export function webhookBody(row: repo.ShipmentRow, scan: repo.ScanRow, scans: repo.ScanRow[]): string {
  const stamp = formatShiprocketTime(scan.at);
  const [date, time] = stamp.split(' ');
  const [year, month, day] = (date ?? '').split('-');
  return JSON.stringify({
    awb: row.awb,
    courier_name: row.courierName,
    current_status: scan.status,
    current_status_id: scan.statusId,
    shipment_status: scan.status,
    shipment_status_id: scan.statusId,
    current_timestamp: `${day} ${month} ${year} ${time}`,
    order_id: row.channelOrderId,
    sr_order_id: orderIdOf(row),
    awb_assigned_date: row.pickupScheduledAt
      ? formatShiprocketTime(new Date(row.pickupScheduledAt.getTime() - 86_400_000))
      : null,
    pickup_scheduled_date: row.pickupScheduledAt ? formatShiprocketTime(row.pickupScheduledAt) : null,
    etd: row.etd ? formatShiprocketTime(row.etd) : null,
    scans: scans.map(scanFields),
    is_return: row.isReturn ? 1 : 0,
    channel_id: 1,
    pod_status: scan.statusId === 7 ? 'OTP Based Delivery' : '',
    pod: scan.statusId === 7 ? 'Available' : 'Not Available',
  });
}

/** The scan a new AWB gets, with no webhook: nothing the shop follows happened yet. */
export async function scanAssigned(tx: Queryable, row: repo.ShipmentRow) {
  await recordScan(tx, row, {
    id: 1,
    label: 'AWB ASSIGNED',
    code: 'UD',
    activity: `Shipment information sent to ${row.courierName}`,
    location: row.isReturn ? cityOf(row.customer) : SANDBOX_PICKUP_CITY,
  });
}

export async function scanPickupScheduled(tx: Queryable, row: repo.ShipmentRow) {
  await recordScan(tx, row, {
    id: 3,
    label: 'PICKUP SCHEDULED',
    code: 'PS',
    activity: 'Pickup scheduled',
    location: row.isReturn ? cityOf(row.customer) : SANDBOX_PICKUP_CITY,
  });
}

const FINAL = new Set([7, 10]);
const RTO = new Set([9, 10]);
const AT_THE_DOOR: AdvanceStatus[] = ['out_for_delivery', 'delivered', 'undelivered'];

/** Why a shipment cannot make this move, or null. */
function refusalOf(row: repo.ShipmentRow, scans: repo.ScanRow[], status: AdvanceStatus): string | null {
  if (FINAL.has(row.statusId)) return `Shipment ${row.awb} is already ${row.status.toLowerCase()}`;
  const inRto = scans.some((scan) => RTO.has(scan.statusId));
  if (inRto && AT_THE_DOOR.includes(status)) return `Shipment ${row.awb} is on its way back to the seller (RTO)`;
  if (status === 'rto_delivered' && !inRto) return 'RTO delivered needs RTO initiated first';
  return null;
}

/** The shipment's move and its webhooks (`repeat` of them, held back when `hold`), in the caller's transaction. */
async function move(
  tx: Queryable,
  row: repo.ShipmentRow,
  status: AdvanceStatus,
  options: { reason?: string | undefined; repeat: number; hold: boolean },
): Promise<{ row: repo.ShipmentRow; webhookIds: number[] }> {
  const spec = ADVANCES[status];
  const activity = options.reason ?? spec.activity;
  const { scan, scans } = await recordScan(tx, row, { ...spec, activity, location: locationFor(row, status) });
  const attempt = row.ndrAttempts + 1;
  const moved = await repo.updateShipment(tx, row.id, {
    statusId: spec.id,
    status: spec.label,
    ...(status === 'undelivered'
      ? {
          ndrAttempts: attempt,
          ndrReason: activity,
          ndrRaisedAt: scan.at,
          ndrHistory: [
            ...row.ndrHistory,
            { attempt, reason: activity, action: null, comment: null, at: formatShiprocketTime(scan.at) },
          ],
        }
      : {}),
  });
  const body = webhookBody(moved, scan, scans);
  const rows = Array.from({ length: options.repeat }, () => ({
    awb: moved.awb as string,
    statusId: spec.id,
    body,
    held: options.hold,
  }));
  const ids = (await repo.insertWebhooks(tx, rows)).map((entry) => entry.id);
  return { row: moved, webhookIds: options.hold ? [] : ids };
}

export const AdvanceBody = z.object({
  awb: z.string().min(1),
  status: z.enum(ADVANCE_STATUSES as [AdvanceStatus, ...AdvanceStatus[]]),
  reason: z.string().trim().min(1).max(200).optional(),
  /** How many times the webhook is sent (Shiprocket may send one twice). */
  repeat: z.number().int().min(1).max(5).default(1),
  /** Keep the webhook back until POST test/release, to deliver several out of order. */
  hold: z.boolean().default(false),
});

/** POST test/advance: moves a shipment on, as its courier would, and writes the webhook(s) to send. */
export async function advance(db: Database, body: unknown) {
  const input = parse(AdvanceBody, body, 'Invalid advance');
  return db.transaction(async (tx) => {
    const row = await repo.findByAwb(tx, input.awb, true);
    if (!row) throw refused(`No shipment with AWB ${input.awb}`, 404);
    const why = refusalOf(row, await repo.scansOf(tx, row.id), input.status);
    if (why) throw refused(why, 409);
    const result = await move(tx, row, input.status, input);
    return {
      answer: {
        awb: input.awb,
        status: input.status,
        shipment_status_id: result.row.statusId,
        webhooks: input.repeat,
        held: input.hold,
      },
      webhookIds: result.webhookIds,
    };
  });
}

/** GET /courier/track/awb/:awb: Shiprocket's tracking_data, or its "no activities" answer for an unknown AWB. */
export async function track(db: Queryable, awb: string) {
  const row = await repo.findByAwb(db, awb);
  if (!row) {
    return {
      tracking_data: {
        track_status: 0,
        error: 'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
      },
    };
  }
  const scans = await repo.scansOf(db, row.id);
  const delivered = scans.find((scan) => scan.statusId === 7);
  return {
    tracking_data: {
      track_status: 1,
      shipment_status: row.statusId,
      shipment_track: [
        {
          id: shipmentIdOf(row),
          awb_code: row.awb,
          courier_company_id: row.courierId,
          shipment_id: shipmentIdOf(row),
          order_id: orderIdOf(row),
          pickup_date: scans.find((scan) => scan.statusId === 42)?.at
            ? formatShiprocketTime(scans.find((scan) => scan.statusId === 42)?.at as Date)
            : null,
          delivered_date: delivered ? formatShiprocketTime(delivered.at) : null,
          weight: (row.weightGrams / 1000).toFixed(2),
          packages: 1,
          current_status: row.status,
          destination: row.customer.city,
          origin: SANDBOX_PICKUP_CITY,
          courier_name: row.courierName,
        },
      ],
      shipment_track_activities: [...scans].reverse().map(scanFields),
      track_url: `https://shiprocket.co/tracking/${row.awb}`,
      etd: row.etd ? formatShiprocketTime(row.etd) : null,
    },
  };
}

const NdrQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(15),
});

/** GET /ndr/all: shipments whose last attempt failed, with their attempts and the actions taken. */
export async function ndrAll(db: Queryable, query: unknown) {
  const { page, per_page: perPage } = parse(NdrQuery, query);
  const [rows, total] = await Promise.all([repo.ndrShipments(db, perPage, (page - 1) * perPage), repo.countNdr(db)]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      shipment_id: shipmentIdOf(row),
      customer_name: row.customer.name,
      customer_email: row.customer.email,
      customer_phone: row.customer.phone,
      customer_address: row.customer.address,
      customer_address_2: row.customer.address2,
      customer_city: row.customer.city,
      customer_state: row.customer.state,
      customer_pincode: row.customer.pincode,
      status: 'UNDELIVERED',
      status_code: 21,
      payment_method: row.paymentMethod === 'COD' ? 'cod' : 'prepaid',
      reason: row.ndrReason,
      attempts: row.ndrAttempts,
      ndr_raised_at: row.ndrRaisedAt ? formatShiprocketTime(row.ndrRaisedAt) : null,
      courier: row.courierName,
      awb_code: row.awb,
      product_name: row.items[0]?.name ?? '',
      history: row.ndrHistory.map((entry, index) => ({
        id: index + 1,
        ndr_id: row.id,
        ndr_reason: entry.reason,
        action_by: entry.action ? 2 : 3,
        ndr_attempt: entry.attempt,
        comment: entry.comment,
        ndr_raised_at: entry.at,
      })),
    })),
    meta: {
      pagination: {
        total,
        count: rows.length,
        per_page: perPage,
        current_page: page,
        total_pages: Math.max(1, Math.ceil(total / perPage)),
      },
    },
  };
}

const NdrActionBody = z.object({
  action: z.enum(['re-attempt', 'return']),
  comments: z.string().trim().min(1),
  deferred_date: z.iso.date().optional(),
  phone: z
    .string()
    .regex(/^[6-9]\d{9}$/, 'must be a valid 10-digit mobile number')
    .optional(),
  address1: z.string().trim().min(3).optional(),
  address2: z.string().trim().optional(),
});

/**
 * POST /ndr/:awb/action, for a shipment in NDR: `re-attempt` is noted (with a new phone or address, when given) and
 * the courier tries again when the test advances it; `return` starts the return to origin at once, with its webhook.
 */
export async function ndrAction(db: Database, awb: string, body: unknown) {
  const input = parse(NdrActionBody, body);
  return db.transaction(async (tx) => {
    const row = await repo.findByAwb(tx, awb, true);
    if (!row) throw refused('Invalid AWB', 404);
    if (row.statusId !== 21 || row.isReturn) {
      throw new SandboxError(400, { message: `Shipment ${awb} is not in NDR`, status_code: 400 });
    }
    const entry = {
      attempt: row.ndrAttempts,
      reason: row.ndrReason ?? '',
      action: input.action,
      comment: input.comments,
      at: formatShiprocketTime(new Date()),
    };
    const updated = await repo.updateShipment(tx, row.id, {
      ndrHistory: [...row.ndrHistory, entry],
      ...(input.phone || input.address1
        ? {
            customer: {
              ...row.customer,
              ...(input.phone ? { phone: input.phone } : {}),
              ...(input.address1 ? { address: input.address1, address2: input.address2 ?? '' } : {}),
            },
          }
        : {}),
    });
    if (input.action === 're-attempt') return { answer: { status: 'Data Updated Sucessfully' }, webhookIds: [] };
    const reason = `Return to origin initiated: ${input.comments}`;
    const moved = await move(tx, updated, 'rto_initiated', { reason, repeat: 1, hold: false });
    return { answer: { status: 'Data Updated Sucessfully' }, webhookIds: moved.webhookIds };
  });
}
