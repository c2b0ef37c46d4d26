import { PageHeading } from '../../components/PageHeading';

/** /Myprofileedit/:addressId: edit one of the profile's addresses (spec §2). */
export function ProfileAddressEditPage() {
  return (
    <div className="container page">
      <PageHeading>Edit Address</PageHeading>
    </div>
  );
}
