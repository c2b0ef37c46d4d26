import { PageHeading } from '../../components/PageHeading';
import { WishlistView } from '../../features/wishlist/components/WishlistView';

/** /wishlist: the saved products of a logged-in shopper (product.md §2, Wishlist). */
export function WishlistPage() {
  return (
    <div className="container page">
      <PageHeading>Wishlist</PageHeading>
      <WishlistView />
    </div>
  );
}
