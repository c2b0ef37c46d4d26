import { PageHeading } from '../../components/PageHeading';

/** /Login-Page: log in with an e-mail address or mobile number, or continue as a guest (spec §2). */
export function LoginPage() {
  return (
    <div className="container page">
      <PageHeading>Login</PageHeading>
    </div>
  );
}
