import type { MetaArgs } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { ShippingPolicyContent } from '../../features/content/pages/ShippingPolicyContent';
import { paths } from '../../lib/paths';
import { pageMeta } from '../seo/pageMeta';
import { type PageData, staticLoader } from '../server/pageLoaders';

/** /shipping-policy (product.md §2, §9). */
export function ShippingPolicyPage() {
  return (
    <div className="container page">
      <PageHeading>Shipping Policy</PageHeading>
      <ShippingPolicyContent />
    </div>
  );
}

export const loader = staticLoader(paths.shippingPolicy, 'Shipping Policy | Kapaas');

export const meta = ({ loaderData }: MetaArgs<() => PageData>) =>
  pageMeta(loaderData?.seo ?? { title: 'Shipping Policy | Kapaas' });

export default ShippingPolicyPage;
