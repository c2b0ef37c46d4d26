import { LoadingState } from '../../components/feedback/LoadingState';
import { PageHeading } from '../../components/PageHeading';
import { useCartList } from '../../features/cart/api/useCartList';
import { CouponList } from '../../features/coupons/components/CouponList';
import { useIdentity } from '../../lib/session';
import { pageMeta } from '../seo/pageMeta';

/** /Coupouns: the coupons that apply to the shopper's cart total (product.md §2, Coupons; §4: asked with the cart total). */
export function CouponsPage() {
  const identity = useIdentity();
  const cart = useCartList();
  // Without a cart (nobody shopping yet, or it could not be read) the coupons are asked about an empty cart.
  const waiting = identity.kind !== 'anonymous' && cart.isPending;

  return (
    <div className="container page">
      <PageHeading>Coupons</PageHeading>
      {waiting ? <LoadingState label="Loading coupons" /> : <CouponList totalAmount={cart.data?.total_amount ?? 0} />}
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Coupons | Kapaas', noindex: true });

export default CouponsPage;
