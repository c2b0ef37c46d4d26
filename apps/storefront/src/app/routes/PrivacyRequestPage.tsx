import type { MetaArgs } from 'react-router';
import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { PrivacyRequestForm } from '../../features/privacy-request/components/PrivacyRequestForm';
import { paths } from '../../lib/paths';
import { pageMeta } from '../seo/pageMeta';
import { type PageData, staticLoader } from '../server/pageLoaders';

/** /privacy-request: a person's rights under India's DPDP Act, asked for in one form (issue 35). */
export function PrivacyRequestPage() {
  return (
    <div className="container page">
      <PageHeading>Your privacy rights</PageHeading>
      <p className="lead mb-4">
        You may ask Kapaas for a summary of the personal data we keep about you, to correct it or to erase it, or make a
        complaint about how we handled it. We answer within 90 days.
      </p>
      <div className="row g-4">
        <div className="col-lg-7">
          <PrivacyRequestForm />
        </div>
        <div className="col-lg-5">
          <p>
            What we keep and why is in our <Link to={paths.privacy}>privacy notice</Link>. If our answer does not
            satisfy you, you may complain to the Data Protection Board of India.
          </p>
        </div>
      </div>
    </div>
  );
}

export const loader = staticLoader(
  paths.privacyRequest,
  'Your privacy rights | Kapaas',
  'Ask Kapaas for your personal data, to correct or erase it, or make a complaint.',
);

export const meta = ({ loaderData }: MetaArgs<() => PageData>) =>
  pageMeta(loaderData?.seo ?? { title: 'Your privacy rights | Kapaas' });

export default PrivacyRequestPage;
