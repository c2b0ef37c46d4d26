import { and, eq, type Queryable, shipments } from '@kapaas/db';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { OrderDeps } from '../orders';
import type { WhatsAppAnswer, WhatsAppReply, WhatsAppReplyHandler } from '../whatsapp';
import { keep } from './claim';
import { NDR_LINK_HOURS, ndrToken } from './ndr-link';
import { askCourierAgain } from './ndr-response';
import { lockShipment, type ShipmentRow } from './shipping.repository';

/*
 * The shopper's taps on the undelivered message's "Deliver again" and "Correct address" on WhatsApp (issue 36),
 * modelled on the COD taps (orders/cod-whatsapp.ts). The payload names the order, but anyone can send the shop's
 * number a payload: a tap counts only when it answers the shop's undelivered message (the reply's context.id, found in
 * the outbox: its key names the parcel and the failed attempt) for that order, from the number it was sent to. A tap
 * on a parcel no longer waiting after that attempt (tried again, delivered, on its way back) is answered politely and
 * changes nothing; Meta's webhook repeated stores the reply once, so one tap is answered once (webhook.ts).
 */

const TAP = /^(delivery_retry|address_correct):(\d+)$/;
/** shipment-mail.ts's undeliveredKey: `shipment-undelivered:<shipment>:<attempt>`. */
const MESSAGE = /^shipment-undelivered:(\d+):(\d+)$/;

/** Who the order's history says asked, for a tap on WhatsApp. */
export const SHOPPER_ON_WHATSAPP = 'The shopper, on WhatsApp,';

interface Tap {
  retry: boolean;
  orderId: number;
  shipmentId: number;
  attempt: number;
}

function tapOf(reply: WhatsAppReply): Tap | null {
  const tap = TAP.exec(reply.buttonPayload ?? '');
  const message = MESSAGE.exec(reply.context?.key ?? '');
  // The message tapped must be an undelivered message, sent to the number that tapped.
  if (!tap || !message || reply.context?.phone !== reply.from) return null;
  return {
    retry: tap[1] === 'delivery_retry',
    orderId: Number(tap[2]),
    shipmentId: Number(message[1]),
    attempt: Number(message[2]),
  };
}

/** Where a parcel no longer waiting for an answer is, in the chat's words. */
const IN_WORDS: Partial<Record<ShipmentRow['status'], string>> = {
  picked_up: 'on its way to you again',
  in_transit: 'on its way to you again',
  out_for_delivery: 'out for delivery again',
  delivered: 'already delivered',
  rto_initiated: 'on its way back to us',
  rto_delivered: 'back with us',
  cancelled: 'cancelled',
  lost: 'reported lost by the courier; we will write to you',
};

function stale(shipment: ShipmentRow, tap: Tap): WhatsAppAnswer | null {
  const order = `order #${shipment.orderId}`;
  if (shipment.status === 'undelivered' && shipment.attempts === tap.attempt) return null;
  if (shipment.status === 'undelivered') {
    return {
      text: `Thank you. The courier has tried to deliver ${order} again since this message, so nothing has changed. Please use the buttons of our latest message.`,
    };
  }
  const where = IN_WORDS[shipment.status] ?? 'no longer waiting for your answer';
  return { text: `Thank you. Your parcel for ${order} is ${where}, so nothing has changed.` };
}

/** The undelivered message's link (the e-mail's: the parcel and this failed attempt, three days from the failure). */
function answerLink(secret: string, publicUrl: string, shipment: ShipmentRow): string {
  const failedAt = (shipment.statusAt ?? new Date()).getTime();
  const expiresAt = new Date(failedAt + NDR_LINK_HOURS * 3_600_000);
  const token = ndrToken(secret, { shipmentId: shipment.id, attempt: shipment.attempts, expiresAt });
  return `${publicUrl}/delivery-answer?token=${token}`;
}

type TapDeps = OrderDeps & Pick<ServiceDeps, 'courier' | 'mail'>;

