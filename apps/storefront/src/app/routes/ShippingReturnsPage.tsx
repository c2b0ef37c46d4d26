import type { MetaArgs } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { ShippingReturnsContent } from '../../features/content/pages/ShippingReturnsContent';
import { paths } from '../../lib/paths';
import { pageMeta } from '../seo/pageMeta';
import { type PageData, staticLoader } from '../server/pageLoaders';

/** /shipping-returns: the documented heading, with a short summary of both policies. */
export function ShippingReturnsPage() {
  return (
    <div className="container page">
      <PageHeading>Shipping & Returns</PageHeading>
      <ShippingReturnsContent />
    </div>
  );
}

export const loader = staticLoader(paths.shippingReturns, 'Shipping & Returns | Kapaas');

export const meta = ({ loaderData }: MetaArgs<() => PageData>) =>
  pageMeta(loaderData?.seo ?? { title: 'Shipping & Returns | Kapaas' });

export default ShippingReturnsPage;
