import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { Unsubscribe } from '../../features/newsletter/components/Unsubscribe';
import { pageMeta } from '../seo/pageMeta';

/** /unsubscribe?e=…&p=…&s=…: what the footer link of an offer or a reminder opens. */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  return (
    <div className="container page">
      <PageHeading>Unsubscribe</PageHeading>
      <Unsubscribe email={params.get('e')} purpose={params.get('p')} signature={params.get('s')} />
    </div>
  );
}

/** A page for one address's link: never indexed. */
export const meta = () => pageMeta({ title: 'Unsubscribe | Kapaas', noindex: true });

export default UnsubscribePage;
