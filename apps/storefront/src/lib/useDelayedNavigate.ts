import { useCallback, useEffect, useRef } from 'react';
import { type NavigateOptions, type To, useNavigate } from 'react-router';

/**
 * Navigates after a pause, as product.md §4 and §9 time the redirects after a login or a save (1 s, 1.5 s, 2 s). The
 * pending redirect is dropped if the page goes away first, so leaving early never yanks the shopper back.
 */
export function useDelayedNavigate() {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  return useCallback(
    (to: To, delayMs: number, options?: NavigateOptions) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(to, options), delayMs);
    },
    [navigate],
  );
}
