import { PageHeading } from '../../components/PageHeading';
import { ForgotPasswordCard } from '../../features/account/components/PasswordResetCards';
import { pageMeta } from '../seo/pageMeta';

/** /forgot-password: asks for a link to reset a forgotten password, by e-mail. */
export function ForgotPasswordPage() {
  return (
    <div className="container page account-page">
      <div className="account-page__inner">
        <PageHeading>Forgot password</PageHeading>
        <ForgotPasswordCard />
      </div>
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'Forgot password | Kapaas', noindex: true });

export default ForgotPasswordPage;
