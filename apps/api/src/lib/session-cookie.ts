import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseCookie, type SetCookie, stringifySetCookie } from 'cookie';

/**
 * The session cookie's value, signed as @fastify/cookie signed it (its `signer.js`, after
 * cookie-signature), so that sessions issued before the plugin was dropped stay valid (ADR 027):
 * the value, a dot, and the HMAC-SHA256 of the value under the secret in base64 without its `=`
 * padding.
 */
export function signCookieValue(value: string, secret: string): string {
  return `${value}.${mac(value, secret)}`;
}

/** The value a signed cookie carries, or null if it is not signed with this secret (forged, or another secret's). */
export function unsignCookieValue(signed: string, secret: string): string | null {
  const dot = signed.lastIndexOf('.');
  if (dot === -1 || dot === signed.length - 1) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  const expected = Buffer.from(mac(value, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}

function mac(value: string, secret: string): string {
  return createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '');
}

/** One cookie's value from a Cookie header, decoded as a browser's encoded value is; undefined if absent. */
export function readCookie(header: string, name: string): string | undefined {
  return parseCookie(header)[name];
}

/** What a Set-Cookie header says for this cookie: name, encoded value, then the attributes. */
export type CookieAttributes = Omit<SetCookie, 'name' | 'value'>;

/** A Set-Cookie line, its value encoded as @fastify/cookie encoded it (through the same `cookie` package). */
export function setCookieLine(name: string, value: string, attributes: CookieAttributes): string {
  return stringifySetCookie({ name, value, ...attributes });
}

/** The Set-Cookie line that makes a browser forget the cookie: empty, expired, Max-Age 0, with its path. */
export function clearCookieLine(name: string, attributes: CookieAttributes): string {
  return setCookieLine(name, '', { path: '/', ...attributes, expires: new Date(0), maxAge: 0 });
}
