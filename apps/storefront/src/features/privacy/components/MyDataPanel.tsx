import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useNavigate } from 'react-router';
import { PasswordInput } from '#storefront/components/PasswordInput.tsx';
import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { ApiError, apiPost, errorMessage } from '#storefront/lib/api.ts';
import { paths } from '#storefront/lib/paths.ts';
import { forgetIdentity, useIdentity } from '#storefront/lib/session.ts';

/**
 * The profile's "Your data" (issue 35, DPDP Act): a copy of everything the shop keeps, mailed as a link that works
 * once, for a day; and the deletion of the account, with the password. The server refuses it while an order is open
 * and names the orders; that refusal, like a wrong password, stands beside the password field.
 */
export function MyDataPanel() {
  const identity = useIdentity();
  const ids = useId();
  const navigate = useNavigate();
  const popup = usePopup();
  const [deleting, setDeleting] = useState(false);
  const [password, setPassword] = useState('');
  const exportData = useMutation({ mutationFn: () => apiPost('my_data_export', {}) });
  const remove = useMutation({
    mutationFn: () => apiPost('delete_my_account', { password }),
    onSuccess: (answer) => {
      forgetIdentity();
      popup.success(answer.message);
      navigate(paths.login);
    },
  });
  if (identity.kind !== 'user') return null;
  const refusal = remove.error instanceof ApiError ? remove.error.errors.password?.[0] : undefined;
  const failure = remove.isError && !refusal ? errorMessage(remove.error) : undefined;

  return (
    <section className="profile-panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="profile-panel__title">
        Your data
      </h2>
      <p>Get a copy of everything we keep about you, or delete your account.</p>
      <p>
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={exportData.isPending}
          onClick={() => exportData.mutate()}
        >
          {exportData.isPending ? 'Preparing…' : 'Download my data'}
        </button>
      </p>
      {exportData.isSuccess && <Alert variant="success">{exportData.data.message}</Alert>}
      {exportData.isError && <Alert variant="danger">{errorMessage(exportData.error)}</Alert>}
      {!deleting ? (
        <button type="button" className="btn btn-outline-danger" onClick={() => setDeleting(true)}>
          Delete my account
        </button>
      ) : (
        <form
          noValidate
          aria-label="Delete my account"
          className="profile-form"
          onSubmit={(event) => {
            event.preventDefault();
            remove.mutate();
          }}
        >
          <p>
            This deletes your account, addresses, wishlist, cart and photos, and removes your name from your reviews. It
            cannot be undone. Your invoices stay with us for the 72 months GST law asks, without your name.
          </p>
          <label htmlFor={`${ids}-password`} className="form-label">
            Your password
          </label>
          <PasswordInput
            id={`${ids}-password`}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? `${ids}-refusal` : undefined}
            className={`form-control${refusal ? ' is-invalid' : ''}`}
          />
          {refusal && (
            <div id={`${ids}-refusal`} className="invalid-feedback d-block">
              {refusal}
            </div>
          )}
          {failure && <Alert variant="danger">{failure}</Alert>}
          <div className="d-flex gap-2 mt-3">
            <button type="submit" className="btn btn-danger" disabled={remove.isPending || password === ''}>
              {remove.isPending ? 'Deleting…' : 'Delete my account for good'}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setDeleting(false)}>
              Keep my account
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
