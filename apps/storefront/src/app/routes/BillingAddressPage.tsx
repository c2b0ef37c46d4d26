import { PageHeading } from '../../components/PageHeading';

/** /Billing-Address: choose the delivery address and pay (spec §2, Billing address). */
export function BillingAddressPage() {
  return (
    <div className="container page">
      <PageHeading>Billing Address</PageHeading>
    </div>
  );
}
