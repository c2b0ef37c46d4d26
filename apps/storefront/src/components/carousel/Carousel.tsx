import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { type Key, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../lib/usePrefersReducedMotion';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '../icons';

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

/** A horizontally scrolling row of slides (embla) with previous/next buttons and optional dots and autoplay. */
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
  const reducedMotion = usePrefersReducedMotion();
  // Pausing under the mouse and on focus is done below for the whole carousel, controls included, rather than by
  // the plugin's stopOnMouseEnter/stopOnFocusIn: the plugin resumes on mouse leave and blur even after the shopper
  // pressed pause, and it ignores focus on the buttons outside the slides.
  const plugins = useMemo(
    () =>
      autoplayMs === undefined
        ? []
        : [
            Autoplay({
              delay: autoplayMs,
              stopOnInteraction: false,
              stopOnMouseEnter: false,
              stopOnFocusIn: false,
              playOnInit: !reducedMotion,
            }),
          ],
    [autoplayMs, reducedMotion],
  );
  const [viewportRef, embla] = useEmblaCarousel(
    { loop, align: 'start', slidesToScroll: layout === 'products' ? 'auto' : 1 },
    plugins,
  );
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);
  const [pausedByShopper, setPausedByShopper] = useState(reducedMotion);

  useEffect(() => {
    if (!embla) return;
    const sync = () => {
      setSelected(embla.selectedScrollSnap());
      setSnapCount(embla.scrollSnapList().length);
      setCanPrev(embla.canScrollPrev());
      setCanNext(embla.canScrollNext());
    };
    sync();
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla]);

  const autoplay = embla?.plugins().autoplay;
  const hasAutoplay = autoplay !== undefined && items.length > 1;

  const togglePause = useCallback(() => {
    if (!autoplay) return;
    if (pausedByShopper) autoplay.play();
    else autoplay.stop();
    setPausedByShopper(!pausedByShopper);
  }, [autoplay, pausedByShopper]);

  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = rootRef.current;
    if (!root || !autoplay) return;
    const hold = () => autoplay.stop();
    const release = () => {
      if (!pausedByShopper && !root.matches(':hover') && !root.contains(document.activeElement)) autoplay.play();
    };
    // focusout fires before focus lands elsewhere, so wait a tick to see where it went.
    const releaseAfterBlur = () => setTimeout(release, 0);
    root.addEventListener('mouseenter', hold);
    root.addEventListener('mouseleave', release);
    root.addEventListener('focusin', hold);
    root.addEventListener('focusout', releaseAfterBlur);
    return () => {
      root.removeEventListener('mouseenter', hold);
      root.removeEventListener('mouseleave', release);
      root.removeEventListener('focusin', hold);
      root.removeEventListener('focusout', releaseAfterBlur);
    };
  }, [autoplay, pausedByShopper]);

  return (
    <div className={`kp-carousel kp-carousel--${layout} ${className}`.trim()} ref={rootRef}>
      <div className="kp-carousel__viewport" ref={viewportRef}>
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
            onClick={() => embla?.scrollPrev()}
            disabled={!canPrev}
            aria-label={`Previous ${slideName}`}
          >
            <ChevronLeftIcon />
          </button>
          {showDots && snapCount > 1 && (
            <div className="kp-carousel__dots">
              {Array.from({ length: snapCount }, (_, index) => (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: a dot is its position; there is nothing else to key it by
                  key={index}
                  type="button"
                  className="kp-carousel__dot"
                  onClick={() => embla?.scrollTo(index)}
                  aria-label={`Go to ${slideName} ${index + 1}`}
                  aria-current={index === selected ? 'true' : undefined}
                />
              ))}
            </div>
          )}
          {hasAutoplay && (
            <button
              type="button"
              className="kp-carousel__arrow"
              onClick={togglePause}
              aria-label={pausedByShopper ? 'Play slideshow' : 'Pause slideshow'}
            >
              {pausedByShopper ? <PlayIcon /> : <PauseIcon />}
            </button>
          )}
          <button
            type="button"
            className="kp-carousel__arrow"
            onClick={() => embla?.scrollNext()}
            disabled={!canNext}
            aria-label={`Next ${slideName}`}
          >
            <ChevronRightIcon />
          </button>
        </div>
      )}
    </div>
  );
}
