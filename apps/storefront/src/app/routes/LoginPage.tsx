import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { LoginForm } from '../../features/account/components/LoginForm';
import { pendingItemFrom } from '../../features/account/pendingItem';
import { CART_QUERY_KEY } from '../../features/cart/api/useCartList';
import { WISHLIST_QUERY_KEY } from '../../features/wishlist/api/useWishlist';
import { pageMeta } from '../seo/pageMeta';

/** /Login-Page: log in with an e-mail address or mobile number, or continue as a guest (product.md §2). */
export function LoginPage() {
  const item = pendingItemFrom(useLocation().state);
  const queryClient = useQueryClient();
  // The server merged the guest's cart into the user's (and may have added the item): the badge counts again.
  const refreshShopperData = () => {
    void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: WISHLIST_QUERY_KEY });
  };

  return (
    <div className="container page account-page">
      <div className="account-page__inner">
        <PageHeading>Login</PageHeading>
        <LoginForm item={item} onSessionStarted={refreshShopperData} />
      </div>
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Login | Kapaas', noindex: true });

export default LoginPage;
