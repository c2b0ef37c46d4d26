import { PageHeading } from '../../components/PageHeading';

/** /Coupouns: the coupons a shopper can apply to the cart (spec §2, Coupons). */
export function CouponsPage() {
  return (
    <div className="container page">
      <PageHeading>Coupons</PageHeading>
    </div>
  );
}
