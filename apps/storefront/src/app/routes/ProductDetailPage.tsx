import { parseProductSegment } from '@kapaas/contract';
import { lazy, Suspense } from 'react';
import type { MetaArgs } from 'react-router';
import { useParams } from 'react-router';
import { AddToCartButton } from '../../features/cart/components/AddToCartButton';
import { ProductDetailView } from '../../features/catalogue/components/detail/ProductDetailView';
import { FindMySize } from '../../features/fit/components/FindMySize';
import '../../features/delivery/delivery.css';
import { ReviewRatingLink } from '../../features/reviews/components/ReviewRatingLink';
import '../../features/reviews/reviews.css';
import { SaveToWishlistButton } from '../../features/wishlist/components/SaveToWishlistButton';
import { WishlistHeart } from '../../features/wishlist/components/WishlistHeart';
import { NotFoundPage } from '../NotFoundPage';
import { pageMeta } from '../seo/pageMeta';
import { type PageData, productLoader } from '../server/pageLoaders';

/**
 * The delivery check reuses the contract's PIN code rule, whose module brings zod: it loads apart from the page's
 * first files (as the footer's newsletter box does, which brings zod anyway), with the return rule's note beside it
 * (ADR 058). The server sends their HTML with the page.
 */
const BuyingTerms = lazy(() => import('../product/BuyingTerms'));

/**
 * The reviews bring the photo viewer and their form: they load apart from the page's first files, their HTML (page 1,
 * read ahead by the loader) sent with the page.
 */
const ReviewsSection = lazy(() =>
  import('../../features/reviews/components/ReviewsSection').then((module) => ({ default: module.ReviewsSection })),
);

/** /product-detail/:productId: one product (product.md §2, Product detail), with the wishlist, cart, delivery check and reviews composed in. */
export function ProductDetailPage() {
  const productId = parseProductSegment(useParams().productId ?? '');
  if (productId === null) return <NotFoundPage />;

  return (
    <div className="container page">
      <ProductDetailView
        productId={productId}
        renderWishlistButton={(product) => <SaveToWishlistButton productId={product.product_id} />}
        renderAddToCart={({ product, size, quantity, adviceId }) => (
          <AddToCartButton
            productId={product.product_id}
            sizeId={size?.size_id ?? null}
            quantity={quantity}
            adviceId={adviceId}
          />
        )}
        renderSizeAdvice={(product, advise, adviseForChild) => (
          <FindMySize productId={product.product_id} onAdvice={advise} onChildAdvice={adviseForChild} />
        )}
        renderDeliveryCheck={(product) => (
          <Suspense fallback={null}>
            <BuyingTerms product={product} />
          </Suspense>
        )}
        renderCardActions={(product) => <WishlistHeart product={product} />}
        renderRating={(product) => <ReviewRatingLink product={product} />}
        renderReviews={(product) => (
          <Suspense fallback={null}>
            <ReviewsSection productId={product.product_id} />
          </Suspense>
        )}
      />
    </div>
  );
}

export const loader = productLoader;

export const meta = ({ loaderData }: MetaArgs<() => PageData>) => pageMeta(loaderData?.seo ?? { title: 'Kapaas' });

export default ProductDetailPage;
