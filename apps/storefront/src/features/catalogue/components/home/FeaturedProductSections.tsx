import type { FeaturedProductListAnswer } from '@kapaas/contract';
import { type ReactNode, useId } from 'react';
import { Carousel } from '#storefront/components/carousel/Carousel.tsx';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { ProductCard } from '#storefront/components/product/ProductCard.tsx';
import { useFeaturedProducts } from '../../api/useFeaturedProducts';

type FeaturedSection = FeaturedProductListAnswer['featured_products'][number];

interface FeaturedProductSectionsProps {
  /** Which of the shop's featured rows to show here, as in Array.slice: the home page splits them around the ads. */
  from: number;
  to?: number;
  /** Whether this place shows the spinner and the error for the whole list, so they appear once. */
  reportStatus?: boolean;
  /** Controls drawn on each card (the wishlist heart), composed by the page from another feature. */
  cardActions?: (product: FeaturedSection['products'][number]) => ReactNode;
}

/** Featured product rows such as "Best Selling" and "New Arrivals", each a carousel of product cards. */
export function FeaturedProductSections({ from, to, reportStatus = false, cardActions }: FeaturedProductSectionsProps) {
  const featured = useFeaturedProducts();

  if (featured.isPending) return reportStatus ? <LoadingState label="Loading products" /> : null;
  if (featured.isError) {
    return reportStatus ? (
      <div className="container py-4">
        <QueryErrorAlert error={featured.error} onRetry={() => featured.refetch()} />
      </div>
    ) : null;
  }

  return featured.data
    .slice(from, to)
    .filter((section) => section.products.length > 0)
    .map((section) => <FeaturedProductCarousel key={section.id} section={section} cardActions={cardActions} />);
}

function FeaturedProductCarousel({
  section,
  cardActions,
}: {
  section: FeaturedSection;
  cardActions: FeaturedProductSectionsProps['cardActions'];
}) {
  const headingId = useId();
  return (
    <section className="home-section" aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId} className="section-heading">
          {section.title}
        </h2>
        <Carousel
          items={section.products}
          getKey={(product) => product.product_id}
          renderSlide={(product) => <ProductCard product={product} actions={cardActions?.(product)} />}
          slideName={`${section.title} products`}
          layout="products"
        />
      </div>
    </section>
  );
}
