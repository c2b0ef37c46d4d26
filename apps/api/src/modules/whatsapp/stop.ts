import type { Queryable } from '@kapaas/db';
import { consentStands, recordConsents } from '../consent';
import type { WhatsAppAnswer, WhatsAppReply } from './webhook';

/*
 * STOP (issue 36): the shopper's own word on WhatsApp ends every WhatsApp message of the shop to that number at once,
 * as Meta asks of businesses, and is said in either of the shop's languages. The shop answers once: a STOP from a
 * number that gets nothing any more changes nothing and is not answered (each answer is a message in their chat).
 */

/** The whole reply, trimmed and in any case: "please stop the parcel" is not a STOP. */
const STOP_WORDS = new Set(['stop', 'रोकें'.normalize('NFC')]);

export const STOP_ANSWER =
  'You will no longer get WhatsApp messages from Kapaas. Your order updates will come by e-mail. ' +
  'To get them here again, turn on WhatsApp updates in your profile or at checkout.';

export function isStop(text: string | null): boolean {
  return text !== null && STOP_WORDS.has(text.trim().normalize('NFC').toLowerCase());
}

/** Withdraws both WhatsApp purposes of the number (ledger source `whatsapp_reply`); answers what to reply, once. */
export async function stopReply(tx: Queryable, reply: WhatsAppReply): Promise<WhatsAppAnswer | null> {
  if (reply.type !== 'text' || !isStop(reply.text)) return null;
  const phone = reply.from;
  const updates = await consentStands(tx, { phone }, 'whatsapp_updates');
  const marketing = await consentStands(tx, { phone }, 'whatsapp_marketing');
  if (!updates && !marketing) return null;
  const entry = { person: { phone }, given: false, source: 'whatsapp_reply' as const, clientAddress: null };
  await recordConsents(tx, [
    { ...entry, purpose: 'whatsapp_updates' },
    { ...entry, purpose: 'whatsapp_marketing' },
  ]);
  return { text: STOP_ANSWER };
}
