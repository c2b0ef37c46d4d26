import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { RegisterForm } from '../../features/account/components/RegisterForm';
import { pendingItemFrom } from '../../features/account/pendingItem';
import { CART_QUERY_KEY } from '../../features/cart/api/useCartList';
import { pageMeta } from '../seo/pageMeta';

/** /Register-Page: create an account, or continue as a guest (product.md §2); the item in the navigation state rides along. */
export function RegisterPage() {
  const item = pendingItemFrom(useLocation().state);
  const queryClient = useQueryClient();
  return (
    <div className="container page account-page">
      <div className="account-page__inner">
        <PageHeading>Register</PageHeading>
        <RegisterForm
          item={item}
          onSessionStarted={() => void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY })}
        />
      </div>
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Register | Kapaas', noindex: true });

export default RegisterPage;
