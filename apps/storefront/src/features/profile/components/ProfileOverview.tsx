import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { errorMessage } from '#storefront/lib/api.ts';
import { paths } from '#storefront/lib/paths.ts';
import { useIdentity } from '#storefront/lib/session.ts';
import { useProfile } from '../api/useProfile';
import { PROFILE_TEXTS } from '../profileTexts';

interface ProfileOverviewProps {
  /** The saved addresses, composed in by the page. */
  addresses: ReactNode;
  onAddAddress: () => void;
  onResetPassword: () => void;
}

/** Blank values read as the documented fallbacks. */
function orElse(value: string | null | undefined, fallback: string): string {
  return value?.trim() ? value : fallback;
}

/**
 * OVERVIEW (product.md §2): name, e-mail and phone with their fallbacks, the edit icon and RESET PASSWORD for users
 * only, 'You are logged in as a guest.' for guests, Add Address and the address cards.
 */
export function ProfileOverview({ addresses, onAddAddress, onResetPassword }: ProfileOverviewProps) {
  const identity = useIdentity();
  const profile = useProfile();
  const isUser = identity.kind === 'user';

  const name = isUser
    ? orElse(profile.data?.name ?? identity.name, PROFILE_TEXTS.nameFallback)
    : PROFILE_TEXTS.nameFallback;
  const email = orElse(isUser ? (profile.data?.email ?? identity.email) : null, PROFILE_TEXTS.emailFallback);
  const phone = orElse(isUser ? (profile.data?.phone ?? identity.phone) : null, PROFILE_TEXTS.phoneFallback);

  return (
    <div className="profile-overview">
      <section className="profile-panel" aria-labelledby="profile-details-title">
        <div className="profile-panel__head">
          <h2 id="profile-details-title" className="profile-panel__title">
            Profile details
          </h2>
          {isUser && (
            <Link
              to={paths.profileUpdate}
              className="btn btn-sm btn-outline-primary profile-edit"
              aria-label="Edit profile"
            >
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z"
                />
              </svg>
              <span>Edit</span>
            </Link>
          )}
        </div>
        {isUser && profile.isPending ? (
          <LoadingState label="Loading your details" className="py-3" />
        ) : (
          <dl className="profile-details">
            <div>
              <dt>Name</dt>
              <dd>{name}</dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd>{email}</dd>
            </div>
            <div>
              <dt>Phone</dt>
              <dd>{phone}</dd>
            </div>
          </dl>
        )}
        {isUser && profile.isError && (
          <Alert variant="danger" className="mb-0">
            Failed to fetch user details: {errorMessage(profile.error)}
          </Alert>
        )}
        {identity.kind === 'guest' && <p className="profile-guest">{PROFILE_TEXTS.guestNotice}</p>}
        {isUser && (
          <button type="button" className="btn btn-outline-primary mt-3" onClick={onResetPassword}>
            RESET PASSWORD
          </button>
        )}
      </section>

      <section className="profile-panel" aria-labelledby="profile-addresses-title">
        <div className="profile-panel__head">
          <h2 id="profile-addresses-title" className="profile-panel__title">
            Saved addresses
          </h2>
          <button type="button" className="btn btn-sm btn-primary" onClick={onAddAddress}>
            Add Address
          </button>
        </div>
        {addresses}
      </section>
    </div>
  );
}
