import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { ApiError } from '#storefront/lib/api.ts';
import { useIdentity } from '#storefront/lib/session.ts';
import { useAddToCart } from '../api/useAddToCart';

export const ADD_TO_CART_FAILED_MESSAGE = 'Failed to add to cart';
export const ADD_TO_CART_NEEDS_IDENTITY_MESSAGE = 'Please log in or continue as a guest to add this item to your cart.';

interface AddToCartButtonProps {
  productId: number;
  /** The chosen size_id; null when every size is sold out. */
  sizeId: number | null;
  quantity: number;
  /** The "find my size" answer the size was suggested by (ADR 060): sent with add_cart for the owner's fit insight. */
  adviceId?: number | null;
  className?: string;
}

/**
 * Add To Cart (product.md §5): a user or guest adds at once; anybody else is asked to log in or continue as a guest, and
 * the chosen product, size and quantity travel along so the item lands in the cart either way.
 */
export function AddToCartButton({
  productId,
  sizeId,
  quantity,
  adviceId = null,
  className = '',
}: AddToCartButtonProps) {
  const identity = useIdentity();
  const popup = usePopup();
  const addToCart = useAddToCart();

  const add = () => {
    if (sizeId === null) return;
    const item = {
      product_id: productId,
      size: sizeId,
      quantity,
      ...(adviceId === null ? {} : { advice_id: adviceId }),
    };
    if (identity.kind === 'anonymous') {
      // Unlike product.md §4's redirect home after a guest start, the shopper stays here: they came to buy this item,
      // and the header's badge changing to the new count is the proof it is in the cart. Going home would lose
      // their place for nothing.
      popup.loginOrGuest({ message: ADD_TO_CART_NEEDS_IDENTITY_MESSAGE, item, afterGuest: 'stay' });
      return;
    }
    addToCart.mutate(
      { identity, ...item },
      {
        onSuccess: (answer) => popup.success(answer.message),
        onError: (error) =>
          // A refusal (409 out of stock, 401 session gone) carries the server's words; a lost connection does not.
          popup.error(error instanceof ApiError && error.status !== 0 ? error.message : ADD_TO_CART_FAILED_MESSAGE),
      },
    );
  };

  return (
    <button
      type="button"
      className={`btn btn-primary ${className}`.trim()}
      onClick={add}
      disabled={sizeId === null || addToCart.isPending}
    >
      {addToCart.isPending ? 'Adding…' : 'Add To Cart'}
    </button>
  );
}
