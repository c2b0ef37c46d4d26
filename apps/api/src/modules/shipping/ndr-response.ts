import {
  NDR_DATE_MESSAGE,
  NDR_LINK_EXPIRED,
  NDR_LINK_INVALID,
  type ShipmentNdrDetails,
  type ShipmentNdrResponseRequest,
} from '@kapaas/contract';
import { eq, type NdrAnswerVia, type Queryable, shipments } from '@kapaas/db';
import type { ServiceDeps } from '../../lib/deps';
import { AppError, fieldError } from '../../lib/errors';
import { type Limits, RateLimiter } from '../../lib/rate-limit';
import type { OrderDeps } from '../orders';
import { actOnFailedDelivery } from './ndr';
import { readNdrToken, reattemptDays } from './ndr-link';
import type { ShipmentRow } from './shipping.repository';

// The shopper's answer to a failed delivery (issue 33), from the undelivered message's link, without a session: the
// link's signed token (ndr-link.ts) says which parcel and which failed attempt, until it expires. The answer reaches
// the courier by the owner's own path (ndr.ts, actOnFailedDelivery), so the courier call and the order's history
// line happen once, and the history says the shopper asked.

/** Who the order's history says asked, for an answer from the link. */
export const SHOPPER_ASKED = 'The shopper';

const refusedLink = (message: string, code: string) =>
  new AppError('INVALID_DATA', message, { code, errors: { token: [message] } });

/** Counts one use of the link's page against the client address's limit, bad links included. */
async function countUse(db: Queryable, limits: Limits, address: string): Promise<void> {
  await new RateLimiter(db).hit(`ndr-response:ip:${address}`, limits.ndrResponsesPerAddress);
}

/**
 * The parcel a link answers for, or the refusal in plain words: a token the shop did not sign (or for a parcel it does
 * not have) is invalid, one past its time expired; a parcel no longer waiting after this failed attempt (delivered,
 * on its way back, out again) is 409 with its state, and so is a link of an earlier attempt.
 */
async function parcelOfLink(db: Queryable, secret: string, token: string): Promise<ShipmentRow> {
  const link = readNdrToken(secret, token.trim());
  if (!link) throw refusedLink(NDR_LINK_INVALID, 'NDR_LINK_INVALID');
  const [shipment] = await db.select().from(shipments).where(eq(shipments.id, link.shipmentId));
  if (shipment?.kind !== 'forward' || shipment.awb === null) throw refusedLink(NDR_LINK_INVALID, 'NDR_LINK_INVALID');
  if (link.expiresAt.getTime() <= Date.now()) throw refusedLink(NDR_LINK_EXPIRED, 'NDR_LINK_EXPIRED');
  if (shipment.status !== 'undelivered') {
    const now = shipment.status.replaceAll('_', ' ');
    throw new AppError('CONFLICT', `Your parcel is no longer waiting for an answer: it is ${now}.`, {
      code: 'NOT_UNDELIVERED',
    });
  }
  if (shipment.attempts !== link.attempt) {
    throw new AppError('CONFLICT', 'The courier has tried again since this message. Use the link in the latest one.', {
      code: 'NDR_LINK_SUPERSEDED',
    });
  }
  return shipment;
}

/** shipment_ndr_details: what the link's page shows: the order, the courier, its reason, and the days to choose. */
export async function ndrDetails(
  deps: Pick<ServiceDeps, 'db' | 'mail'>,
  limits: Limits,
  address: string,
  token: string,
): Promise<ShipmentNdrDetails> {
  await countUse(deps.db, limits, address);
  const shipment = await parcelOfLink(deps.db, deps.mail.secret, token);
  return {
    order_id: shipment.orderId,
    awb: shipment.awb ?? '',
    courier_name: shipment.courierName,
    reason: shipment.lastReason,
    attempts: shipment.attempts,
    dates: reattemptDays(),
  };
}

/**
 * shipment_ndr_response: the shopper asks the courier to try again, on one of the next three days or whenever it
 * comes, and may give a corrected phone number or address. The link and the day are checked before the courier is
 * asked; a refusal sends nothing and records nothing.
 */
export async function answerFailedDelivery(
  deps: OrderDeps & Pick<ServiceDeps, 'courier' | 'mail'>,
  limits: Limits,
  address: string,
  request: ShipmentNdrResponseRequest,
): Promise<ShipmentRow> {
  await countUse(deps.db, limits, address);
  const shipment = await parcelOfLink(deps.db, deps.mail.secret, request.token);
  if (request.date !== undefined && !reattemptDays().includes(request.date)) {
    throw fieldError('date', NDR_DATE_MESSAGE);
  }
  return askCourierAgain(deps, shipment, request, SHOPPER_ASKED, 'link');
}

/**
 * The shopper's answer, once checked (the link's page, or a tap on the undelivered message on WhatsApp): the courier
 * asked to try again (on the day, at the phone or address given), and the order's history line naming who asked.
 */
export function askCourierAgain(
  deps: OrderDeps & Pick<ServiceDeps, 'courier'>,
  shipment: ShipmentRow,
  answer: Pick<ShipmentNdrResponseRequest, 'date' | 'phone' | 'address'>,
  by: string,
  via: NdrAnswerVia,
): Promise<ShipmentRow> {
  const action = { action: 're-attempt' as const, date: answer.date, phone: answer.phone, address: answer.address };
  return actOnFailedDelivery(deps, shipment.awb ?? '', action, by, via);
}
