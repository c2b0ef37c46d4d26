import { SessionNotice } from '../../components/feedback/SessionNotice';
import { PageHeading } from '../../components/PageHeading';
import { ProfileUpdateForm } from '../../features/profile/components/ProfileUpdateForm';
import { useIdentity } from '../../lib/session';
import { pageMeta } from '../seo/pageMeta';

/** Guests have no profile to edit (product.md §6). */
const GUESTS_CANNOT_EDIT = 'Guests cannot edit a profile. Please log in.';

/** /Profileupdate: change the name and phone (product.md §2, §5). */
export function ProfileUpdatePage() {
  const identity = useIdentity();
  return (
    <div className="container page">
      <PageHeading>Update Profile</PageHeading>
      {identity.kind === 'user' ? (
        <ProfileUpdateForm />
      ) : (
        <SessionNotice message={identity.kind === 'guest' ? GUESTS_CANNOT_EDIT : undefined} />
      )}
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Update Profile | Kapaas', noindex: true });

export default ProfileUpdatePage;
