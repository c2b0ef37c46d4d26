import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { SessionNotice } from '../../components/feedback/SessionNotice';
import { PageHeading } from '../../components/PageHeading';
import { ADDRESS_UPDATED_REDIRECT_MS } from '../../features/addresses/addressTexts';
import { EditAddressForm } from '../../features/addresses/components/EditAddressForm';
import { paths } from '../../lib/paths';
import { parseRouteId } from '../../lib/routeParams';
import { useIdentity } from '../../lib/session';
import { useDelayedNavigate } from '../../lib/useDelayedNavigate';
import { NotFoundPage } from '../NotFoundPage';
import { pageMeta } from '../seo/pageMeta';

/** /Myprofileedit/:addressId: edit an address from the profile (product.md §2); back to the profile 1 s after saving. */
export function ProfileAddressEditPage() {
  const addressId = parseRouteId(useParams().addressId);
  const identity = useIdentity();
  const navigateLater = useDelayedNavigate();
  const [saved, setSaved] = useState<string | null>(null);
  if (addressId === null) return <NotFoundPage />;

  return (
    <div className="container page">
      <PageHeading>Edit Address</PageHeading>
      {identity.kind === 'anonymous' ? (
        <SessionNotice />
      ) : (
        <>
          {saved && (
            <div className="alert alert-success" role="status">
              {saved}
            </div>
          )}
          <EditAddressForm
            addressId={addressId}
            digitsOnlyPhone
            onUpdated={(message) => {
              setSaved(message);
              navigateLater(paths.profile, ADDRESS_UPDATED_REDIRECT_MS);
            }}
            secondaryAction={
              <Link to={paths.profile} className="btn btn-outline-secondary">
                Back to My Profile
              </Link>
            }
          />
        </>
      )}
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Edit Address | Kapaas', noindex: true });

export default ProfileAddressEditPage;
