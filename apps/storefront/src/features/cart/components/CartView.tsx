import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { useIdentity } from '#storefront/lib/session.ts';
import { useCartList } from '../api/useCartList';
import { CartLineRow } from './CartLineRow';
import { CART_NEEDS_IDENTITY_MESSAGE } from './CartLink';
import { CartSummary } from './CartSummary';
import '../cart.css';
import { paths } from '#storefront/lib/paths.ts';

/** How long the cart page shows its spinner on opening (product.md §9). */
export const CART_OPENING_MS = 1500;

export const EMPTY_CART_MESSAGE = 'Your Cart is Empty !';

/** The cart page's content (product.md §2, Cart): the spinner, then the lines and the totals panel, or the empty text. */
export function CartView() {
  const identity = useIdentity();
  const cart = useCartList();
  const popup = usePopup();
  const navigate = useNavigate();
  const [opening, setOpening] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => setOpening(false), CART_OPENING_MS);
    return () => clearTimeout(timer);
  }, []);

  if (identity.kind === 'anonymous') {
    return (
      <div className="empty-state">
        <p>{CART_NEEDS_IDENTITY_MESSAGE}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => popup.loginOrGuest({ message: CART_NEEDS_IDENTITY_MESSAGE, afterGuest: 'home' })}
        >
          Login or continue as a Guest
        </button>
      </div>
    );
  }

  if (opening || cart.isPending) {
    return (
      <div className="cart-opening">
        <LoadingState label="Loading your cart" />
      </div>
    );
  }
  if (cart.isError) return <QueryErrorAlert error={cart.error} onRetry={() => cart.refetch()} />;

  const lines = cart.data.product;
  if (lines.length === 0) {
    return (
      <div className="empty-state">
        <h2 className="h4">{EMPTY_CART_MESSAGE}</h2>
        <Link to={paths.home} className="btn btn-primary mt-2">
          Continue Shopping
        </Link>
      </div>
    );
  }

  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <table className="cart-table">
          <caption className="visually-hidden">Items in your cart</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Size</th>
              <th scope="col">Quantity</th>
              <th scope="col">Price</th>
              <th scope="col">Total</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <CartLineRow key={`${line.product_id}-${line.size_id}`} line={line} identity={identity} />
            ))}
          </tbody>
        </table>
        <Link to={paths.home} className="btn btn-outline-primary mt-3">
          Continue Shopping
        </Link>
      </div>
      <div className="col-lg-4">
        <CartSummary
          action={({ empty, blocked }) => (
            <button
              type="button"
              className="btn btn-primary w-100"
              disabled={empty || blocked}
              onClick={() => navigate(paths.billingAddress)}
            >
              CONTINUE
            </button>
          )}
        />
      </div>
    </div>
  );
}
