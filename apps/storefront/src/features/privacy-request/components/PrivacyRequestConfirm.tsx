import Button from 'react-bootstrap/Button';
import { errorMessage } from '#storefront/lib/api.ts';
import { useConfirmPrivacyRequest } from '../api/usePrivacyRequest';

/**
 * The confirmation link's page: the person presses the button (not on load, so that a mail scanner that opens every
 * link confirms nobody's request).
 */
export function PrivacyRequestConfirm({ token }: { token: string | null }) {
  const confirm = useConfirmPrivacyRequest();
  if (!token) {
    return (
      <p className="alert alert-warning" role="alert">
        This confirmation link is incomplete. Please open it from the message we sent you, or send the request again.
      </p>
    );
  }
  return (
    <div>
      {!confirm.isSuccess && (
        <>
          <p className="lead">One more step: confirm that you sent this privacy request.</p>
          <Button onClick={() => confirm.mutate(token)} disabled={confirm.isPending}>
            {confirm.isPending ? 'Confirming…' : 'Confirm my request'}
          </Button>
        </>
      )}
      <p className="lead mt-3" role="status">
        {confirm.isSuccess ? confirm.data.message : ''}
      </p>
      {confirm.isError && (
        <p className="text-danger" role="alert">
          {errorMessage(confirm.error)}
        </p>
      )}
    </div>
  );
}
