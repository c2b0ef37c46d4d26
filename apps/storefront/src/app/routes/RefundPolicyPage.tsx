import { PageHeading } from '../../components/PageHeading';

/** /refund-policy: static policy text (spec §2). */
export function RefundPolicyPage() {
  return (
    <div className="container page">
      <PageHeading>Refund Policy</PageHeading>
    </div>
  );
}
