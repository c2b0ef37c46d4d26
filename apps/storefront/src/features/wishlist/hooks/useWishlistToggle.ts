import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { ApiError } from '#storefront/lib/api.ts';
import { useIdentity } from '#storefront/lib/session.ts';
import { useWishlist, useWishlistChange } from '../api/useWishlist';

/** The wishlist texts of product.md §5 and §8, exactly. */
export const WISHLIST_TEXTS = {
  needsLogin: 'Please log in to use the wishlist feature.',
  added: 'Wishlist added successfully.',
  removed: 'Product removed successfully from Wishlist.',
  addFailed: 'Failed to update wishlist.',
  addError: 'An error occurred while updating the wishlist.',
  removeFailed: 'Failed to remove product from wishlist.',
  removeError: 'An error occurred while removing the product from the wishlist.',
} as const;

function failureText(save: boolean, error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return WISHLIST_TEXTS.needsLogin;
  // status 0: the request never got an answer (the "an error occurred" texts); any other: the server said no.
  const answered = error instanceof ApiError && error.status !== 0;
  if (save) return answered ? WISHLIST_TEXTS.addFailed : WISHLIST_TEXTS.addError;
  return answered ? WISHLIST_TEXTS.removeFailed : WISHLIST_TEXTS.removeError;
}

/**
 * Whether a product is saved, and the toggle that saves or removes it. Only a logged-in user may use the wishlist
 * (product.md §5); a guest or visitor gets the error popup saying so. The outcome is told in a success or error popup.
 */
export function useWishlistToggle(productId: number) {
  const identity = useIdentity();
  const popup = usePopup();
  const wishlist = useWishlist();
  const change = useWishlistChange();
  const saved =
    identity.kind === 'user' && (wishlist.data?.some((product) => product.product_id === productId) ?? false);

  const toggle = () => {
    if (identity.kind !== 'user') {
      popup.error(WISHLIST_TEXTS.needsLogin);
      return;
    }
    const save = !saved;
    change.mutate(
      { userId: identity.userId, productId, save },
      {
        onSuccess: () => popup.success(save ? WISHLIST_TEXTS.added : WISHLIST_TEXTS.removed),
        onError: (error) => popup.error(failureText(save, error)),
      },
    );
  };

  return { saved, toggle, pending: change.isPending };
}
