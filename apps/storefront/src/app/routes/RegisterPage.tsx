import { PageHeading } from '../../components/PageHeading';

/** /Register-Page: create an account (spec §2). */
export function RegisterPage() {
  return (
    <div className="container page">
      <PageHeading>Register</PageHeading>
    </div>
  );
}
