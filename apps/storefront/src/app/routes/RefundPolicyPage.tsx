import { PageHeading } from '../../components/PageHeading';
import { RefundPolicyContent } from '../../features/content/pages/RefundPolicyContent';

/** /refund-policy (product.md §2, §9). */
export function RefundPolicyPage() {
  return (
    <div className="container page">
      <PageHeading>Refund Policy</PageHeading>
      <RefundPolicyContent />
    </div>
  );
}