/** The attempt marked answered from WhatsApp in the reply's transaction, before the courier is asked. */
const claimAnswer = (tx: Queryable, shipment: ShipmentRow) =>
  keep(tx, shipment.id, { answeredAttempt: shipment.attempts, answeredVia: 'whatsapp', answeredAt: new Date() });

/** The claim given back when the courier could not be asked, so that the next tap asks again. */
async function releaseAnswer(db: Queryable, shipment: ShipmentRow): Promise<void> {
  await db
    .update(shipments)
    .set({ answeredAttempt: null, answeredVia: null, answeredAt: null })
    .where(
      and(
        eq(shipments.id, shipment.id),
        eq(shipments.answeredAttempt, shipment.attempts),
        eq(shipments.answeredVia, 'whatsapp'),
      ),
    );
}

/**
 * "Deliver again": the courier is asked once the reply is committed (the courier's sandbox and the order's history
 * need the database the reply's transaction holds), by the shopper's own path (ndr-response.ts); the chat then says
 * what came of it. The reply's transaction claimed the attempt (claimAnswer), so a second tap is told it was asked;
 * a courier that could not be asked gives the claim back. webhook.ts sends an answer's text after its `after` ran,
 * so `after` writes the text.
 */
function retry(deps: TapDeps, shipment: ShipmentRow): WhatsAppAnswer {
  const courier = shipment.courierName ?? 'the courier';
  const answer: WhatsAppAnswer = {};
  answer.after = async () => {
    try {
      await askCourierAgain(deps, shipment, {}, SHOPPER_ON_WHATSAPP, 'whatsapp');
      answer.text = `Thank you. We have asked ${courier} to try again to deliver order #${shipment.orderId}. The courier will call you before coming.`;
    } catch (error) {
      await releaseAnswer(deps.db, shipment);
      if (!(error instanceof AppError)) throw error;
      deps.log.warn({ err: error, awb: shipment.awb }, 'a WhatsApp re-attempt tap could not reach the courier');
      answer.text = `Sorry, we could not pass this on to ${courier} just now. Please tap again in a little while, or reply here and we will call you.`;
    }
  };
  return answer;
}

/**
 * A second "Deliver again" for the same failed attempt (or after the link or the owner answered it): asked once. The
 * owner may have asked for the parcel back instead, so their answer is not called a re-attempt.
 */
function askedAlready(shipment: ShipmentRow): WhatsAppAnswer {
  const courier = shipment.courierName ?? 'the courier';
  const order = `order #${shipment.orderId}`;
  if (shipment.answeredVia === 'console') {
    return {
      text: `Thank you. We have already told ${courier} what to do with ${order}, so nothing has changed. Reply here if you need anything else.`,
    };
  }
  return {
    text: `Thank you. We have already asked ${courier} to try again to deliver ${order}, so nothing has changed. The courier will call you before coming.`,
  };
}

/**
 * The parcel, locked until the reply commits: of two taps at once the second waits for the first's claim below, and
 * finds the attempt answered.
 */
async function parcelOf(tx: Queryable, tap: Tap): Promise<ShipmentRow | null> {
  const shipment = await lockShipment(tx, tap.shipmentId);
  // The payload must name the order of the parcel the message was about.
  if (shipment?.kind !== 'forward' || shipment.awb === null || shipment.orderId !== tap.orderId) return null;
  return shipment;
}

/** The handler of the undelivered message's taps, with what asking the courier needs. */
export function ndrTapHandler(deps: TapDeps): WhatsAppReplyHandler {
  return async (tx, reply) => {
    const tap = tapOf(reply);
    if (!tap) return undefined;
    const shipment = await parcelOf(tx, tap);
    if (!shipment) return undefined;
    const late = stale(shipment, tap);
    if (late) return late;
    if (tap.retry && shipment.answeredAttempt === shipment.attempts) return askedAlready(shipment);
    if (tap.retry) return retry(deps, await claimAnswer(tx, shipment));
    const link = answerLink(deps.mail.secret, deps.mail.publicUrl, shipment);
    return {
      text: `To correct your address or phone number for order #${shipment.orderId}, open ${link} and we will pass it on to ${shipment.courierName ?? 'the courier'}. The link works for 3 days from the failed delivery.`,
    };
  };
}
