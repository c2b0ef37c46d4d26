import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { ResetPasswordCard } from '../../features/account/components/PasswordResetCards';
import { CART_QUERY_KEY } from '../../features/cart/api/useCartList';
import { WISHLIST_QUERY_KEY } from '../../features/wishlist/api/useWishlist';
import { pageMeta } from '../seo/pageMeta';

/** /reset-password?token=…: the e-mail's link; choose a new password, then log in with it. */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const queryClient = useQueryClient();
  // Every session of the account ended: if this browser had one, the header's cart finds it gone and logs out.
  const refreshShopperData = () => {
    void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: WISHLIST_QUERY_KEY });
  };
  return (
    <div className="container page account-page">
      <div className="account-page__inner">
        <PageHeading>Choose a new password</PageHeading>
        <ResetPasswordCard token={token} onChanged={refreshShopperData} />
      </div>
    </div>
  );
}

/** The link carries a secret: never indexed. */
export const meta = () => pageMeta({ title: 'Reset password | Kapaas', noindex: true });

export default ResetPasswordPage;
