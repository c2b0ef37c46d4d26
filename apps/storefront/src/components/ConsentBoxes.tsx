import { CONSENT_PURPOSES, type ConsentPurpose } from '@kapaas/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '#storefront/lib/paths.ts';

interface ConsentBoxesProps {
  /** The purposes this form offers, each a box the shopper may tick. */
  offered: readonly ConsentPurpose[];
  ticked: readonly ConsentPurpose[];
  onChange: (ticked: ConsentPurpose[]) => void;
}

/**
 * The optional consents of a form that takes personal data (sign-up, checkout; issue 35): the link to the privacy
 * notice, and one box per purpose, never ticked for the shopper. The form sends the ticked purposes and the notice
 * version (`useNoticeVersion`), which the server records in the consent ledger.
 */
export function ConsentBoxes({ offered, ticked, onChange }: ConsentBoxesProps) {
  const ids = useId();
  const toggle = (purpose: ConsentPurpose, on: boolean) =>
    onChange(on ? [...ticked.filter((p) => p !== purpose), purpose] : ticked.filter((p) => p !== purpose));
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">Messages you may want (optional)</legend>
      {offered.map((purpose) => (
        <div className="form-check" key={purpose}>
          <input
            id={`${ids}-${purpose}`}
            type="checkbox"
            className="form-check-input"
            checked={ticked.includes(purpose)}
            onChange={(event) => toggle(purpose, event.currentTarget.checked)}
          />
          <label htmlFor={`${ids}-${purpose}`} className="form-check-label">
            {CONSENT_PURPOSES[purpose]}
          </label>
        </div>
      ))}
      <p className="form-text mb-0">
        You can change these at any time in your profile or from any of our e-mails. How we use your details: our{' '}
        <Link to={paths.privacy}>privacy notice</Link>.
      </p>
    </fieldset>
  );
}
