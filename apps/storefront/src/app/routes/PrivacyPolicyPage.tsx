import type { MetaArgs } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { PrivacyPolicyContent } from '../../features/content/pages/PrivacyPolicyContent';
import { paths } from '../../lib/paths';
import { pageMeta } from '../seo/pageMeta';
import { type PageData, staticLoader } from '../server/pageLoaders';

/** /privacy-policy (product.md §2, §9). */
export function PrivacyPolicyPage() {
  return (
    <div className="container page">
      <PageHeading>Privacy Policy</PageHeading>
      <PrivacyPolicyContent />
    </div>
  );
}

export const loader = staticLoader(paths.privacyPolicy, 'Privacy Policy | Kapaas');

export const meta = ({ loaderData }: MetaArgs<() => PageData>) =>
  pageMeta(loaderData?.seo ?? { title: 'Privacy Policy | Kapaas' });

export default PrivacyPolicyPage;
