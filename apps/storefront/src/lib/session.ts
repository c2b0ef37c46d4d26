import { useSyncExternalStore } from 'react';

/**
 * The storefront's view of who is shopping, kept in localStorage under the keys of product.md §3. These are display
 * values only (the name in the header, the ids the documented request bodies carry): the real session is the
 * httpOnly cookie the server set at login or guest start, and the server checks every id against it.
 */
export const SESSION_KEYS = {
  userId: 'userId',
  userName: 'userName',
  userEmail: 'userEmail',
  userPhone: 'userPhone',
  guestId: 'guest_id',
  hasShownPopup: 'hasShownPopup',
} as const;

/** The name a guest is shown under (product.md §4). */
export const GUEST_NAME = 'Guest';

/** Who is shopping: nobody yet, a registered user, or a guest (product.md §4). */
export type Identity =
  | { kind: 'anonymous' }
  | { kind: 'user'; userId: number; name: string; email: string | null; phone: string | null }
  | { kind: 'guest'; guestId: number; name: typeof GUEST_NAME };

const ANONYMOUS: Identity = { kind: 'anonymous' };

/** localStorage can be missing or refuse (private windows, storage quotas): the shop then behaves as logged out. */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the header simply will not remember the shopper.
  }
}

function parseId(value: string | null): number | null {
  if (value === null || !/^[1-9][0-9]*$/.test(value)) return null;
  return Number(value);
}

function identityFromStorage(): Identity {
  const userId = parseId(read(SESSION_KEYS.userId));
  const guestId = parseId(read(SESSION_KEYS.guestId));
  const name = read(SESSION_KEYS.userName);
  if (userId === null || !name) return ANONYMOUS;
  // A guest is stored as userId = guest_id with the name 'Guest' (product.md §4); matching the ids, not the name, keeps
  // a registered user who happens to be called Guest a user.
  if (guestId !== null && guestId === userId) return { kind: 'guest', guestId, name: GUEST_NAME };
  return {
    kind: 'user',
    userId,
    name,
    email: read(SESSION_KEYS.userEmail),
    phone: read(SESSION_KEYS.userPhone),
  };
}

const listeners = new Set<() => void>();
let cached: { raw: string; identity: Identity } | null = null;

/** The stored values as one string, so a snapshot is a new object only when something really changed. */
function rawSnapshot(): string {
  return [
    SESSION_KEYS.userId,
    SESSION_KEYS.userName,
    SESSION_KEYS.userEmail,
    SESSION_KEYS.userPhone,
    SESSION_KEYS.guestId,
  ]
    .map((key) => read(key) ?? '')
    .join('\u0000');
}

/** Who is shopping now, from localStorage. The same object is returned until a stored value changes. */
export function readIdentity(): Identity {
  const raw = rawSnapshot();
  if (cached?.raw !== raw) cached = { raw, identity: identityFromStorage() };
  return cached.identity;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab logging in or out changes this tab's header too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The current identity; the component re-renders on login, guest start and logout, in this tab or another. */
export function useIdentity(): Identity {
  return useSyncExternalStore(subscribe, readIdentity, () => ANONYMOUS);
}

/** After a successful login or profile update: the user's id and name, and e-mail and phone when known. */
export function rememberUser(user: { id: number; name: string; email?: string | null; phone?: string | null }): void {
  write(SESSION_KEYS.userId, String(user.id));
  write(SESSION_KEYS.userName, user.name);
  if (user.email !== undefined) write(SESSION_KEYS.userEmail, user.email);
  if (user.phone !== undefined) write(SESSION_KEYS.userPhone, user.phone);
  // The server merged the guest's cart into the user's at login; the guest is gone.
  write(SESSION_KEYS.guestId, null);
  notify();
}

/** After get_guest_id: the guest's id, stored as the documented guest shape (userName 'Guest', userId = guest_id). */
export function rememberGuest(guestId: number): void {
  write(SESSION_KEYS.guestId, String(guestId));
  write(SESSION_KEYS.userId, String(guestId));
  write(SESSION_KEYS.userName, GUEST_NAME);
  write(SESSION_KEYS.userEmail, null);
  write(SESSION_KEYS.userPhone, null);
  notify();
}

/** Logout (product.md §4): forgets the name, the ids and the welcome flag. The caller also calls the API's logout. */
export function forgetIdentity(): void {
  for (const key of [SESSION_KEYS.userName, SESSION_KEYS.userId, SESSION_KEYS.guestId, SESSION_KEYS.hasShownPopup]) {
    write(key, null);
  }
  notify();
}

/** The stored guest id, reused when the shopper continues as a guest again (product.md §4). */
export function storedGuestId(): number | null {
  return parseId(read(SESSION_KEYS.guestId));
}

/**
 * The owner fields of the documented request bodies: user_id for a user, guest_id for a guest (product.md §6: guests are
 * not sent user_id), nothing when anonymous. The server checks them against the session cookie.
 */
export function ownerFields(identity: Identity): { user_id?: number; guest_id?: number } {
  if (identity.kind === 'user') return { user_id: identity.userId };
  if (identity.kind === 'guest') return { guest_id: identity.guestId };
  return {};
}

/** A short stable key for query caches, so a cart or wishlist read for one shopper is never shown to another. */
export function identityKey(identity: Identity): string {
  if (identity.kind === 'user') return `user:${identity.userId}`;
  if (identity.kind === 'guest') return `guest:${identity.guestId}`;
  return 'anonymous';
}

/** The name the welcome popup greets, when there is one and the popup has not been shown yet (product.md §2, §4). */
export function welcomeNameToShow(): string | null {
  const name = read(SESSION_KEYS.userName);
  if (!name || read(SESSION_KEYS.hasShownPopup) !== null) return null;
  return name;
}

/** Marks the welcome popup as shown, until logout. */
export function markWelcomeShown(): void {
  write(SESSION_KEYS.hasShownPopup, 'true');
}
