import { HeartIcon } from '#storefront/components/icons.tsx';
import { useWishlistToggle } from '../hooks/useWishlistToggle';
import '../wishlist.css';

/** "Save to Wishlist" on the product page; pressed, with a green heart, while the product is saved. */
export function SaveToWishlistButton({ productId, className = '' }: { productId: number; className?: string }) {
  const { saved, toggle, pending } = useWishlistToggle(productId);
  return (
    <button
      type="button"
      className={`btn btn-outline-primary save-to-wishlist${saved ? ' save-to-wishlist--saved' : ''} ${className}`.trim()}
      aria-pressed={saved}
      onClick={toggle}
      disabled={pending}
    >
      <HeartIcon fill={saved ? 'currentColor' : 'none'} width={20} height={20} />
      Save to Wishlist
    </button>
  );
}
