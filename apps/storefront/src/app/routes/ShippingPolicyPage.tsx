import { PageHeading } from '../../components/PageHeading';

/** /shipping-policy: static policy text (spec §2). */
export function ShippingPolicyPage() {
  return (
    <div className="container page">
      <PageHeading>Shipping Policy</PageHeading>
    </div>
  );
}
