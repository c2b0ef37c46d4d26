import { PageHeading } from '../../components/PageHeading';

/** /privacy-policy: static policy text (spec §2). */
export function PrivacyPolicyPage() {
  return (
    <div className="container page">
      <PageHeading>Privacy Policy</PageHeading>
    </div>
  );
}
