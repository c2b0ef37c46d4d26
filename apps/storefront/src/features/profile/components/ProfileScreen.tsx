import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { SessionNotice } from '#storefront/components/feedback/SessionNotice.tsx';
import { PageHeading } from '#storefront/components/PageHeading.tsx';
import { forgetIdentity, useIdentity } from '#storefront/lib/session.ts';
import { useProfile } from '../api/useProfile';
import { PASSWORD_RESET_REDIRECT_MS, PROFILE_TEXTS } from '../profileTexts';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileOverview } from './ProfileOverview';
import { ProfileSidebar } from './ProfileSidebar';
import '../profile.css';
import { paths } from '#storefront/lib/paths.ts';

/** The profile's sub-views (product.md §4). */
export type ProfileView = 'OVERVIEW' | 'ADD_FORM' | 'RESET_PASSWORD';

interface ProfileScreenProps {
  /** The Logout control (account feature). */
  logout: ReactNode;
  /** The address cards (addresses feature). */
  addresses: ReactNode;
  /** The add-address form (addresses feature); `done` returns to the overview. */
  renderAddForm: (done: () => void) => ReactNode;
  /** Ends the server session after a password reset (account feature's logout). */
  endSession: () => Promise<unknown>;
  /** The consents with their switches (privacy feature), shown under the overview. */
  consents?: ReactNode;
}

/** /myprofile (product.md §2): the sidebar beside OVERVIEW, ADD_FORM or RESET_PASSWORD. */
export function ProfileScreen({ logout, addresses, renderAddForm, endSession, consents }: ProfileScreenProps) {
  const identity = useIdentity();
  const profile = useProfile();
  const navigate = useNavigate();
  const [view, setView] = useState<ProfileView>('OVERVIEW');

  if (identity.kind === 'anonymous') {
    return (
      <div className="container page">
        <PageHeading>My Profile</PageHeading>
        <SessionNotice />
      </div>
    );
  }

  const name = identity.kind === 'user' ? (profile.data?.name ?? identity.name) : PROFILE_TEXTS.nameFallback;
  const overview = () => setView('OVERVIEW');

  // Product.md §4: after 2 s everything stored is forgotten and the shopper logs in again; the session ends too.
  // The timer is not cancelled when the shopper navigates away meanwhile: the reset must finish either way.
  const afterPasswordReset = () => {
    setTimeout(async () => {
      // An unreachable server leaves only this browser's session behind; the server ended all the others.
      await endSession().catch(() => undefined);
      try {
        window.localStorage.clear();
      } catch {
        // Storage refused: nothing was stored.
      }
      forgetIdentity();
      navigate(paths.login);
    }, PASSWORD_RESET_REDIRECT_MS);
  };

  return (
    <div className="container page">
      <PageHeading>My Profile</PageHeading>
      <div className="profile-layout">
        <ProfileSidebar name={name} logout={logout} />
        <div className="profile-main">
          {view === 'OVERVIEW' && (
            <ProfileOverview
              addresses={addresses}
              onAddAddress={() => setView('ADD_FORM')}
              onResetPassword={() => setView('RESET_PASSWORD')}
            />
          )}
          {view === 'OVERVIEW' && consents}
          {view === 'ADD_FORM' && (
            <section className="profile-panel" aria-labelledby="profile-add-title">
              <h2 id="profile-add-title" className="profile-panel__title">
                Add Address
              </h2>
              {renderAddForm(overview)}
            </section>
          )}
          {view === 'RESET_PASSWORD' && identity.kind === 'user' && (
            <ChangePasswordForm onChanged={afterPasswordReset} onCancel={overview} />
          )}
        </div>
      </div>
    </div>
  );
}
