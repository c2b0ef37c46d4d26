import { useWishlistToggle } from '../hooks/useWishlistToggle';
import '../wishlist.css';

interface WishlistRemoveButtonProps {
  product: { product_id: number; name: string };
}

/** The remove icon on a wishlist card (product.md §2); the outcome is told in the documented popups. */
export function WishlistRemoveButton({ product }: WishlistRemoveButtonProps) {
  const { toggle, pending } = useWishlistToggle(product.product_id);
  return (
    <button
      type="button"
      className="wishlist-remove"
      aria-label={`Remove ${product.name} from wishlist`}
      onClick={toggle}
      disabled={pending}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="none" stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  );
}
