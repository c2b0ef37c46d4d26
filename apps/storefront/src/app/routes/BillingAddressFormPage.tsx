import { PageHeading } from '../../components/PageHeading';

/** /Billing-Address-Form: add a delivery address during checkout (spec §2). */
export function BillingAddressFormPage() {
  return (
    <div className="container page">
      <PageHeading>Add New Address</PageHeading>
    </div>
  );
}
