import { type Key, type ReactNode, useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../lib/usePrefersReducedMotion';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../icons';
import { useScrollSnap } from './useScrollSnap';

/** How many slides show at once: one, a pair (testimonials) or a row of products (4, 3, 2, 1 by width). */
export type CarouselLayout = 'single' | 'pair' | 'products';

interface CarouselProps<T> {
  items: readonly T[];
  getKey: (item: T) => Key;
  renderSlide: (item: T, index: number) => ReactNode;
  /** What one slide is, for the control names: "Previous banner", "Go to banner 2". */
  slideName: string;
  layout?: CarouselLayout;
  /** Advances on its own every this many milliseconds; pauses under the mouse, on focus and on request. */
  autoplayMs?: number;
  loop?: boolean;
  showDots?: boolean;
  className?: string;
}

/** The row's name from its slide's: "banners", and "Best Selling products" for a page of products. */
function rowName(slideName: string): string {
  return slideName.endsWith('s') ? slideName : `${slideName}s`;
}

/**
 * Advances the row every `autoplayMs` while it is shown, not paused, and neither under the mouse nor holding the focus
 * (its controls included). Returns the handlers that hold it.
 */
function useAutoplay(autoplayMs: number | undefined, paused: boolean, advance: () => void) {
  const held = useRef(false);
  useEffect(() => {
    if (autoplayMs === undefined || paused) return;
    const timer = setInterval(() => {
      if (!held.current && document.visibilityState === 'visible') advance();
    }, autoplayMs);
    return () => clearInterval(timer);
  }, [autoplayMs, paused, advance]);
  return {
    onMouseEnter: () => {
      held.current = true;
    },
    onMouseLeave: (event: { currentTarget: HTMLElement }) => {
      held.current = event.currentTarget.contains(document.activeElement);
    },
    onFocus: () => {
      held.current = true;
    },
    onBlur: (event: { currentTarget: HTMLElement; relatedTarget: EventTarget | null }) => {
      const stillInside = event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget);
      held.current = stillInside || event.currentTarget.matches(':hover');
    },
  };
}

/**
 * A horizontally scrolling row of slides, snapped by CSS, with previous/next buttons and optional dots and autoplay.
 * Without JavaScript it is a row the shopper scrolls or swipes; the row itself takes the focus, so arrow keys scroll it.
 */
export function Carousel<T>({
  items,
  getKey,
  renderSlide,
  slideName,
  layout = 'single',
  autoplayMs,
  loop = false,
  showDots = false,
  className = '',
}: CarouselProps<T>) {
  const snap = useScrollSnap(items.length, { loop, byPage: layout === 'products' });
  const reducedMotion = usePrefersReducedMotion();
  // null until the shopper presses the button: a slideshow starts paused for whoever asked for less motion.
  const [pausedByShopper, setPausedByShopper] = useState<boolean | null>(null);
  const paused = pausedByShopper ?? reducedMotion;
  const hasAutoplay = autoplayMs !== undefined && items.length > 1;
  const holders = useAutoplay(hasAutoplay ? autoplayMs : undefined, paused, snap.next);

  return (
    <div className={`kp-carousel kp-carousel--${layout} ${className}`.trim()} {...holders}>
      {/* biome-ignore lint/a11y/useSemanticElements: the row of slides is a named group in the WAI-ARIA carousel pattern, not a fieldset */}
      <div
        className="kp-carousel__viewport"
        ref={snap.viewportRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling row takes the focus so that arrow keys scroll it (WCAG 2.1.1)
        tabIndex={0}
        role="group"
        aria-label={rowName(slideName)}
      >
        <div className="kp-carousel__container">
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useSemanticElements: in the WAI-ARIA carousel pattern a slide is a named group; a fieldset is for form fields.
            <div
              className="kp-carousel__slide"
              key={getKey(item)}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${items.length}`}
            >
              {renderSlide(item, index)}
            </div>
          ))}
        </div>
      </div>
      {items.length > 1 && (
        <div className="kp-carousel__controls">
          <button
            type="button"
            className="kp-carousel__arrow"
            onClick={snap.prev}
            disabled={!snap.canPrev}
            aria-label={`Previous ${slideName}`}
          >
            <ChevronLeftIcon />
          </button>
          {showDots && snap.count > 1 && (
            <div className="kp-carousel__dots">
              {Array.from({ length: snap.count }, (_, index) => (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its position; there is nothing else to key it by
                  key={index}
                  type="button"
                  className="kp-carousel__dot"
                  onClick={() => snap.goTo(index)}
                  aria-label={`Go to ${slideName} ${index + 1}`}
                  aria-current={index === snap.selected ? 'true' : undefined}
                />
              ))}
            </div>
          )}
          {hasAutoplay && (
            <button
              type="button"
              className="kp-carousel__arrow"
              onClick={() => setPausedByShopper(!paused)}
              aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
            >
              {paused ? <PlayIcon /> : <PauseIcon />}
            </button>
          )}
          <button
            type="button"
            className="kp-carousel__arrow"
            onClick={snap.next}
            disabled={!snap.canNext}
            aria-label={`Next ${slideName}`}
          >
            <ChevronRightIcon />
          </button>
        </div>
      )}
    </div>
  );
}
