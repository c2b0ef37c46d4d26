import type { ConsentPurpose } from '@kapaas/contract';
import { unsubscribeSignature } from './seal';
import type { MailSettings } from './settings';

/**
 * The one-click link that withdraws a marketing message's consent (RFC 8058, issue 35): signed, so it withdraws that
 * address's consent to that purpose only. Without a purpose (links of messages sent before the ledger) it withdraws
 * every e-mail purpose, as the unsubscribe of then did.
 */
export function unsubscribeUrl(settings: MailSettings, email: string, purpose: ConsentPurpose | null = null): string {
  const params = new URLSearchParams({ e: email.toLowerCase() });
  if (purpose) params.set('p', purpose);
  params.set('s', unsubscribeSignature(settings.secret, email, purpose));
  return `${settings.publicUrl}/api/unsubscribe?${params}`;
}

/** An absolute link into the shop. */
export const shopUrl = (settings: MailSettings, path: string) => `${settings.publicUrl}${path}`;
