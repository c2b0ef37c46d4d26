import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { DeliveryAnswer } from '../../features/orders/components/DeliveryAnswer';
import { pageMeta } from '../seo/pageMeta';

/**
 * /delivery-answer?token=…: the link of the message about a failed delivery (issue 33). A guest answers without
 * logging in: the link's token says which parcel.
 */
export function DeliveryAnswerPage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  return (
    <div className="container page">
      <PageHeading>Arrange your delivery</PageHeading>
      <DeliveryAnswer token={token} />
    </div>
  );
}

/** The link carries a token for one parcel: never indexed. */
export const meta = () => pageMeta({ title: 'Arrange your delivery | Kapaas', noindex: true });

export default DeliveryAnswerPage;
