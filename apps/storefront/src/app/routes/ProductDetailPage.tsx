import { parseProductSegment } from '@kapaas/contract';
import type { MetaArgs } from 'react-router';
import { useParams } from 'react-router';
import { AddToCartButton } from '../../features/cart/components/AddToCartButton';
import { ProductDetailView } from '../../features/catalogue/components/detail/ProductDetailView';
import { SaveToWishlistButton } from '../../features/wishlist/components/SaveToWishlistButton';
import { WishlistHeart } from '../../features/wishlist/components/WishlistHeart';
import { NotFoundPage } from '../NotFoundPage';
import { pageMeta } from '../seo/pageMeta';
import { type PageData, productLoader } from '../server/pageLoaders';

/** /product-detail/:productId: one product (product.md §2, Product detail), with the wishlist and cart composed in. */
export function ProductDetailPage() {
  const productId = parseProductSegment(useParams().productId ?? '');
  if (productId === null) return <NotFoundPage />;

  return (
    <div className="container page">
      <ProductDetailView
        productId={productId}
        renderWishlistButton={(product) => <SaveToWishlistButton productId={product.product_id} />}
        renderAddToCart={({ product, size, quantity }) => (
          <AddToCartButton productId={product.product_id} sizeId={size?.size_id ?? null} quantity={quantity} />
        )}
        renderCardActions={(product) => <WishlistHeart product={product} />}
      />
    </div>
  );
}

export const loader = productLoader;

export const meta = ({ loaderData }: MetaArgs<() => PageData>) => pageMeta(loaderData?.seo ?? { title: 'Kapaas' });

export default ProductDetailPage;
