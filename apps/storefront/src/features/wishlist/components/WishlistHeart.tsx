import { HeartIcon } from '#storefront/components/icons.tsx';
import { useWishlistToggle } from '../hooks/useWishlistToggle';
import '../wishlist.css';

interface WishlistHeartProps {
  product: { product_id: number; name: string };
}

/** The heart on a product card: green and filled when the product is saved (product.md §2), a toggle button for all. */
export function WishlistHeart({ product }: WishlistHeartProps) {
  const { saved, toggle, pending } = useWishlistToggle(product.product_id);
  return (
    <button
      type="button"
      className={`wishlist-heart${saved ? ' wishlist-heart--saved' : ''}`}
      aria-pressed={saved}
      aria-label={`Save ${product.name} to wishlist`}
      onClick={toggle}
      disabled={pending}
    >
      <HeartIcon fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}
