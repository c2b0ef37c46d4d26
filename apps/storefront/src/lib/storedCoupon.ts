import { useSyncExternalStore } from 'react';

/** The coupon the shopper chose on /Coupouns, kept under product.md §3's key until it is removed, refused or used. */
export const COUPON_KEY = 'coupon_id';

const listeners = new Set<() => void>();

function read(): number | null {
  try {
    const value = window.localStorage.getItem(COUPON_KEY);
    return value !== null && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null;
  } catch {
    return null;
  }
}

function write(value: number | null): void {
  try {
    if (value === null) window.localStorage.removeItem(COUPON_KEY);
    else window.localStorage.setItem(COUPON_KEY, String(value));
  } catch {
    // Storage refused: the coupon is simply not remembered.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The chosen coupon's id, or null; re-renders when it is chosen or cleared, in this tab or another. */
export function useStoredCouponId(): number | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/** Remembers the coupon the shopper applied (product.md §4: choosing a coupon stores coupon_id). */
export function storeCouponId(couponId: number): void {
  write(couponId);
}

/** Forgets the coupon: removed by the shopper, refused by the server, or used by a paid order. */
export function forgetCouponId(): void {
  write(null);
}
