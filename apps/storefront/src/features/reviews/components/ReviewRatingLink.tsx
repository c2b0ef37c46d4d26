import type { ProductDetail } from '@kapaas/contract';
import { useQuery } from '@tanstack/react-query';
import { hasRating, Rating } from '#storefront/components/product/Rating.tsx';
import { useIdentity } from '#storefront/lib/session.ts';
import { reviewListQuery } from '../api/reviewListQuery';

/**
 * Beside the price: the average and count of the product's reviews, linking down to them; nothing before its first
 * review. It reads the reviews' first page when the page has it (fresher after a review is sent), else the product's.
 */
export function ReviewRatingLink({ product }: { product: ProductDetail }) {
  const identity = useIdentity();
  const list = useQuery({ ...reviewListQuery(product.product_id, identity), enabled: false });
  const average = list.data ? list.data.average : product.rating_average;
  const count = list.data ? list.data.count : product.rating_count;
  if (!hasRating(average, count)) return null;
  return (
    <a href="#reviews" className="product-detail__rating">
      <Rating value={average} count={count} />
    </a>
  );
}
