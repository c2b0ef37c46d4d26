import { createHmac, timingSafeEqual } from 'node:crypto';
import { shopToday } from '../../lib/shop-day';

// The undelivered message's link (issue 33): the shopper answers a failed delivery without a session. The link's
// token names the parcel, the failed attempt it answers and when it stops working, signed with a key derived from
// SESSION_SECRET: no table of tokens, nobody can make one for another parcel, and a link from an earlier attempt
// stops working once the courier has tried again. The outbox keeps it sealed (mail/seal.ts), like a reset link.

/** How long the link works after the failed attempt is reported: couriers hold a parcel in NDR about three days. */
export const NDR_LINK_HOURS = 72;

/** What a valid token says. */
export interface NdrLink {
  readonly shipmentId: number;
  /** The failed attempt (1, 2, …) the link answers. */
  readonly attempt: number;
  readonly expiresAt: Date;
}

const signatureOf = (secret: string, body: string) =>
  createHmac('sha256', `kapaas-ndr-link:${secret}`).update(body).digest('base64url').slice(0, 32);

/** The token of a parcel's failed attempt: `<shipment>.<attempt>.<expiry in epoch seconds>.<signature>`. */
export function ndrToken(secret: string, link: NdrLink): string {
  const body = `${link.shipmentId}.${link.attempt}.${Math.floor(link.expiresAt.getTime() / 1000)}`;
  return `${body}.${signatureOf(secret, body)}`;
}

/**
 * What a token says, when the shop signed it (expired or not: the caller tells the two apart for the shopper), or
 * null for anything else.
 */
export function readNdrToken(secret: string, token: string): NdrLink | null {
  const match = /^([1-9]\d{0,9})\.([1-9]\d{0,3})\.(\d{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [, shipmentId, attempt, expires, signature] = match as unknown as [string, string, string, string, string];
  const expected = Buffer.from(signatureOf(secret, `${shipmentId}.${attempt}.${expires}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { shipmentId: Number(shipmentId), attempt: Number(attempt), expiresAt: new Date(Number(expires) * 1000) };
}

/** The days a shopper may ask the courier to come again: the next three days of India's calendar. */
export function reattemptDays(now = new Date()): string[] {
  const today = shopToday(now);
  return [1, 2, 3].map((ahead) => {
    const day = new Date(`${today}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + ahead);
    return day.toISOString().slice(0, 10);
  });
}
