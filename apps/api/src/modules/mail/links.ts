import { unsubscribeSignature } from './seal';
import type { MailSettings } from './settings';

/** The one-click unsubscribe link of an address (RFC 8058): signed, so it unsubscribes that address only. */
export function unsubscribeUrl(settings: MailSettings, email: string): string {
  const params = new URLSearchParams({ e: email.toLowerCase(), s: unsubscribeSignature(settings.secret, email) });
  return `${settings.publicUrl}/api/unsubscribe?${params}`;
}

/** An absolute link into the shop. */
export const shopUrl = (settings: MailSettings, path: string) => `${settings.publicUrl}${path}`;
