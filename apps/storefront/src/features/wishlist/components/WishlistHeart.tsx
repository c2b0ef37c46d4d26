import { HeartIcon } from '#storefront/components/icons.tsx';
import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { useIdentity } from '#storefront/lib/session.ts';
import { useWishlistToggle, WISHLIST_TEXTS } from '../hooks/useWishlistToggle';
import '../wishlist.css';

interface WishlistHeartProps {
  product: { product_id: number; name: string };
}

interface HeartButtonProps extends WishlistHeartProps {
  saved: boolean;
  pending: boolean;
  onClick: () => void;
}

function HeartButton({ product, saved, pending, onClick }: HeartButtonProps) {
  return (
    <button
      type="button"
      className={`wishlist-heart${saved ? ' wishlist-heart--saved' : ''}`}
      aria-pressed={saved}
      aria-label={`Save ${product.name} to wishlist`}
      onClick={onClick}
      disabled={pending}
    >
      <HeartIcon fill={saved ? 'currentColor' : 'none'} />
    </button>
  );
}

/** A visitor's or guest's heart: the wishlist is for users only (product.md §5), so a tap says to log in. */
function VisitorHeart({ product }: WishlistHeartProps) {
  const popup = usePopup();
  return (
    <HeartButton
      product={product}
      saved={false}
      pending={false}
      onClick={() => popup.error(WISHLIST_TEXTS.needsLogin)}
    />
  );
}

function UserHeart({ product }: WishlistHeartProps) {
  const { saved, toggle, pending } = useWishlistToggle(product.product_id);
  return <HeartButton product={product} saved={saved} pending={pending} onClick={toggle} />;
}

/**
 * The heart on a product card: green and filled when the product is saved (product.md §2), a toggle button for all.
 * Only a user's heart reads the wishlist: a listing has 24 hearts, and each one's query and mutation observers cost
 * the hydration about 1 ms at a phone's speed for nothing, since every page hydrates as a visitor's (the server
 * renders it for nobody in particular; issue 40). A user's hearts take their place just after.
 */
export function WishlistHeart({ product }: WishlistHeartProps) {
  const identity = useIdentity();
  return identity.kind === 'user' ? <UserHeart product={product} /> : <VisitorHeart product={product} />;
}
