import { Link } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { SessionNotice } from '#storefront/components/feedback/SessionNotice.tsx';
import { ProductCard } from '#storefront/components/product/ProductCard.tsx';
import { useIdentity } from '#storefront/lib/session.ts';
import { useWishlist } from '../api/useWishlist';
import { WISHLIST_TEXTS } from '../hooks/useWishlistToggle';
import { WISHLIST_NEEDS_IDENTITY_MESSAGE } from './WishlistLink';
import { WishlistRemoveButton } from './WishlistRemoveButton';
import '../wishlist.css';
import { paths } from '#storefront/lib/paths.ts';

export const WISHLIST_EMPTY_TEXT = 'Your Wishlist is Empty !';

/**
 * The wishlist page's body (product.md §2): the saved products with a remove icon and Shop Now, or the empty text.
 * The wishlist is for logged-in users (product.md §5, §6): a guest or visitor is told so.
 */
export function WishlistView() {
  const identity = useIdentity();
  const wishlist = useWishlist();

  if (identity.kind === 'anonymous') return <SessionNotice message={WISHLIST_NEEDS_IDENTITY_MESSAGE} />;
  if (identity.kind === 'guest') return <SessionNotice message={WISHLIST_TEXTS.needsLogin} />;
  if (wishlist.isPending) return <LoadingState label="Loading your wishlist" />;
  if (wishlist.isError) return <QueryErrorAlert error={wishlist.error} onRetry={() => wishlist.refetch()} />;

  if (wishlist.data.length === 0) {
    return (
      <div className="wishlist-empty">
        <p className="wishlist-empty__text">{WISHLIST_EMPTY_TEXT}</p>
        <Link to={paths.home} className="btn btn-primary">
          Continue Shopping
        </Link>
      </div>
    );
  }

  return (
    <ul className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3 g-md-4 list-unstyled" aria-label="Saved products">
      {wishlist.data.map((product) => (
        <li className="col" key={product.product_id}>
          <ProductCard
            product={product}
            headingLevel="h2"
            linkLabel="Shop Now"
            actions={<WishlistRemoveButton product={product} />}
          />
        </li>
      ))}
    </ul>
  );
}
