import { PageHeading } from '../../components/PageHeading';

/** /shipping-returns: a heading only, as the spec has it (spec §2). */
export function ShippingReturnsPage() {
  return (
    <div className="container page">
      <PageHeading>Shipping & Returns</PageHeading>
    </div>
  );
}
