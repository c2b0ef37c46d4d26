import { sign, unsign } from '@fastify/cookie';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clearCookieLine, readCookie, setCookieLine, signCookieValue, unsignCookieValue } from './session-cookie';

const secret = fc.string({ minLength: 1, maxLength: 64 });
// A session token is base64url, but any cookie text must round-trip as @fastify/cookie's did.
const value = fc.string({ maxLength: 80 });

describe('the session cookie’s signature', () => {
  it('is the one @fastify/cookie made, so sessions issued before the change stay valid', () => {
    fc.assert(
      fc.property(value, secret, (text, key) => {
        const old = sign(text, key);
        expect(signCookieValue(text, key)).toBe(old);
        expect(unsignCookieValue(old, key)).toBe(text);
      }),
    );
  });

  it('is refused under another secret, or with any character of the signature changed', () => {
    fc.assert(
      fc.property(value, secret, secret, fc.nat(), (text, key, other, at) => {
        const signed = signCookieValue(text, key);
        expect(unsignCookieValue(signed, other) === text).toBe(other === key || unsign(signed, other).valid);
        const dot = signed.lastIndexOf('.');
        const index = dot + 1 + (at % (signed.length - dot - 1));
        const changed = `${signed.slice(0, index)}${signed[index] === 'A' ? 'B' : 'A'}${signed.slice(index + 1)}`;
        expect(unsignCookieValue(changed, key)).toBeNull();
      }),
    );
  });

  it('is needed: a bare value or an empty signature is none', () => {
    expect(unsignCookieValue('token', 'secret')).toBeNull();
    expect(unsignCookieValue('token.', 'secret')).toBeNull();
  });
});

describe('the Set-Cookie lines', () => {
  it('carry the session cookie’s attributes, its signed value, read back from a Cookie header', () => {
    const signed = signCookieValue('tok/en+', 's');
    const line = setCookieLine('kapaas_session', signed, {
      httpOnly: true,
      sameSite: 'lax',
      secure: true,
      path: '/',
      maxAge: 7_776_000,
    });
    expect(line).toBe(`kapaas_session=${signed}; Max-Age=7776000; Path=/; HttpOnly; Secure; SameSite=Lax`);
    const pair = line.split(';')[0] ?? '';
    expect(readCookie(`other=1; ${pair}`, 'kapaas_session')).toBe(signed);
    expect(readCookie('other=1', 'kapaas_session')).toBeUndefined();
  });

  it('clear the cookie with an empty, expired value at its path', () => {
    expect(clearCookieLine('kapaas_session', { httpOnly: true, sameSite: 'lax', secure: false, path: '/' })).toBe(
      'kapaas_session=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax',
    );
  });
});
