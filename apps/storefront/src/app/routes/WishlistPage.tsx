import { PageHeading } from '../../components/PageHeading';
import { WishlistView } from '../../features/wishlist/components/WishlistView';
import { pageMeta } from '../seo/pageMeta';

/** /wishlist: the saved products of a logged-in shopper (product.md §2, Wishlist). */
export function WishlistPage() {
  return (
    <div className="container page">
      <PageHeading>Wishlist</PageHeading>
      <WishlistView />
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Wishlist | Kapaas', noindex: true });

export default WishlistPage;
