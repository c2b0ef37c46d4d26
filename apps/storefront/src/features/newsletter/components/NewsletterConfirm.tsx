import Button from 'react-bootstrap/Button';
import { errorMessage } from '#storefront/lib/api.ts';
import { useNewsletterConfirm } from '../api/useNewsletterConfirm';
import '../newsletter.css';

/**
 * The confirmation link's page: the shopper presses the button to confirm (not on load, so that a mail scanner that
 * opens every link confirms nobody).
 */
export function NewsletterConfirm({ token }: { token: string | null }) {
  const confirm = useNewsletterConfirm();
  if (!token) {
    return (
      <p className="alert alert-warning" role="alert">
        This confirmation link is incomplete. Please open it from the message we sent you, or subscribe again at the
        bottom of any page.
      </p>
    );
  }
  return (
    <div className="newsletter-page">
      {!confirm.isSuccess && (
        <>
          <p className="lead">One more step: confirm that you want our gentle notes on new collections and offers.</p>
          <Button onClick={() => confirm.mutate(token)} disabled={confirm.isPending}>
            {confirm.isPending ? 'Confirming…' : 'Confirm my subscription'}
          </Button>
        </>
      )}
      <p className="lead newsletter-page__done" role="status">
        {confirm.isSuccess ? confirm.data.message : ''}
      </p>
      {confirm.isError && (
        <p className="newsletter-page__error" role="alert">
          {errorMessage(confirm.error)}
        </p>
      )}
    </div>
  );
}
