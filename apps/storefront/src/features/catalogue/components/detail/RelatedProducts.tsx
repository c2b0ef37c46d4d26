import type { ProductCard as ProductCardData } from '@kapaas/contract';
import { memo, type ReactNode, useId } from 'react';
import { Carousel } from '#storefront/components/carousel/Carousel.tsx';
import { ProductCard } from '#storefront/components/product/ProductCard.tsx';

interface RelatedProductsProps {
  products: readonly ProductCardData[];
  /** Controls for each card, such as the wishlist heart; composed by the page. */
  renderCardActions?: (product: ProductCardData) => ReactNode;
}

/**
 * 'You may also like': related products, 4/3/2/1 to a row by width like the home carousels (product.md §9). Memoized:
 * the product page re-renders on each size tap, which changes nothing here.
 */
export const RelatedProducts = memo(function RelatedProducts({ products, renderCardActions }: RelatedProductsProps) {
  const headingId = useId();
  if (products.length === 0) return null;
  return (
    <section className="product-related" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-heading">
        You may also like
      </h2>
      <Carousel
        items={products}
        getKey={(product) => product.product_id}
        renderSlide={(product) => <ProductCard product={product} actions={renderCardActions?.(product)} />}
        slideName="related products"
        layout="products"
      />
    </section>
  );
});
