import type { ConsentPurpose } from '@kapaas/contract';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { errorMessage } from '#storefront/lib/api.ts';
import { paths } from '#storefront/lib/paths.ts';
import { useIdentity } from '#storefront/lib/session.ts';
import { useMyConsents, usePrivacyNotice, useUpdateConsent } from '../api/usePrivacy';

/**
 * The profile's consents (issue 35): every purpose with a switch, on where consent stands. Turning one off is as easy
 * as turning it on: one click, recorded in the ledger with the notice version this page read.
 */
export function ConsentSwitches() {
  const identity = useIdentity();
  const consents = useMyConsents();
  const notice = usePrivacyNotice();
  const update = useUpdateConsent();
  if (identity.kind !== 'user') return null;

  const change = (purpose: ConsentPurpose, given: boolean) =>
    update.mutate({ purpose, given, ...(notice.data ? { notice_version: notice.data.version } : {}) });

  return (
    <section className="profile-panel" aria-labelledby="profile-consents-title">
      <h2 id="profile-consents-title" className="profile-panel__title">
        Messages I agree to
      </h2>
      <p>
        Order messages always reach you. Everything else goes only while you agree; see our{' '}
        <Link to={paths.privacy}>privacy notice</Link>.
      </p>
      {consents.isPending && <LoadingState label="Loading your consents…" />}
      {consents.isError && <Alert variant="danger">{errorMessage(consents.error)}</Alert>}
      {update.isError && <Alert variant="danger">{errorMessage(update.error)}</Alert>}
      {update.isSuccess && <Alert variant="success">{update.data.message}</Alert>}
      {/* The child_profile consent is not about messages: "My children" shows its box beside what it keeps. */}
      {consents.data
        ?.filter((consent) => consent.purpose !== 'child_profile')
        .map((consent) => (
          <Form.Check
            key={consent.purpose}
            type="switch"
            role="switch"
            id={`consent-${consent.purpose}`}
            label={consent.label}
            checked={consent.given}
            disabled={update.isPending}
            onChange={(event) => change(consent.purpose, event.currentTarget.checked)}
          />
        ))}
    </section>
  );
}
