import { PageHeading } from '../../components/PageHeading';
import { TermsConditionsContent } from '../../features/content/pages/TermsConditionsContent';

/** /terms-conditions (product.md §2, §9). */
export function TermsConditionsPage() {
  return (
    <div className="container page">
      <PageHeading>Terms & Conditions</PageHeading>
      <TermsConditionsContent />
    </div>
  );
}
