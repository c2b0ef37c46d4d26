import { memo } from 'react';
import { useScrollSnap } from '#storefront/components/carousel/useScrollSnap.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '#storefront/components/icons.tsx';

/** The pictures are drawn 4:5; these sizes reserve the space before they load. */
const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 1000;

interface ProductGalleryProps {
  images: readonly string[];
  name: string;
}

/**
 * The product's pictures in a row the browser scrolls and snaps (CSS), swipeable and scrollable without JavaScript,
 * with arrows and a row of thumbnails to jump to one. Memoized: the product page re-renders on each size tap, which
 * changes nothing here.
 */
export const ProductGallery = memo(function ProductGallery({ images, name }: ProductGalleryProps) {
  const snap = useScrollSnap(images.length);
  const selected = snap.selected;

  const several = images.length > 1;
  const altFor = (index: number) => (several ? `${name}, picture ${index + 1} of ${images.length}` : name);

  return (
    <section className="product-gallery" aria-roledescription="carousel" aria-label={`Pictures of ${name}`}>
      <div className="product-gallery__frame">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable so that the keyboard can scroll it (WCAG 2.1.1) */}
        <div className="product-gallery__viewport" ref={snap.viewportRef} tabIndex={0}>
          <div className="product-gallery__container">
            {images.map((image, index) => (
              <div className="product-gallery__slide" key={image} aria-hidden={index === selected ? undefined : true}>
                <img
                  src={image}
                  alt={altFor(index)}
                  width={IMAGE_WIDTH}
                  height={IMAGE_HEIGHT}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  decoding={index === 0 ? 'sync' : 'async'}
                />
              </div>
            ))}
          </div>
        </div>
        {several && (
          <>
            <button
              type="button"
              className="product-gallery__arrow product-gallery__arrow--prev"
              onClick={snap.prev}
              disabled={!snap.canPrev}
              aria-label="Previous picture"
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="product-gallery__arrow product-gallery__arrow--next"
              onClick={snap.next}
              disabled={!snap.canNext}
              aria-label="Next picture"
            >
              <ChevronRightIcon />
            </button>
          </>
        )}
      </div>
      {several && (
        <ul className="product-gallery__thumbs list-unstyled">
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                className="product-gallery__thumb"
                onClick={() => snap.goTo(index)}
                aria-label={`Show picture ${index + 1} of ${images.length}`}
                aria-current={index === selected ? 'true' : undefined}
              >
                <img src={image} alt="" width={80} height={100} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
