import type { Queryable } from '@kapaas/db';
import { queueMail, seal } from '../mail';
import { lockOrder, orderFactsOf, orderWhatsApp } from '../orders';
import { NDR_LINK_HOURS, ndrToken } from './ndr-link';
import type { ShipmentRow } from './shipping.repository';
import type { ShipmentState } from './tracking';

/**
 * The shopper's message when the courier's tracking moves their parcel to a step they should hear of (issue 33),
 * queued in the tracking update's transaction (ADR 034), so it goes if and only if the update is recorded:
 * - out for delivery: the courier is on the way today;
 * - undelivered: the courier's reason, and a link to ask for another attempt or correct the phone or address
 *   (ndr-link.ts), sealed in the outbox as a reset link is.
 * Only a change of the parcel's state calls it, so a repeated webhook, or one that arrives after the parcel moved
 * past it (a late "out for delivery" after "delivered"), sends nothing. The key names the attempt: the courier's next
 * attempt, after the shopper's answer, is told again, and one attempt is told once. Delivered is the order's own
 * message (order_delivered), which the courier's delivery sends when it moves the order.
 */
export async function tellShopperOfParcel(
  tx: Queryable,
  secret: string,
  shipment: ShipmentRow,
  state: ShipmentState,
): Promise<void> {
  if (shipment.kind !== 'forward' || shipment.awb === null) return;
  if (state.status !== 'out_for_delivery' && state.status !== 'undelivered') return;
  const order = await lockOrder(tx, shipment.orderId);
  const to = order?.addressSnapshot.email_id;
  if (!order || !to) return;
  const facts = {
    order_id: order.id,
    awb: shipment.awb,
    courier_name: shipment.courierName,
    tracking_url: shipment.trackingUrl,
  };
  if (state.status === 'out_for_delivery') {
    // The attempt under way: the failed ones so far, and this one.
    const attempt = state.attempts + 1;
    const key = `shipment-out_for_delivery:${shipment.id}:${attempt}`;
    const whatsapp = await orderWhatsApp(tx, order.id, 'shipment_out_for_delivery');
    await queueMail(tx, {
      kind: 'shipment_out_for_delivery',
      key,
      to,
      payload: facts,
      ...(whatsapp ? { whatsapp } : {}),
    });
    return;
  }
  const link = {
    shipmentId: shipment.id,
    attempt: state.attempts,
    expiresAt: new Date(Date.now() + NDR_LINK_HOURS * 3_600_000),
  };
  const whatsapp = await undeliveredWhatsApp(tx, order.id, state.lastReason);
  await queueMail(tx, {
    kind: 'shipment_undelivered',
    key: undeliveredKey(shipment.id, state.attempts),
    to,
    payload: { ...facts, reason: state.lastReason, attempt: state.attempts, expires_at: link.expiresAt.toISOString() },
    sealed: seal(secret, ndrToken(secret, link)),
    ...(whatsapp ? { whatsapp } : {}),
  });
}

/** The undelivered message's key: one per parcel and failed attempt. The WhatsApp taps find the attempt by it. */
export const undeliveredKey = (shipmentId: number, attempt: number) => `shipment-undelivered:${shipmentId}:${attempt}`;

/**
 * The undelivered message's WhatsApp form: first name, #number and the courier's reason, with "Deliver again" and
 * "Correct address" naming the order (their taps: ndr-whatsapp.ts). Meta refuses an empty parameter, so a failure
 * the courier gave no reason for says so.
 */
async function undeliveredWhatsApp(tx: Queryable, orderId: number, reason: string | null) {
  const facts = await orderFactsOf(tx, orderId);
  const why = reason?.trim() || 'no reason given';
  return orderWhatsApp(tx, orderId, 'shipment_undelivered', { parameters: [facts.firstName, facts.number, why] });
}
