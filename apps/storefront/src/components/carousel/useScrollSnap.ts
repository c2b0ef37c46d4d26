import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../lib/usePrefersReducedMotion';

/** Where a scroll-snapping row stands: which stop is in view, how many there are, and which way it can go. */
export interface SnapPosition {
  selected: number;
  count: number;
  canPrev: boolean;
  canNext: boolean;
}

export interface ScrollSnap extends SnapPosition {
  /** The scrolling element; its first child holds the slides. */
  viewportRef: RefObject<HTMLDivElement | null>;
  prev: () => void;
  next: () => void;
  goTo: (index: number) => void;
}

interface ScrollSnapOptions {
  /** Past the last stop comes the first, and before the first the last. */
  loop?: boolean;
  /** A stop is a page of the slides that fit side by side (a row of products), not one slide. */
  byPage?: boolean;
}

/** The stops of the row as laid out now, or null where nothing is laid out (no layout: jsdom). */
function measure(
  viewport: HTMLElement,
  byPage: boolean,
): { step: number; max: number; selected: number; count: number } | null {
  const [first, second] = viewport.firstElementChild?.children ?? [];
  if (!(first instanceof HTMLElement) || first.offsetWidth === 0) return null;
  // From one slide's start to the next's: its width and the gap after it.
  const pitch = second instanceof HTMLElement ? second.offsetLeft - first.offsetLeft : first.offsetWidth;
  const gap = pitch - first.offsetWidth;
  const perPage = byPage ? Math.max(1, Math.round((viewport.clientWidth + gap) / pitch)) : 1;
  const step = perPage * pitch;
  const max = Math.max(0, viewport.scrollWidth - viewport.clientWidth);
  const count = Math.round(max / step) + 1;
  const selected = Math.min(count - 1, Math.round(viewport.scrollLeft / step));
  return { step, max, selected, count };
}

/** The row's position as laid out now, or null where nothing is laid out. */
function positionOf(viewport: HTMLElement, byPage: boolean, loop: boolean): SnapPosition | null {
  const row = measure(viewport, byPage);
  if (!row) return null;
  const canLoop = loop && row.count > 1;
  return {
    selected: row.selected,
    count: row.count,
    canPrev: canLoop || viewport.scrollLeft > 1,
    canNext: canLoop || viewport.scrollLeft < row.max - 1,
  };
}

/** Calls `update` after the first frame (not in the hydration's commit), and after each scroll and resize, once a frame. */
function useMeasuredOnScroll(viewportRef: RefObject<HTMLElement | null>, update: () => void) {
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    let frame = requestAnimationFrame(update);
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    };
    viewport.addEventListener('scroll', onScroll, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(onScroll);
    resized?.observe(viewport);
    return () => {
      cancelAnimationFrame(frame);
      viewport.removeEventListener('scroll', onScroll);
      resized?.disconnect();
    };
  }, [viewportRef, update]);
}

/**
 * The state and controls of a row of slides that the browser scrolls and snaps by CSS (`scroll-snap-type`): it is a
 * swipeable, scrollable row without JavaScript, and the buttons only ask the browser to scroll. Replaces embla (7 KB
 * gzip, and its start in the hydration's commit; ADR 031). The row is measured after the first frame, never during
 * hydration, and on scroll and resize.
 */
export function useScrollSnap(
  slideCount: number,
  { loop = false, byPage = false }: ScrollSnapOptions = {},
): ScrollSnap {
  const viewportRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  // Before it is measured (and in the server's HTML) each slide is taken for a stop, the first in view.
  const [position, setPosition] = useState<SnapPosition>({
    selected: 0,
    count: byPage ? 1 : slideCount,
    canPrev: loop && slideCount > 1,
    canNext: slideCount > 1,
  });

  const update = useCallback(() => {
    const viewport = viewportRef.current;
    const next = viewport && positionOf(viewport, byPage, loop);
    if (!next) return;
    setPosition((now) =>
      now.selected === next.selected &&
      now.count === next.count &&
      now.canPrev === next.canPrev &&
      now.canNext === next.canNext
        ? now
        : next,
    );
  }, [byPage, loop]);
  useMeasuredOnScroll(viewportRef, update);

  const goTo = useCallback(
    (index: number) => {
      const viewport = viewportRef.current;
      const row = viewport && measure(viewport, byPage);
      if (!viewport || !row || typeof viewport.scrollTo !== 'function') return;
      const stop = Math.max(0, Math.min(row.count - 1, index));
      viewport.scrollTo({ left: Math.min(row.max, stop * row.step), behavior: reducedMotion ? 'auto' : 'smooth' });
    },
    [byPage, reducedMotion],
  );

  const step = useCallback(
    (by: 1 | -1) => {
      const viewport = viewportRef.current;
      const row = viewport && measure(viewport, byPage);
      if (!row) return;
      // At an end the row stays, unless it loops; a partly scrolled last page counts as the last stop.
      const atEnd = by === 1 ? viewport.scrollLeft >= row.max - 1 : viewport.scrollLeft <= 1;
      if (atEnd) {
        if (loop) goTo(by === 1 ? 0 : row.count - 1);
        return;
      }
      goTo(row.selected + by);
    },
    [byPage, loop, goTo],
  );
  const prev = useCallback(() => step(-1), [step]);
  const next = useCallback(() => step(1), [step]);

  return { ...position, viewportRef, prev, next, goTo };
}
