import { PageHeading } from '../../components/PageHeading';
import { ShippingReturnsContent } from '../../features/content/pages/ShippingReturnsContent';

/** /shipping-returns: the documented heading, with a short summary of both policies. */
export function ShippingReturnsPage() {
  return (
    <div className="container page">
      <PageHeading>Shipping & Returns</PageHeading>
      <ShippingReturnsContent />
    </div>
  );
}
