import { PageHeading } from '../../components/PageHeading';
import { ShippingPolicyContent } from '../../features/content/pages/ShippingPolicyContent';

/** /shipping-policy (product.md §2, §9). */
export function ShippingPolicyPage() {
  return (
    <div className="container page">
      <PageHeading>Shipping Policy</PageHeading>
      <ShippingPolicyContent />
    </div>
  );
}
