import { CheckoutSteps } from '../../components/CheckoutSteps';
import { PageHeading } from '../../components/PageHeading';
import { CartView } from '../../features/cart/components/CartView';
import { pageMeta } from '../seo/pageMeta';

/** /shoping-cart: the cart with its totals (product.md §2, Cart). */
export function CartPage() {
  return (
    <div className="container page">
      <PageHeading>Shopping Cart</PageHeading>
      <CheckoutSteps current={1} />
      <CartView />
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Shopping Cart | Kapaas', noindex: true });

export default CartPage;
