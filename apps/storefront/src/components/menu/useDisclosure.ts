import { type RefObject, useEffect, useRef, useState } from 'react';

/**
 * A menu of links shown and hidden by its button (the WAI-ARIA disclosure pattern, which suits a list of links better
 * than the menu role): the button says whether it is open (`aria-expanded`), Tab walks the links, Escape closes it
 * and gives the focus back to the button, and a press outside it closes it.
 *
 * It replaces react-bootstrap's Dropdown in the header: that Dropdown brought Popper.js and @restart/ui's menus to
 * every page (about 12 KB gzip of the root file) and cost the hydration about 30 ms at a phone's speed (issue 40);
 * a menu under its button is placed by Bootstrap's own CSS (`data-bs-popper="static"`), with no measuring at all.
 * The closed list is in the page with `hidden` (its links are in the server's HTML, out of the accessibility tree).
 */
export function useDisclosure<T extends HTMLElement>(): {
  open: boolean;
  setOpen: (open: boolean) => void;
  rootRef: RefObject<T | null>;
} {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<T>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      rootRef.current?.querySelector<HTMLElement>('[aria-expanded]')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  return { open, setOpen, rootRef };
}
