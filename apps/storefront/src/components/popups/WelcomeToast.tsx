import { useEffect, useState } from 'react';
import { markWelcomeShown, welcomeNameToShow } from '../../lib/session';
import './popups.css';

/** How long the welcome greeting stays (product.md §4, §9). */
export const WELCOME_POPUP_MS = 300;

/**
 * The welcome popup of product.md §2/§4: on home, once, when a name is stored and the flag is unset; it closes itself
 * after 300 ms. Shown as a polite status message rather than a modal, so it can never trap focus or hide the page
 * from a keyboard or screen-reader user; the live region is always present so the greeting is announced.
 */
export function WelcomeToast() {
  const [name] = useState(welcomeNameToShow);
  const [visible, setVisible] = useState(name !== null);

  useEffect(() => {
    if (name === null) return;
    markWelcomeShown();
    const timer = setTimeout(() => setVisible(false), WELCOME_POPUP_MS);
    return () => clearTimeout(timer);
  }, [name]);

  return (
    <div role="status" aria-live="polite">
      {visible && name !== null && <p className="kp-welcome-toast m-0">Welcome {name}!</p>}
    </div>
  );
}
