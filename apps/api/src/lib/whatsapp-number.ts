/*
 * WhatsApp names a number by its country code and digits (Meta's `wa_id`, a webhook's `from`), where the shop keeps an
 * Indian mobile's ten digits (addresses, accounts). The WhatsApp consents, the outbox's WhatsApp rows and the replies
 * all use WhatsApp's form, so that a STOP from `919847012345` is about the number the checkout's box named.
 */

/** India's calling code: the shop delivers in India only, and its phone fields take Indian mobiles only. */
export const WHATSAPP_COUNTRY_CODE = '91';

/** The number as WhatsApp names it (`9847012345` → `919847012345`); a number already in that form is kept. */
export function whatsAppNumberOf(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  return digits.length === 10 ? `${WHATSAPP_COUNTRY_CODE}${digits}` : digits;
}

/** The number as a shopper reads it (`919847012345` → `+91 98470 12345`); another form is shown with its `+` only. */
export function shownWhatsAppNumber(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith(WHATSAPP_COUNTRY_CODE)) {
    return `+${WHATSAPP_COUNTRY_CODE} ${digits.slice(2, 7)} ${digits.slice(7)}`;
  }
  return `+${digits}`;
}
