import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  forgetIdentity,
  identityKey,
  markWelcomeShown,
  ownerFields,
  readIdentity,
  rememberGuest,
  rememberUser,
  storedGuestId,
  useIdentity,
  welcomeNameToShow,
} from './session';

describe('session store', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetIdentity();
  });

  it('is anonymous when nothing is stored', () => {
    expect(readIdentity()).toEqual({ kind: 'anonymous' });
    expect(ownerFields(readIdentity())).toEqual({});
    expect(identityKey(readIdentity())).toBe('anonymous');
  });

  it('remembers a user under the keys of product.md §3', () => {
    rememberUser({ id: 7, name: 'Asha', email: 'asha@example.com', phone: '9876543210' });

    expect(localStorage.getItem('userId')).toBe('7');
    expect(localStorage.getItem('userName')).toBe('Asha');
    expect(localStorage.getItem('userEmail')).toBe('asha@example.com');
    expect(readIdentity()).toEqual({
      kind: 'user',
      userId: 7,
      name: 'Asha',
      email: 'asha@example.com',
      phone: '9876543210',
    });
    expect(ownerFields(readIdentity())).toEqual({ user_id: 7 });
  });

  it('stores a guest as userName Guest with userId equal to guest_id, and sends only guest_id', () => {
    rememberGuest(42);

    expect(localStorage.getItem('guest_id')).toBe('42');
    expect(localStorage.getItem('userId')).toBe('42');
    expect(localStorage.getItem('userName')).toBe('Guest');
    expect(readIdentity()).toEqual({ kind: 'guest', guestId: 42, name: 'Guest' });
    expect(ownerFields(readIdentity())).toEqual({ guest_id: 42 });
    expect(storedGuestId()).toBe(42);
  });

  it('forgets the guest when a user logs in', () => {
    rememberGuest(42);
    rememberUser({ id: 7, name: 'Asha' });

    expect(localStorage.getItem('guest_id')).toBeNull();
    expect(readIdentity()).toMatchObject({ kind: 'user', userId: 7 });
  });

  it('logout removes userName, userId, guest_id and hasShownPopup', () => {
    rememberGuest(42);
    markWelcomeShown();
    forgetIdentity();

    for (const key of ['userName', 'userId', 'guest_id', 'hasShownPopup']) expect(localStorage.getItem(key)).toBeNull();
    expect(readIdentity()).toEqual({ kind: 'anonymous' });
  });

  it('returns the same snapshot until something changes', () => {
    rememberUser({ id: 7, name: 'Asha' });
    expect(readIdentity()).toBe(readIdentity());
  });

  it('updates components on login and logout', () => {
    const { result } = renderHook(() => useIdentity());
    expect(result.current.kind).toBe('anonymous');

    act(() => rememberUser({ id: 7, name: 'Asha' }));
    expect(result.current).toMatchObject({ kind: 'user', name: 'Asha' });

    act(() => forgetIdentity());
    expect(result.current.kind).toBe('anonymous');
  });

  it('offers the welcome name once, until logout', () => {
    expect(welcomeNameToShow()).toBeNull();
    rememberUser({ id: 7, name: 'Asha' });
    expect(welcomeNameToShow()).toBe('Asha');

    markWelcomeShown();
    expect(welcomeNameToShow()).toBeNull();
  });

  it('ignores ids that are not positive whole numbers', () => {
    localStorage.setItem('userId', 'abc');
    localStorage.setItem('userName', 'Asha');
    expect(readIdentity()).toEqual({ kind: 'anonymous' });
  });
});
