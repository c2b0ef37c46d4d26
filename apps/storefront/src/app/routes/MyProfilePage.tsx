import { PageHeading } from '../../components/PageHeading';

/** /myprofile: the profile overview with addresses (spec §2, Profile). */
export function MyProfilePage() {
  return (
    <div className="container page">
      <PageHeading>My Profile</PageHeading>
    </div>
  );
}
