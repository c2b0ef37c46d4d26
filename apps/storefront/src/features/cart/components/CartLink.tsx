import { type MouseEvent, useEffect } from 'react';
import { Link } from 'react-router';
import { BagIcon } from '#storefront/components/icons.tsx';
import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { ApiError } from '#storefront/lib/api.ts';
import { forgetIdentity, useIdentity } from '#storefront/lib/session.ts';
import { useCartList } from '../api/useCartList';
import '../cart.css';
import { paths } from '#storefront/lib/paths.ts';

export const CART_NEEDS_IDENTITY_MESSAGE = 'Please log in or continue as a guest to view your cart.';

/**
 * The header's cart icon. With a user or guest it links to the cart and shows how many pieces it holds; without
 * one it asks to log in or continue as a guest (product.md §2), and the guest then goes home as product.md §4 says.
 */
export function CartLink() {
  const identity = useIdentity();
  const popup = usePopup();
  const cart = useCartList();
  const count = identity.kind === 'anonymous' ? undefined : cart.data?.total_items;

  // The stored name is only a display value: when the server says the session cookie is gone (expired, logged out
  // in another browser), stop greeting someone who is no longer logged in.
  const sessionGone = cart.error instanceof ApiError && cart.error.status === 401;
  useEffect(() => {
    if (sessionGone) forgetIdentity();
  }, [sessionGone]);

  const askForIdentity = (event: MouseEvent) => {
    if (identity.kind !== 'anonymous') return;
    event.preventDefault();
    popup.loginOrGuest({ message: CART_NEEDS_IDENTITY_MESSAGE });
  };

  const label = count === undefined ? 'Shopping cart' : `Shopping cart, ${count} ${count === 1 ? 'item' : 'items'}`;

  return (
    <Link to={paths.cart} className="icon-button cart-link" aria-label={label} onClick={askForIdentity}>
      <BagIcon />
      {count !== undefined && (
        <span className="cart-link__badge" aria-hidden="true" data-testid="cart-count">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
