import { PageHeading } from '../../components/PageHeading';

/** /Billingedit/:addressId: edit a delivery address during checkout (spec §2). */
export function BillingAddressEditPage() {
  return (
    <div className="container page">
      <PageHeading>Edit Address</PageHeading>
    </div>
  );
}
