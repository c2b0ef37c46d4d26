import type { MetaArgs } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { RefundPolicyContent } from '../../features/content/pages/RefundPolicyContent';
import { paths } from '../../lib/paths';
import { pageMeta } from '../seo/pageMeta';
import { type PageData, staticLoader } from '../server/pageLoaders';

/** /refund-policy (product.md §2, §9). */
export function RefundPolicyPage() {
  return (
    <div className="container page">
      <PageHeading>Refund Policy</PageHeading>
      <RefundPolicyContent />
    </div>
  );
}

export const loader = staticLoader(paths.refundPolicy, 'Refund Policy | Kapaas');

export const meta = ({ loaderData }: MetaArgs<() => PageData>) =>
  pageMeta(loaderData?.seo ?? { title: 'Refund Policy | Kapaas' });

export default RefundPolicyPage;
