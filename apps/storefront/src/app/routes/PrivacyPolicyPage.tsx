import { PageHeading } from '../../components/PageHeading';
import { PrivacyPolicyContent } from '../../features/content/pages/PrivacyPolicyContent';

/** /privacy-policy (product.md §2, §9). */
export function PrivacyPolicyPage() {
  return (
    <div className="container page">
      <PageHeading>Privacy Policy</PageHeading>
      <PrivacyPolicyContent />
    </div>
  );
}
