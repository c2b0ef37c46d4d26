import type { MetaArgs } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { TermsConditionsContent } from '../../features/content/pages/TermsConditionsContent';
import { paths } from '../../lib/paths';
import { pageMeta } from '../seo/pageMeta';
import { type PageData, staticLoader } from '../server/pageLoaders';

/** /terms-conditions (product.md §2, §9). */
export function TermsConditionsPage() {
  return (
    <div className="container page">
      <PageHeading>Terms & Conditions</PageHeading>
      <TermsConditionsContent />
    </div>
  );
}

export const loader = staticLoader(paths.termsConditions, 'Terms & Conditions | Kapaas');

export const meta = ({ loaderData }: MetaArgs<() => PageData>) =>
  pageMeta(loaderData?.seo ?? { title: 'Terms & Conditions | Kapaas' });

export default TermsConditionsPage;
