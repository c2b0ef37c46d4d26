import { CONSENT_PURPOSES, type ConsentPurpose } from '@kapaas/contract';
import Button from 'react-bootstrap/Button';
import { errorMessage } from '#storefront/lib/api.ts';
import { useUnsubscribe } from '../api/useUnsubscribe';
import '../newsletter.css';

interface UnsubscribeProps {
  email: string | null;
  /** The consent the link withdraws (issue 35); null in links sent before the ledger, which stop every e-mail offer. */
  purpose: string | null;
  signature: string | null;
}

/** What the link stops, in the profile's words. */
function whatStops(purpose: string | null): string {
  return purpose && purpose in CONSENT_PURPOSES
    ? `“${CONSENT_PURPOSES[purpose as ConsentPurpose]}” for `
    : 'offers and reminders to ';
}

/** The page a marketing message's "Unsubscribe" link opens: which address, what stops, and one button. */
export function Unsubscribe({ email, purpose, signature }: UnsubscribeProps) {
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
        {unsubscribe.isSuccess ? 'Unsubscribed: ' : `Stop ${whatStops(purpose)}`}
        <strong>{email}</strong>
        {unsubscribe.isSuccess ? '' : '?'}
      </p>
      {!unsubscribe.isSuccess && (
        <Button onClick={() => unsubscribe.mutate({ email, purpose, signature })} disabled={unsubscribe.isPending}>
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
