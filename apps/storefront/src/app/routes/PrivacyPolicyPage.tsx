import type { LoaderFunctionArgs, MetaArgs } from 'react-router';
import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { privacyNoticeQuery } from '../../features/privacy/api/usePrivacy';
import { PrivacyNotice } from '../../features/privacy/components/PrivacyNotice';
import { paths } from '../../lib/paths';
import { absolute, pageMeta } from '../seo/pageMeta';
import type { PageData } from '../server/pageLoaders';
import { readAhead, shopServer } from '../server/readAhead';

/**
 * /privacy, and /privacy-policy (the address product.md's spec lists among the static pages): the privacy notice in
 * force, the owner's versioned text (issue 35), rendered on the server.
 */
export function PrivacyPolicyPage() {
  return (
    <div className="container page">
      <PageHeading>Privacy Notice</PageHeading>
      <PrivacyNotice />
      <p>
        To see what we keep about you, have it corrected or erased, or to complain:{' '}
        <Link to={paths.privacyRequest}>make a request about your data</Link>. We answer within 90 days.
      </p>
    </div>
  );
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<PageData> {
  const shop = shopServer(context, request);
  const read = await readAhead(shop, (client) => client.fetchQuery(privacyNoticeQuery));
  return {
    dehydrated: read.dehydrated,
    seo: { title: 'Privacy Notice | Kapaas', canonical: absolute(shop.publicUrl, paths.privacy) },
  };
}

export const meta = ({ loaderData }: MetaArgs<() => PageData>) =>
  pageMeta(loaderData?.seo ?? { title: 'Privacy Notice | Kapaas' });

export default PrivacyPolicyPage;
