import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { NewsletterConfirm } from '../../features/newsletter/components/NewsletterConfirm';
import { pageMeta } from '../seo/pageMeta';

/** /newsletter/confirm?token=…: the newsletter's double opt-in, the link of the confirmation message. */
export function NewsletterConfirmPage() {
  const [params] = useSearchParams();
  return (
    <div className="container page">
      <PageHeading>Confirm your subscription</PageHeading>
      <NewsletterConfirm token={params.get('token')} />
    </div>
  );
}

/** A page for one address's link: never indexed. */
export const meta = () => pageMeta({ title: 'Confirm your subscription | Kapaas', noindex: true });

export default NewsletterConfirmPage;
