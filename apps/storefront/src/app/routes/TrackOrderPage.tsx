import { PageHeading } from '../../components/PageHeading';
import { TrackOrderForm } from '../../features/orders/components/TrackOrderForm';
import { pageMeta } from '../seo/pageMeta';

/** /track: where an order and its parcel stand, to its number and phone number, without logging in (issue 33). */
export function TrackOrderPage() {
  return (
    <div className="container page">
      <PageHeading>Track your order</PageHeading>
      <TrackOrderForm />
    </div>
  );
}

/** A form about one shopper's order: nothing for search engines to index. */
export const meta = () => pageMeta({ title: 'Track your order | Kapaas', noindex: true });

export default TrackOrderPage;
