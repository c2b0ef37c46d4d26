import Button from 'react-bootstrap/Button';
import { errorMessage } from '#storefront/lib/api.ts';
import { useUnsubscribe } from '../api/useUnsubscribe';
import '../newsletter.css';

/** The page an offer's or reminder's "Unsubscribe" link opens: which address, and one button. */
export function Unsubscribe({ email, signature }: { email: string | null; signature: string | null }) {
  const unsubscribe = useUnsubscribe();
  if (!email || !signature) {
    return (
      <p className="alert alert-warning" role="alert">
        This unsubscribe link is incomplete. Please open it from the message we sent you.
      </p>
    );
  }
  return (
    <div className="newsletter-page">
      <p className="lead">
        {unsubscribe.isSuccess ? 'Unsubscribed: ' : 'Stop offers and reminders to '}
        <strong>{email}</strong>
        {unsubscribe.isSuccess ? '' : '?'}
      </p>
      {!unsubscribe.isSuccess && (
        <Button onClick={() => unsubscribe.mutate({ email, signature })} disabled={unsubscribe.isPending}>
          {unsubscribe.isPending ? 'Unsubscribing…' : 'Unsubscribe'}
        </Button>
      )}
      <p className="lead newsletter-page__done" role="status">
        {unsubscribe.isSuccess ? unsubscribe.data : ''}
      </p>
      {unsubscribe.isError && (
        <p className="newsletter-page__error" role="alert">
          {errorMessage(unsubscribe.error)}
        </p>
      )}
    </div>
  );
}
