import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { HeartIcon } from '#storefront/components/icons.tsx';
import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { paths } from '#storefront/lib/paths.ts';
import { useIdentity } from '#storefront/lib/session.ts';

export const WISHLIST_NEEDS_IDENTITY_MESSAGE = 'Please log in or continue as a guest to view your wishlist.';

/** The header's wishlist icon; without a user or guest it asks to log in or continue as a guest (product.md §2). */
export function WishlistLink() {
  const identity = useIdentity();
  const popup = usePopup();
  // The documented wishlist links carry the shopper's id (product.md §2 route table); the server reads the session anyway.
  const to =
    identity.kind === 'user'
      ? `${paths.wishlist}?user_id=${identity.userId}`
      : identity.kind === 'guest'
        ? `${paths.wishlist}?guest_id=${identity.guestId}`
        : paths.wishlist;

  const askForIdentity = (event: MouseEvent) => {
    if (identity.kind !== 'anonymous') return;
    event.preventDefault();
    popup.loginOrGuest({ message: WISHLIST_NEEDS_IDENTITY_MESSAGE });
  };

  return (
    <Link to={to} className="icon-button" aria-label="Wishlist" onClick={askForIdentity}>
      <HeartIcon />
    </Link>
  );
}
