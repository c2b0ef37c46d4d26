import { PageHeading } from '../../components/PageHeading';

/** /Profileupdate: change name and phone (spec §2). */
export function ProfileUpdatePage() {
  return (
    <div className="container page">
      <PageHeading>Update Profile</PageHeading>
    </div>
  );
}
