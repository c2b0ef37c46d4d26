import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Secrets an e-mail carries that the database must not (a reset link's token): sealed with a key
// derived from SESSION_SECRET (AES-256-GCM), opened only to send. A changed secret makes the sealed
// copies unreadable, and such a message is skipped rather than sent with a broken link.

const keyOf = (secret: string) => createHash('sha256').update(`kapaas-mail-seal:${secret}`).digest();

/** Seals `value` for the outbox: base64url of iv, tag and ciphertext. */
export function seal(secret: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens a sealed value, or answers null when it was sealed with another key or tampered with. */
export function unseal(secret: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * The withdrawal link's signature for an address and a purpose: no table of tokens, and nobody can withdraw another
 * address's consent, or another purpose than the link's. A link without a purpose signs the address alone, as before.
 */
export function unsubscribeSignature(secret: string, email: string, purpose: string | null = null): string {
  return createHmac('sha256', `kapaas-unsubscribe:${secret}`)
    .update(purpose ? `${email.toLowerCase()}\n${purpose}` : email.toLowerCase())
    .digest('base64url')
    .slice(0, 32);
}

export function validUnsubscribeSignature(
  secret: string,
  email: string,
  signature: string,
  purpose: string | null = null,
): boolean {
  const expected = Buffer.from(unsubscribeSignature(secret, email, purpose));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Where a sealed secret sits in a stored body; the sender puts the secret there, the console shows a mask. */
export const SEALED_PLACEHOLDER = '__KAPAAS_SEALED__';
