import type { Queryable } from '@kapaas/db';
import { shownWhatsAppNumber } from '../../lib/whatsapp-number';
import { type WhatsAppSendStatus, whatsAppSendOf } from '../mail';
import { orderPlacedKey } from './order-mail';

/*
 * Where a COD order's confirmation was asked (issue 36): on WhatsApp when the order's confirmation message was queued
 * for WhatsApp as the COD confirmation, with its Confirm order button naming the order (the number consented, the kind
 * on, its template approved); else the shop calls. Read from the outbox, never guessed from the settings: what the
 * shopper and the owner are told follows what was queued.
 */

export interface CodConfirmationOnWhatsApp {
  /** The number it went to, as the shopper reads it: `+91 98470 12345`. */
  number: string;
  status: WhatsAppSendStatus;
  /** It went by e-mail instead (refused, undeliverable, consent withdrawn): the shop calls. */
  fellBack: boolean;
}

/** The COD confirmation of the order as queued for WhatsApp, or null when it was not (the shop calls). */
export async function codConfirmationOnWhatsApp(
  db: Queryable,
  orderId: number,
): Promise<CodConfirmationOnWhatsApp | null> {
  const send = await whatsAppSendOf(db, orderPlacedKey(orderId));
  // The plain order placed template (the COD confirmation's kind off) asks nothing: only the tap's payload counts.
  const asks = send?.template.buttons?.some(
    (button) => button.type === 'quick_reply' && button.payload === `cod_confirm:${orderId}`,
  );
  if (!send || !asks) return null;
  return { number: shownWhatsAppNumber(send.phone), status: send.status, fellBack: send.fellBack };
}

/** What the shopper reads of a confirmation asked on WhatsApp, in the checkout's answer and the order's history. */
export const codWhatsAppNote = (number: string) =>
  `We have sent you a WhatsApp message at ${number}: tap Confirm order and we will pack it (or we will call you).`;
