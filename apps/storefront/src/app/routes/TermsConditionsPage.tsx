import { PageHeading } from '../../components/PageHeading';

/** /terms-conditions: static terms of sale (spec §2). */
export function TermsConditionsPage() {
  return (
    <div className="container page">
      <PageHeading>Terms & Conditions</PageHeading>
    </div>
  );
}
