import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from '#storefront/components/icons.tsx';

/** The pictures are drawn 4:5; these sizes reserve the space before they load. */
const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 1000;

interface ProductGalleryProps {
  images: readonly string[];
  name: string;
}

/** The product's pictures in a swipeable carousel (embla), with arrows and a row of thumbnails to jump to one. */
export function ProductGallery({ images, name }: ProductGalleryProps) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: false });
  const [selected, setSelected] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const sync = () => setSelected(embla.selectedScrollSnap());
    sync();
    embla.on('select', sync).on('reInit', sync);
    return () => {
      embla.off('select', sync).off('reInit', sync);
    };
  }, [embla]);

  const several = images.length > 1;
  const altFor = (index: number) => (several ? `${name}, picture ${index + 1} of ${images.length}` : name);

  return (
    <section className="product-gallery" aria-roledescription="carousel" aria-label={`Pictures of ${name}`}>
      <div className="product-gallery__frame">
        <div className="product-gallery__viewport" ref={viewportRef}>
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
              onClick={() => embla?.scrollPrev()}
              disabled={selected === 0}
              aria-label="Previous picture"
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className="product-gallery__arrow product-gallery__arrow--next"
              onClick={() => embla?.scrollNext()}
              disabled={selected === images.length - 1}
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
                onClick={() => embla?.scrollTo(index)}
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
}
