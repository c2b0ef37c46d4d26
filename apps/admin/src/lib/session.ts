import type { AdminAccount } from '@kapaas/contract';
import { useSyncExternalStore } from 'react';

/** Kept per tab (sessionStorage): closing the tab logs out, and the token never reaches the storefront's storage. */
const STORAGE_KEY = 'kapaas-admin-session';

/** Who is signed in to the console. */
export interface AdminSession {
  token: string;
  admin: AdminAccount;
}

/** Why the console is showing the login screen: nobody signed in yet, a logout, or a session the server ended. */
export type SignedOutReason = 'none' | 'logout' | 'expired';

let cached: AdminSession | null | undefined;
let signedOutReason: SignedOutReason = 'none';
const listeners = new Set<() => void>();

function read(): AdminSession | null {
  if (cached !== undefined) return cached;
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    cached = raw ? (JSON.parse(raw) as AdminSession) : null;
  } catch {
    cached = null;
  }
  return cached;
}

function write(session: AdminSession | null) {
  cached = session;
  try {
    if (session) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (private mode): the session lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

/** The Bearer token of the current session, if any. */
export function currentToken(): string | undefined {
  return read()?.token;
}

/** Starts a session after a successful login. */
export function startSession(session: AdminSession): void {
  signedOutReason = 'none';
  write(session);
}

/** Ends the session: after a logout, or because the server no longer accepts the token. */
export function endSession(reason: Exclude<SignedOutReason, 'none'>): void {
  if (!read()) return;
  signedOutReason = reason;
  write(null);
}

/** Why the last session ended, shown once on the login screen. */
export function lastSignedOutReason(): SignedOutReason {
  return signedOutReason;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in admin, or null; re-renders on login and logout. */
export function useAdminSession(): AdminSession | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

/** Forgets the cached session, so tests start signed out. */
export function resetSessionForTests(): void {
  cached = undefined;
  signedOutReason = 'none';
  window.sessionStorage.removeItem(STORAGE_KEY);
}
