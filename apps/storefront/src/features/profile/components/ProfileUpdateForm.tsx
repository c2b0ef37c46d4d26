import { UpdateProfileRequest } from '@kapaas/contract';
import { FormOutcome, useZodForm } from '@kapaas/web-kit';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { ApiError, errorMessage } from '#storefront/lib/api.ts';
import { reloadPage } from '#storefront/lib/reloadPage.ts';
import { rememberUser, useIdentity } from '#storefront/lib/session.ts';
import { useDelayedNavigate } from '#storefront/lib/useDelayedNavigate.ts';
import { useProfile } from '../api/useProfile';
import { type ProfileChanges, useUpdateProfile } from '../api/useUpdateProfile';
import { PROFILE_TEXTS, PROFILE_UPDATED_REDIRECT_MS, PROFILE_UPDATED_RELOAD_MS } from '../profileTexts';
import '../profile.css';
import { paths } from '#storefront/lib/paths.ts';

const profileSchema = UpdateProfileRequest.pick({ name: true, phone: true });

/**
 * /Profileupdate (product.md §5): name required, phone at most 10 digits, e-mail read-only. On success the stored
 * name, e-mail and phone are replaced, the shopper goes to /myprofile after 2 s and the page reloads at 3 s.
 */
export function ProfileUpdateForm() {
  const identity = useIdentity();
  const profile = useProfile();

  if (identity.kind !== 'user') return null;
  if (profile.isPending) return <LoadingState label="Loading your details" />;
  if (profile.isError) {
    return <Alert variant="danger">Failed to fetch user details: {errorMessage(profile.error)}</Alert>;
  }
  // Keyed on the user, not the saved values: the save refetches the profile, and a remount then would drop the
  // success message and cancel the pending redirect.
  return <ProfileFields userId={identity.userId} saved={profile.data} key={identity.userId} />;
}

interface ProfileFieldsProps {
  userId: number;
  saved: { name: string; email: string; phone: string };
}

function ProfileFields({ userId, saved }: ProfileFieldsProps) {
  const ids = useId();
  const update = useUpdateProfile();
  const navigateLater = useDelayedNavigate();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm(profileSchema, { defaultValues: { name: saved.name, phone: saved.phone } });

  const submit = async (changes: ProfileChanges) => {
    try {
      await update.mutateAsync(changes);
      rememberUser({ id: userId, name: changes.name, email: saved.email, phone: changes.phone });
      setDone(true);
      navigateLater(paths.profile, PROFILE_UPDATED_REDIRECT_MS);
      setTimeout(reloadPage, PROFILE_UPDATED_RELOAD_MS);
    } catch (error) {
      let fieldErrorShown = false;
      if (error instanceof ApiError) {
        for (const name of ['name', 'phone'] as const) {
          const [message] = error.errors[name] ?? [];
          if (message) {
            setError(name, { message });
            fieldErrorShown = true;
          }
        }
      }
      if (!fieldErrorShown) {
        const text =
          error instanceof ApiError && error.status !== 0
            ? `Failed to update profile: ${error.message}`
            : `Error updating profile: ${errorMessage(error)}`;
        setError('root.server', { message: text });
      }
    }
  };

  const describe = (name: 'name' | 'phone') => (errors[name] ? `${ids}-${name}-error` : undefined);

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="profile-panel profile-form">
      <fieldset disabled={isSubmitting || done}>
        <legend className="visually-hidden">Your details</legend>
        <div className="mb-3">
          <label htmlFor={`${ids}-name`} className="form-label">
            Name
          </label>
          <input
            id={`${ids}-name`}
            type="text"
            autoComplete="name"
            className={`form-control${errors.name ? ' is-invalid' : ''}`}
            aria-invalid={errors.name !== undefined}
            aria-describedby={describe('name')}
            {...register('name')}
          />
          {errors.name && (
            <div id={`${ids}-name-error`} className="invalid-feedback d-block">
              {errors.name.message}
            </div>
          )}
        </div>
        <div className="mb-3">
          <label htmlFor={`${ids}-email`} className="form-label">
            E-mail
          </label>
          <input
            id={`${ids}-email`}
            type="email"
            className="form-control"
            value={saved.email}
            readOnly
            aria-describedby={`${ids}-email-hint`}
          />
          <div id={`${ids}-email-hint`} className="form-text">
            Your e-mail address cannot be changed.
          </div>
        </div>
        <div className="mb-3">
          <label htmlFor={`${ids}-phone`} className="form-label">
            Phone
          </label>
          <input
            id={`${ids}-phone`}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            className={`form-control${errors.phone ? ' is-invalid' : ''}`}
            aria-invalid={errors.phone !== undefined}
            aria-describedby={describe('phone')}
            {...register('phone')}
          />
          {errors.phone && (
            <div id={`${ids}-phone-error`} className="invalid-feedback d-block">
              {errors.phone.message}
            </div>
          )}
        </div>
      </fieldset>
      <FormOutcome error={errors.root?.server?.message} success={done ? PROFILE_TEXTS.updated : null} />
      <div className="profile-form__actions">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting || done}>
          {isSubmitting ? 'Saving…' : 'Update Profile'}
        </button>
        <Link to={paths.profile} className="btn btn-outline-secondary">
          Cancel
        </Link>
      </div>
    </form>
  );
}
