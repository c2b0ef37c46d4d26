import { SessionNotice } from '../../components/feedback/SessionNotice';
import { PageHeading } from '../../components/PageHeading';
import { ReturnList } from '../../features/returns/components/ReturnList';
import { useIdentity } from '../../lib/session';
import { pageMeta } from '../seo/pageMeta';

/** /returns: the shopper's returns and exchanges. */
export function MyReturnsPage() {
  const identity = useIdentity();
  return (
    <div className="container page">
      <PageHeading>My Returns</PageHeading>
      {identity.kind === 'anonymous' ? <SessionNotice /> : <ReturnList />}
    </div>
  );
}

/** The shopper's own page: rendered in the browser, never indexed. */
export const meta = () => pageMeta({ title: 'My Returns | Kapaas', noindex: true });

export default MyReturnsPage;
