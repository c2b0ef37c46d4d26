import { useState } from 'react';
import { Link } from 'react-router';
import { SessionNotice } from '../../components/feedback/SessionNotice';
import { PageHeading } from '../../components/PageHeading';
import { ADDRESS_ADDED_REDIRECT_MS } from '../../features/addresses/addressTexts';
import { AddAddressForm } from '../../features/addresses/components/AddAddressForm';
import { paths } from '../../lib/paths';
import { useIdentity } from '../../lib/session';
import { useDelayedNavigate } from '../../lib/useDelayedNavigate';
import { pageMeta } from '../seo/pageMeta';

/** /Billing-Address-Form: add a delivery address during checkout (product.md §2); back to billing 1.5 s after saving. */
export function BillingAddressFormPage() {
  const identity = useIdentity();
  const navigateLater = useDelayedNavigate();
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <div className="container page">
      <PageHeading>Add New Address</PageHeading>
      {identity.kind === 'anonymous' ? (
        <SessionNotice />
      ) : (
        <>
          {saved && (
            <div className="alert alert-success" role="status">
              {saved}
            </div>
          )}
          <AddAddressForm
            onAdded={(message) => {
              setSaved(message);
              navigateLater(paths.billingAddress, ADDRESS_ADDED_REDIRECT_MS);
            }}
            secondaryAction={
              <Link to={paths.billingAddress} className="btn btn-outline-secondary">
                Back to Billing Address
              </Link>
            }
          />
        </>
      )}
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Add New Address | Kapaas', noindex: true });

export default BillingAddressFormPage;
