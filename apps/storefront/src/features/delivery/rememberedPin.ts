import { PIN_CODE_PATTERN } from '@kapaas/contract';

/** Where the last PIN code the shopper checked is kept, for the product pages they open next in the same tab. */
export const DELIVERY_PIN_KEY = 'kapaas.deliveryPin';

/** The session's storage, or null on the server and where the browser refuses it (private modes, blocked storage). */
function sessionStore(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The PIN code checked last in this tab, or null when there is none (or what is stored is not a PIN code). */
export function readDeliveryPin(): string | null {
  try {
    const pin = sessionStore()?.getItem(DELIVERY_PIN_KEY) ?? null;
    return pin !== null && PIN_CODE_PATTERN.test(pin) ? pin : null;
  } catch {
    return null;
  }
}

/** Keeps `pin` for the rest of the session; a refused write only means the next page asks again. */
export function rememberDeliveryPin(pin: string): void {
  try {
    sessionStore()?.setItem(DELIVERY_PIN_KEY, pin);
  } catch {
    // Storage full or blocked: nothing is remembered, which is all that is lost.
  }
}

/** Forgets the PIN code, when the shop no longer knows it. */
export function forgetDeliveryPin(): void {
  try {
    sessionStore()?.removeItem(DELIVERY_PIN_KEY);
  } catch {
    // As above: nothing to undo.
  }
}
