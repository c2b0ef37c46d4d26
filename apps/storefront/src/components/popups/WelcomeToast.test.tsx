import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetIdentity, rememberUser } from '../../lib/session';
import { WELCOME_POPUP_MS, WelcomeToast } from './WelcomeToast';

describe('welcome popup', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetIdentity();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('greets a stored name once, as a status message that closes itself after 300 ms', () => {
    rememberUser({ id: 7, name: 'Asha' });
    const first = render(<WelcomeToast />);

    expect(screen.getByRole('status')).toHaveTextContent('Welcome Asha!');
    expect(localStorage.getItem('hasShownPopup')).not.toBeNull();
    act(() => vi.advanceTimersByTime(WELCOME_POPUP_MS));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    first.unmount();
    render(<WelcomeToast />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says nothing when no name is stored', () => {
    render(<WelcomeToast />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(localStorage.getItem('hasShownPopup')).toBeNull();
  });
});
