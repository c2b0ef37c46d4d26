import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { PrivacyRequestConfirm } from '../../features/privacy-request/components/PrivacyRequestConfirm';
import { pageMeta } from '../seo/pageMeta';

/** /privacy-request/confirm?token=…: the link that makes a guest's privacy request count. */
export function PrivacyRequestConfirmPage() {
  const [params] = useSearchParams();
  return (
    <div className="container page">
      <PageHeading>Confirm your request</PageHeading>
      <PrivacyRequestConfirm token={params.get('token')} />
    </div>
  );
}

/** A page for one address's link: never indexed. */
export const meta = () => pageMeta({ title: 'Confirm your request | Kapaas', noindex: true });

export default PrivacyRequestConfirmPage;
